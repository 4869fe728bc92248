#!/usr/bin/env python3
"""The benchmark workload (see workload.py) with Pango and Cairo from Python (PyGObject,
pycairo): Pango lays out and breaks lines (ICU-like rules, Thai dictionary breaks,
fallback fonts through fontconfig, bidi), Cairo strokes the glyph outlines with bevel
joins and fills each line with its own gradient, numpy blurs the shadow (three box
blurs per axis, over the shadow's bounding box only), and Pillow writes the PNG at zlib
level 1 as labelgen does (cairo_surface_write_to_png would use level 6, several times
slower). Sizes are tried in labelgen's order (workload.largest_fitting).

What it does differently: the stroke is a centred 8 px stroke under the fill (the fill
hides its inner half), the usual way with Cairo, rather than an outside-only ring; fitting
measures the layout anew at every size tried (Pango re-shapes at every size).

usage: pango_labels.py --out DIR [--jobs N] TABLE.json...
"""
import os
import tempfile

import workload as W

# Bundled fonts first, then the host's, as labelgen resolves them.
_conf = os.path.join(tempfile.gettempdir(), "labelgen-bench-fonts.conf")
with open(_conf, "w") as f:
    f.write('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
            f'<dir>{W.FONTS}</dir><include ignore_missing="yes">/etc/fonts/fonts.conf</include></fontconfig>')
os.environ["FONTCONFIG_FILE"] = _conf

import cairo  # noqa: E402
import gi  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

SCALE = Pango.SCALE


class Worker:
    def __init__(self):
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, *W.CANVAS)
        self.cr = cairo.Context(self.surface)
        self.mask = cairo.ImageSurface(cairo.FORMAT_A8, *W.CANVAS)
        self.mcr = cairo.Context(self.mask)
        self.layout = PangoCairo.create_layout(self.cr)
        self.layout.set_alignment(Pango.Alignment.CENTER)
        self.desc = Pango.FontDescription()
        self.desc.set_weight(Pango.Weight.BOLD)

    def configure(self, size, truncate):
        self.desc.set_absolute_size(size * SCALE)
        self.layout.set_font_description(self.desc)
        self.layout.set_width(W.BOX[2] * SCALE)
        if truncate:
            self.layout.set_wrap(Pango.WrapMode.WORD_CHAR)
            self.layout.set_ellipsize(Pango.EllipsizeMode.END)
            self.layout.set_height(-W.MAX_LINES)
        else:
            self.layout.set_wrap(Pango.WrapMode.WORD)
            self.layout.set_ellipsize(Pango.EllipsizeMode.NONE)
            self.layout.set_height(-1)

    def fits(self, size):
        self.configure(size, False)
        _, logical = self.layout.get_pixel_extents()
        return (self.layout.get_line_count() <= W.MAX_LINES and logical.width <= W.BOX[2]
                and logical.height <= W.BOX[3])

    def lines_path(self, cr, x0, y0):
        """Appends every line's glyph outlines; returns each line's ink top and bottom."""
        bands = []
        it = self.layout.get_iter()
        while True:
            ink, logical = it.get_line_extents()
            baseline = it.get_baseline() / SCALE
            cr.move_to(x0 + logical.x / SCALE, y0 + baseline)
            PangoCairo.layout_line_path(cr, it.get_line_readonly())
            bands.append((y0 + ink.y / SCALE, y0 + (ink.y + ink.height) / SCALE))
            if not it.next_line():
                break
        return bands

    def render(self, locale, text, path):
        context = self.layout.get_context()
        context.set_language(Pango.Language.from_string(locale))
        self.desc.set_family(W.font_family(locale))
        self.layout.set_text(text, -1)
        size = W.largest_fitting(self.fits)
        self.configure(size if size is not None else W.MIN_SIZE, size is None)
        _, logical = self.layout.get_pixel_extents()
        x0 = W.BOX[0]
        y0 = W.BOX[1] + (W.BOX[3] - logical.height) / 2 - logical.y

        cr, mcr = self.cr, self.mcr
        for c in (cr, mcr):
            c.set_operator(cairo.OPERATOR_CLEAR)
            c.paint()
            c.set_operator(cairo.OPERATOR_OVER)
        # The stroked silhouette, for the shadow.
        mcr.new_path()
        self.lines_path(mcr, x0, y0)
        mcr.set_line_width(2 * W.STROKE_WIDTH)
        mcr.set_line_join(cairo.LINE_JOIN_BEVEL)
        mcr.stroke_preserve()
        mcr.fill()
        self.mask.flush()
        self.shadow()
        # Stroke, then each line's gradient fill over its inner half.
        cr.new_path()
        bands = self.lines_path(cr, x0, y0)
        cr.set_source_rgb(*(c / 255 for c in W.STROKE_COLOR))
        cr.set_line_width(2 * W.STROKE_WIDTH)
        cr.set_line_join(cairo.LINE_JOIN_BEVEL)
        cr.stroke()
        it = self.layout.get_iter()
        for top, bottom in bands:
            ink, logical = it.get_line_extents()
            cr.new_path()
            cr.move_to(x0 + logical.x / SCALE, y0 + it.get_baseline() / SCALE)
            PangoCairo.layout_line_path(cr, it.get_line_readonly())
            gradient = cairo.LinearGradient(0, top, 0, bottom)
            gradient.add_color_stop_rgb(0, *(c / 255 for c in W.TOP_COLOR))
            gradient.add_color_stop_rgb(1, *(c / 255 for c in W.BOTTOM_COLOR))
            cr.set_source(gradient)
            cr.fill()
            it.next_line()
        self.surface.flush()
        # Cairo's premultiplied ARGB (BGRA in memory here), unpremultiplied by Pillow.
        image = Image.frombuffer("RGBa", W.CANVAS, self.surface.get_data(), "raw", "BGRa",
                                 self.surface.get_stride(), 1)
        image.convert("RGBA").save(path, compress_level=1)

    def shadow(self):
        stride = self.mask.get_stride()
        width, height = W.CANVAS
        pixels = np.ndarray((height, stride), np.uint8, self.mask.get_data())[:, :width]
        rows = np.flatnonzero(pixels.any(axis=1))
        cols = np.flatnonzero(pixels.any(axis=0))
        if rows.size == 0:
            return
        reach = int(3 * W.SHADOW_SIGMA) + 1
        y0, y1 = max(0, rows[0] - reach), min(height, rows[-1] + 1 + reach)
        x0, x1 = max(0, cols[0] - reach), min(width, cols[-1] + 1 + reach)
        a = pixels[y0:y1, x0:x1].astype(np.float32)
        for size in W.box_sizes(W.SHADOW_SIGMA):
            a = box_blur(box_blur(a, size, 1), size, 0)
        blurred = cairo.ImageSurface(cairo.FORMAT_A8, x1 - x0, y1 - y0)
        out = np.ndarray((y1 - y0, blurred.get_stride()), np.uint8, blurred.get_data())
        out[:, :x1 - x0] = np.clip(np.rint(a), 0, 255).astype(np.uint8)
        blurred.mark_dirty()
        self.cr.set_source_rgba(0, 0, 0, W.SHADOW_ALPHA)
        self.cr.mask_surface(blurred, x0 + W.SHADOW_OFFSET[0], y0 + W.SHADOW_OFFSET[1])


def box_blur(a, size, axis):
    """A box blur of odd `size` along `axis` by a running sum; zero outside."""
    r = size // 2
    pad = [(0, 0), (0, 0)]
    pad[axis] = (r + 1, r)
    c = np.cumsum(np.pad(a, pad), axis=axis, dtype=np.float32)
    n = a.shape[axis]
    hi = np.take(c, range(size, size + n), axis=axis)
    lo = np.take(c, range(0, n), axis=axis)
    return (hi - lo) / size


_worker = None


def init():
    global _worker
    _worker = Worker()


def render_chunk(chunk):
    out, labels = chunk
    if _worker is None:
        init()
    for locale, key, text in labels:
        _worker.render(locale, text, os.path.join(out, locale, W.safe_name(key)))
    return len(labels)


if __name__ == "__main__":
    W.run(render_chunk, initializer=init)
