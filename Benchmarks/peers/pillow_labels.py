#!/usr/bin/env python3
"""The benchmark workload (see workload.py) with Pillow: ImageDraw text with Pillow's
stroke, ImageFilter.GaussianBlur for the shadow, gradient layers through per-line masks,
and a binary-search fitting loop. Text is shaped by libraqm when Pillow has it (bidi,
Arabic joining, Indic reordering).

What Pillow cannot do as asked: its stroke has round joins (FreeType's stroker is set up
with round joins; no bevel); it has no line breaker, so lines break at spaces, and
Japanese, Chinese and Thai between any two characters; no font fallback, so characters
the locale's face lacks show as boxes.

usage: pillow_labels.py --out DIR [--jobs N] TABLE.json...
"""
import os
import unicodedata

from PIL import Image, ImageDraw, ImageFilter, ImageFont

import workload as W

_fonts = {}


def font(locale, size):
    key = (locale, size)
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(W.font_file(locale), size, layout_engine=ImageFont.Layout.RAQM
                                         if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC)
    return _fonts[key]


def clusters(text):
    out = []
    for ch in text:
        if out and (unicodedata.category(ch).startswith("M") or ch == "\u200d"):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def wrap(text, f, width, break_words):
    """Greedy lines of at most `width` px; None when a word is too long and words may
    not break."""
    unspaced = _locale in W.UNSPACED
    tokens = clusters(text) if unspaced else text.split(" ")
    sep = "" if unspaced else " "
    lines, line = [], ""
    for token in tokens:
        candidate = line + sep + token if line else token
        if f.getlength(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        if f.getlength(token) <= width:
            line = token
            continue
        if not break_words:
            return None
        for c in clusters(token):
            if line and f.getlength(line + c) > width:
                lines.append(line)
                line = c
            else:
                line += c
    if line:
        lines.append(line)
    return lines


def line_height(f):
    ascent, descent = f.getmetrics()
    return ascent + descent


def fits(text, size, break_words=False):
    f = font(_locale, size)
    lines = wrap(text, f, W.BOX[2], break_words)
    if lines is None or len(lines) > W.MAX_LINES or len(lines) * line_height(f) > W.BOX[3]:
        return None
    return lines


def fit(text):
    size = W.largest_fitting(lambda s: fits(text, s) is not None)
    if size is not None:
        return size, fits(text, size)
    size = W.MIN_SIZE
    units = clusters(text)
    lo, hi, best = 0, len(units), [W.ELLIPSIS]
    while lo <= hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi) // 2
        lines = fits("".join(units[:mid]).rstrip() + W.ELLIPSIS, size, break_words=True)
        if lines is not None:
            best, lo = lines, mid + 1
        else:
            hi = mid - 1
    return size, best


def gradient(width, height):
    column = bytearray()
    for y in range(height):
        t = y / max(1, height - 1)
        column += bytes(round(a + (b - a) * t) for a, b in zip(W.TOP_COLOR, W.BOTTOM_COLOR)) + b"\xff"
    return Image.frombytes("RGBA", (1, height), bytes(column)).resize((width, height), Image.NEAREST)


def render(locale, text, path):
    global _locale
    _locale = locale
    size, lines = fit(text)
    f = font(locale, size)
    ascent, _ = f.getmetrics()
    lh = line_height(f)
    bx, by, bw, bh = W.BOX
    top = by + (bh - len(lines) * lh) / 2
    placed = []
    for i, line in enumerate(lines):
        x = bx + (bw - f.getlength(line)) / 2
        placed.append((x, top + i * lh + ascent, line))

    # The stroked silhouette, once, for both the stroke and the shadow.
    stroked = Image.new("L", W.CANVAS, 0)
    draw = ImageDraw.Draw(stroked)
    for x, baseline, line in placed:
        draw.text((x, baseline), line, font=f, fill=255, anchor="ls", stroke_width=W.STROKE_WIDTH, stroke_fill=255)
    bbox = stroked.getbbox()
    canvas = Image.new("RGBA", W.CANVAS, (0, 0, 0, 0))
    if bbox is None:
        canvas.save(path, compress_level=1)
        return
    # Shadow: blur only the silhouette's box grown by 3 sigma.
    reach = int(3 * W.SHADOW_SIGMA) + 1
    region = (max(0, bbox[0] - reach), max(0, bbox[1] - reach),
              min(W.CANVAS[0], bbox[2] + reach), min(W.CANVAS[1], bbox[3] + reach))
    blurred = stroked.crop(region).filter(ImageFilter.GaussianBlur(W.SHADOW_SIGMA))
    shadow = Image.new("RGBA", blurred.size, (0, 0, 0, 255))
    shadow.putalpha(blurred.point(lambda v: round(v * W.SHADOW_ALPHA)))
    canvas.alpha_composite(shadow, dest=(region[0] + W.SHADOW_OFFSET[0], region[1] + W.SHADOW_OFFSET[1]))
    # Stroke: the silhouette in the stroke colour; the fill covers its inner half.
    ring = Image.new("RGBA", (bbox[2] - bbox[0], bbox[3] - bbox[1]), W.STROKE_COLOR + (255,))
    ring.putalpha(stroked.crop(bbox))
    canvas.alpha_composite(ring, dest=(bbox[0], bbox[1]))
    # Fill: each line's own gradient over its own ink, through its own mask.
    for x, baseline, line in placed:
        l, t, r, b = f.getbbox(line, anchor="ls")
        x0, y0 = int(x + l) - 1, int(baseline + t) - 1
        w, h = int(r - l) + 3, int(b - t) + 3
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).text((x - x0, baseline - y0), line, font=f, fill=255, anchor="ls")
        layer = gradient(w, h)
        layer.putalpha(mask)
        canvas.alpha_composite(layer, dest=(x0, y0))
    canvas.save(path, compress_level=1)


def render_chunk(chunk):
    out, labels = chunk
    for locale, key, text in labels:
        render(locale, text, os.path.join(out, locale, W.safe_name(key)))
    return len(labels)


_locale = "en"

if __name__ == "__main__":
    W.run(render_chunk)
