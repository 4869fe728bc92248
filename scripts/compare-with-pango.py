#!/usr/bin/python3
"""Compares labelgen's layout engine with Pango's on a corpus of multilingual text.

For every case (locale, box width, text) it lays the text out with `labelgen layout` and
with Pango, both on the bundled fonts only, at the same size and width, and compares
line by line:

  breaks  where lines break (each line's logical text, trailing white space ignored)
  dir     each line's paragraph direction (what natural alignment follows)
  order   the visual order of the line's characters (left to right)
  glyphs  the glyph ids of the line in visual order; 'font' in the table means they
          differ only where the two engines chose different fonts
  width   the line's advance width (trailing white space excluded), within 0.5 px
  fonts   the font family used for every character
  pos     every glyph's position (offsets included) on lines whose glyphs agree

Pango is the reference because it is the mature engine closest to ours: HarfBuzz shapes
both and FriBidi orders both, but Pango breaks lines with its own UAX #14 rules (and
libthai for Thai) where we use ICU, and picks fallback fonts its own way. A
disagreement is a question, not automatically our bug: the report shows both results
so they can be judged.

When the line breaks differ, the other checks would compare unrelated lines, so Pango
lays the text out a second time with a LINE SEPARATOR (U+2028) at each of our line ends
and no width limit. U+2028 ends a line without ending the bidi paragraph, so that layout
has our lines with Pango's shaping, fonts and reordering. Such results are marked '*'.

Pango is set up to measure as we do: a fontconfig file listing only the bundled font
folder, no hinting and no metric hinting, unrounded glyph positions, the locale as the
language, WORD_CHAR wrapping, left alignment. Direction follows our README: a
right-to-left locale's text is a right-to-left paragraph, other text goes by its first
strong character.

Needs (Debian 12 package names):
  libpangocairo-1.0-0   Pango >= 1.44 and its cairo font map (pulls in libpango-1.0-0,
                        libcairo2, libfontconfig1, libharfbuzz0b). Pango is driven
                        through ctypes, so no Python bindings are needed.
  a labelgen build that has the `layout` subcommand (swift build --product labelgen)

    sudo apt-get install -y libpangocairo-1.0-0

Run it from anywhere with Python >= 3.8 (Debian's /usr/bin/python3 will do):

    /usr/bin/python3 scripts/compare-with-pango.py                  # the whole corpus
    /usr/bin/python3 scripts/compare-with-pango.py --only '^th'     # cases whose id matches
    /usr/bin/python3 scripts/compare-with-pango.py --details all    # every case in full
    /usr/bin/python3 scripts/compare-with-pango.py --ignore fallback  # fonts are policy
    /usr/bin/python3 scripts/compare-with-pango.py --labelgen .build/release/labelgen \\
        --corpus my-corpus.txt --size 32 --weight 700 --json report.json

Without --labelgen it takes $LABELGEN, or else the newer of .build/debug/labelgen and
.build/release/labelgen in the repository.

The corpus (default: scripts/pango-corpus.txt) has one text per line,
locale<TAB>widths<TAB>text, where widths is one box width in px or a comma list (one
case per width). Lines starting with `#` are comments. The text may use \\u with four
hex digits, \\U with eight, \\n, \\r and \\t escapes. A case is named locale-LINE@width, LINE being
its line in the corpus. Each case gets a generated style: the locale's bundled family,
no stroke or shadow (so the text is as wide as the box), left aligned, word wrap, no
line limit, no shrinking.

Exit status: 0 when every case agrees within the tolerances (leaving out the checks
named by --ignore), 1 when any case disagrees, 2 when the comparison cannot run (no
Pango, no labelgen, a bad corpus).

This is a developer tool. It is not part of `make test`: Pango is not a dependency of
the product.
"""

import argparse
import bisect
import ctypes
import ctypes.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WIDTH_TOLERANCE = 0.5  # px

# The bundled CJK face is one for every region (its family name is the JP one); the
# regional forms come from the language.
FAMILY_BY_LANGUAGE = {
    "ja": "Noto Sans CJK JP",
    "zh": "Noto Sans CJK JP",
    "ko": "Noto Sans CJK JP",
}
DEFAULT_FAMILY = "Noto Sans"

# The README's contract for `direction: auto`: a right-to-left locale's strings are
# right-to-left paragraphs even when they start with a Latin name. Pango would take the
# direction from the first strong character, so it is told the base direction instead.
RTL_LANGUAGES = {"ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"}

# What our line breaker trims from a line's end (LineBreaker.isTrailingSpace), plus
# U+2028, which only exists in the forced-break pass.
TRAILING_SPACE = set([0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x1680, 0x2028, 0x2029, 0x205F, 0x3000]
                     + list(range(0x2000, 0x2007)) + list(range(0x2008, 0x200B)))
LINE_SEPARATOR = "\u2028"
HARD_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"


class SetupError(Exception):
    """The comparison cannot run (exit status 2)."""


def language_of(locale):
    return re.split(r"[-_]", locale)[0].lower()


def family_for(locale):
    return FAMILY_BY_LANGUAGE.get(language_of(locale), DEFAULT_FAMILY)


# --------------------------------------------------------------------------------------
# Corpus

class Case:
    def __init__(self, number, locale, width, text, line_number):
        self.number = number
        self.locale = locale
        self.width = width
        self.text = text
        self.line_number = line_number

    @property
    def id(self):
        return f"{self.locale}-{self.line_number}@{self.width:g}"


def unescape(text):
    def replace(match):
        token = match.group(0)
        if token in ("\\n", "\\r", "\\t"):
            return {"\\n": "\n", "\\r": "\r", "\\t": "\t"}[token]
        if token == "\\\\":
            return "\\"
        return chr(int(token[2:], 16))
    return re.sub(r"\\U[0-9A-Fa-f]{8}|\\u[0-9A-Fa-f]{4}|\\[nrt]|\\\\", replace, text)


def read_corpus(path):
    cases = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parts = raw.split("\t", 2)
        if len(parts) != 3:
            raise SetupError(f"{path}:{number}: expected locale<TAB>widths<TAB>text")
        locale, widths, text = parts
        try:
            width_list = [float(w) for w in widths.split(",")]
        except ValueError:
            raise SetupError(f"{path}:{number}: widths must be numbers, got {widths!r}")
        for width in width_list:
            cases.append(Case(len(cases) + 1, locale.strip(), width, unescape(text), number))
    return cases


# --------------------------------------------------------------------------------------
# Our engine: `labelgen layout`

def find_labelgen(explicit):
    if explicit:
        return Path(explicit)
    if os.environ.get("LABELGEN"):
        return Path(os.environ["LABELGEN"])
    # SwiftPM's default scratch path only: other scratch folders may hold builds of
    # other trees or of half-finished work.
    found = [p for p in (REPO / ".build" / "debug" / "labelgen", REPO / ".build" / "release" / "labelgen")
             if p.is_file() and os.access(p, os.X_OK)]
    if not found:
        raise SetupError("no .build/{debug,release}/labelgen; run `swift build --product labelgen` or pass --labelgen")
    return max(found, key=lambda p: p.stat().st_mtime)


def write_style(folder, case, size, weight):
    style = {
        "font": {"family": family_for(case.locale), "weight": weight, "size": size},
        "box": {"width": case.width},
        "align": "left",
        "wrap": "word",
        "maxLines": 0,
        "direction": "auto",
    }
    path = Path(folder) / f"style-{case.number}.json"
    path.write_text(json.dumps(style), encoding="utf-8")
    return path


def labelgen_layout(binary, case, style_path, fonts):
    result = subprocess.run(
        [str(binary), "layout", case.text, "--style", str(style_path), "--locale", case.locale,
         "--fonts", str(fonts)],
        capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"labelgen layout failed ({result.returncode}): {result.stderr.strip()}")
    return json.loads(result.stdout)


def ours_lines(report, text):
    """Our lines as (start, visible end) scalar ranges plus glyphs in visual order."""
    lines = []
    position = 0
    for line in report["lines"]:
        found = text.find(line["text"], position) if line["text"] else position
        if found < 0:
            raise RuntimeError(f"line text {line['text']!r} not found in the input")
        start, end = found, found + len(line["text"])
        position = end
        glyphs = []
        for run in line["runs"]:
            for gid, x, y, cluster in run["glyphs"]:
                glyphs.append(Glyph(int(gid), int(cluster), run["font"], run["bidiLevel"],
                                    x=x - line["x"], y=y - line["baseline"]))
        lines.append(LineResult(start, end, glyphs, width=line["width"], rtl=line["rightToLeft"]))
    return lines


# --------------------------------------------------------------------------------------
# Pango, through ctypes (PyGObject cannot read PangoGlyphString's glyph array)

class GSList(ctypes.Structure):
    pass


GSList._fields_ = [("data", ctypes.c_void_p), ("next", ctypes.POINTER(GSList))]


class PangoAnalysis(ctypes.Structure):
    _fields_ = [("shape_engine", ctypes.c_void_p), ("lang_engine", ctypes.c_void_p),
                ("font", ctypes.c_void_p), ("level", ctypes.c_uint8), ("gravity", ctypes.c_uint8),
                ("flags", ctypes.c_uint8), ("script", ctypes.c_uint8),
                ("language", ctypes.c_void_p), ("extra_attrs", ctypes.c_void_p)]


class PangoItem(ctypes.Structure):
    _fields_ = [("offset", ctypes.c_int), ("length", ctypes.c_int), ("num_chars", ctypes.c_int),
                ("analysis", PangoAnalysis)]


class PangoGlyphInfo(ctypes.Structure):
    _fields_ = [("glyph", ctypes.c_uint32), ("width", ctypes.c_int32), ("x_offset", ctypes.c_int32),
                ("y_offset", ctypes.c_int32), ("attr", ctypes.c_uint32)]


class PangoGlyphString(ctypes.Structure):
    _fields_ = [("num_glyphs", ctypes.c_int), ("glyphs", ctypes.POINTER(PangoGlyphInfo)),
                ("log_clusters", ctypes.POINTER(ctypes.c_int)), ("space", ctypes.c_int)]


class PangoGlyphItem(ctypes.Structure):
    _fields_ = [("item", ctypes.POINTER(PangoItem)), ("glyphs", ctypes.POINTER(PangoGlyphString)),
                ("y_offset", ctypes.c_int), ("start_x_offset", ctypes.c_int), ("end_x_offset", ctypes.c_int)]


class PangoLayoutLine(ctypes.Structure):
    _fields_ = [("layout", ctypes.c_void_p), ("start_index", ctypes.c_int), ("length", ctypes.c_int),
                ("runs", ctypes.POINTER(GSList)), ("flags", ctypes.c_uint)]


PANGO_SCALE = 1024

# fontconfig's stock 10-scale-bitmap-fonts.conf, reduced to what colour bitmap fonts
# (CBDT emoji, scalable but without outlines) need. Without it Pango sizes such a font at
# its strike's pixel size (109 px for Noto Color Emoji) whatever size was asked for.
BITMAP_SCALING = """<match target="font">
  <test name="outline" compare="eq"><bool>false</bool></test>
  <edit name="pixelsizefixupfactor" mode="assign">
    <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
  </edit>
</match>
<match target="font">
  <test name="outline" compare="eq"><bool>false</bool></test>
  <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
  <edit name="matrix" mode="assign">
    <times><name>matrix</name>
      <matrix><name>pixelsizefixupfactor</name><double>0</double>
              <double>0</double><name>pixelsizefixupfactor</name></matrix>
    </times>
  </edit>
  <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
</match>
"""
PANGO_GLYPH_EMPTY = 0x0FFFFFFF
PANGO_GLYPH_UNKNOWN_FLAG = 0x10000000
PANGO_DIRECTION_LTR, PANGO_DIRECTION_RTL = 0, 1
PANGO_WRAP_WORD_CHAR = 2
PANGO_ALIGN_LEFT = 0
CAIRO_HINT_STYLE_NONE = 1
CAIRO_HINT_METRICS_OFF = 1


def load_library(names):
    for name in names:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    raise OSError(names[0])


class Pango:
    """A Pango font map that sees only the bundled fonts, with unhinted, unrounded metrics."""

    def __init__(self, fonts, workdir):
        # fontconfig reads FONTCONFIG_FILE once, when the font map first initializes it;
        # a config listing only Fonts/ keeps host fonts out, as `labelgen --fonts` does
        # for every character the bundled fonts cover.
        cache = Path(workdir) / "fontconfig-cache"
        cache.mkdir(exist_ok=True)
        config = Path(workdir) / "fonts.conf"
        config.write_text(
            '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
            f"<fontconfig>\n<dir>{fonts}</dir>\n<cachedir>{cache}</cachedir>\n{BITMAP_SCALING}</fontconfig>\n",
            encoding="utf-8")
        os.environ["FONTCONFIG_FILE"] = str(config)
        os.environ.pop("FONTCONFIG_PATH", None)
        os.environ["PANGOCAIRO_BACKEND"] = "fc"

        self.pango = load_library(["libpango-1.0.so.0", ctypes.util.find_library("pango-1.0") or "libpango-1.0.so"])
        self.pangocairo = load_library(["libpangocairo-1.0.so.0",
                                        ctypes.util.find_library("pangocairo-1.0") or "libpangocairo-1.0.so"])
        self.cairo = load_library(["libcairo.so.2", ctypes.util.find_library("cairo") or "libcairo.so"])
        self.gobject = load_library(["libgobject-2.0.so.0", ctypes.util.find_library("gobject-2.0") or "libgobject-2.0.so"])
        self.harfbuzz = load_library(["libharfbuzz.so.0", ctypes.util.find_library("harfbuzz") or "libharfbuzz.so"])
        self._declare()
        self.version = self.pango.pango_version_string().decode()
        if self.pango.pango_version() < 14400:
            raise OSError(f"Pango {self.version} is older than 1.44 (no unrounded glyph positions)")

        self.fontmap = self.pangocairo.pango_cairo_font_map_new()
        self.options = self.cairo.cairo_font_options_create()
        self.cairo.cairo_font_options_set_hint_style(self.options, CAIRO_HINT_STYLE_NONE)
        self.cairo.cairo_font_options_set_hint_metrics(self.options, CAIRO_HINT_METRICS_OFF)
        self._space_glyphs = {}

    def _declare(self):
        vp, ci, cu, cd, cs = ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_double, ctypes.c_char_p
        p, pc, c, g, hb = self.pango, self.pangocairo, self.cairo, self.gobject, self.harfbuzz
        signatures = [
            (p.pango_version_string, cs, []), (p.pango_version, ci, []),
            (pc.pango_cairo_font_map_new, vp, []),
            (p.pango_font_map_create_context, vp, [vp]),
            (pc.pango_cairo_context_set_font_options, None, [vp, vp]),
            (c.cairo_font_options_create, vp, []),
            (c.cairo_font_options_set_hint_style, None, [vp, ci]),
            (c.cairo_font_options_set_hint_metrics, None, [vp, ci]),
            (p.pango_context_set_round_glyph_positions, None, [vp, ci]),
            (p.pango_language_from_string, vp, [cs]),
            (p.pango_context_set_language, None, [vp, vp]),
            (p.pango_context_set_base_dir, None, [vp, ci]),
            (p.pango_layout_new, vp, [vp]),
            (p.pango_layout_set_auto_dir, None, [vp, ci]),
            (p.pango_layout_set_width, None, [vp, ci]),
            (p.pango_layout_set_wrap, None, [vp, ci]),
            (p.pango_layout_set_alignment, None, [vp, ci]),
            (p.pango_layout_set_text, None, [vp, cs, ci]),
            (p.pango_layout_set_font_description, None, [vp, vp]),
            (p.pango_layout_set_attributes, None, [vp, vp]),
            (p.pango_layout_get_lines_readonly, ctypes.POINTER(GSList), [vp]),
            (p.pango_font_description_new, vp, []),
            (p.pango_font_description_set_family, None, [vp, cs]),
            (p.pango_font_description_set_weight, None, [vp, ci]),
            (p.pango_font_description_set_absolute_size, None, [vp, cd]),
            (p.pango_font_description_free, None, [vp]),
            (p.pango_font_describe, vp, [vp]),
            (p.pango_font_description_get_family, cs, [vp]),
            (p.pango_font_get_hb_font, vp, [vp]),
            (p.pango_attr_list_new, vp, []),
            (p.pango_attr_list_insert, None, [vp, vp]),
            (p.pango_attr_list_unref, None, [vp]),
            (p.pango_attr_insert_hyphens_new, vp, [ci]),
            (p.pango_attr_language_new, vp, [vp]),
            (g.g_object_unref, None, [vp]),
            (hb.hb_font_get_nominal_glyph, ci, [vp, cu, ctypes.POINTER(ctypes.c_uint32)]),
        ]
        for function, restype, argtypes in signatures:
            function.restype = restype
            function.argtypes = argtypes

    def family(self, font):
        description = self.pango.pango_font_describe(font)
        try:
            return (self.pango.pango_font_description_get_family(description) or b"").decode()
        finally:
            self.pango.pango_font_description_free(description)

    def space_glyph(self, font):
        """The glyph HarfBuzz itself puts where an invisible character was (its default
        invisible glyph is the space), for comparing with Pango's PANGO_GLYPH_EMPTY."""
        if font not in self._space_glyphs:
            glyph = ctypes.c_uint32(0)
            hb_font = self.pango.pango_font_get_hb_font(font)
            found = hb_font and self.harfbuzz.hb_font_get_nominal_glyph(hb_font, 0x20, ctypes.byref(glyph))
            self._space_glyphs[font] = glyph.value if found else PANGO_GLYPH_EMPTY
        return self._space_glyphs[font]

    def layout(self, text, locale, family, weight, size, width, hyphens=False):
        """Lines of `text` as Pango lays them out: (start, visible end) in scalars, glyphs."""
        language = self.pango.pango_language_from_string(locale.encode())
        context = self.pango.pango_font_map_create_context(self.fontmap)
        layout = attrs = description = None
        try:
            self.pangocairo.pango_cairo_context_set_font_options(context, self.options)
            self.pango.pango_context_set_round_glyph_positions(context, 0)
            self.pango.pango_context_set_language(context, language)
            rtl = language_of(locale) in RTL_LANGUAGES
            self.pango.pango_context_set_base_dir(context, PANGO_DIRECTION_RTL if rtl else PANGO_DIRECTION_LTR)

            layout = self.pango.pango_layout_new(context)
            self.pango.pango_layout_set_auto_dir(layout, 0 if rtl else 1)
            description = self.pango.pango_font_description_new()
            self.pango.pango_font_description_set_family(description, family.encode())
            self.pango.pango_font_description_set_weight(description, weight)
            self.pango.pango_font_description_set_absolute_size(description, size * PANGO_SCALE)
            self.pango.pango_layout_set_font_description(layout, description)
            attrs = self.pango.pango_attr_list_new()
            self.pango.pango_attr_list_insert(attrs, self.pango.pango_attr_language_new(language))
            # Pango (>= 1.44) shows a hyphen at every intra-word break: at a soft hyphen,
            # as UAX #14 asks, but also where WORD_CHAR splits a word that is wider than
            # the line, which we (like CSS overflow-wrap) do not. One attribute governs
            # both, so the caller decides per text.
            self.pango.pango_attr_list_insert(attrs, self.pango.pango_attr_insert_hyphens_new(1 if hyphens else 0))
            self.pango.pango_layout_set_attributes(layout, attrs)
            self.pango.pango_layout_set_width(layout, -1 if width is None else int(round(width * PANGO_SCALE)))
            self.pango.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            self.pango.pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            encoded = text.encode("utf-8")
            self.pango.pango_layout_set_text(layout, encoded, len(encoded))
            return self._read_lines(layout, text)
        finally:
            if attrs:
                self.pango.pango_attr_list_unref(attrs)
            if description:
                self.pango.pango_font_description_free(description)
            if layout:
                self.gobject.g_object_unref(layout)
            self.gobject.g_object_unref(context)

    def _read_lines(self, layout, text):
        scalar_at = {}
        offset = 0
        for index, character in enumerate(text):
            scalar_at[offset] = index
            offset += len(character.encode("utf-8"))
        scalar_at[offset] = len(text)

        lines = []
        node = self.pango.pango_layout_get_lines_readonly(layout)
        while node:
            line = ctypes.cast(node.contents.data, ctypes.POINTER(PangoLayoutLine)).contents
            start = scalar_at[line.start_index]
            end = scalar_at[line.start_index + line.length]
            visible_end = end
            while visible_end > start and ord(text[visible_end - 1]) in TRAILING_SPACE:
                visible_end -= 1
            glyphs = []
            pen = 0.0
            run_node = line.runs
            while run_node:
                run = ctypes.cast(run_node.contents.data, ctypes.POINTER(PangoGlyphItem)).contents
                item = run.item.contents
                glyph_string = run.glyphs.contents
                font = item.analysis.font
                family = self.family(font)
                for k in range(glyph_string.num_glyphs):
                    info = glyph_string.glyphs[k]
                    cluster = scalar_at[item.offset + glyph_string.log_clusters[k]]
                    glyph_id = info.glyph
                    if glyph_id == PANGO_GLYPH_EMPTY:
                        glyph_id = self.space_glyph(font)
                    glyphs.append(Glyph(glyph_id, cluster, family, item.analysis.level,
                                        x=(pen + info.x_offset) / PANGO_SCALE, y=info.y_offset / PANGO_SCALE,
                                        advance=info.width / PANGO_SCALE, pen=pen / PANGO_SCALE))
                    pen += info.width
                run_node = run_node.contents.next
            visible = [g for g in glyphs if start <= g.cluster < visible_end]
            width = sum(g.advance for g in visible)
            # Positions count from the first visible glyph's pen, as ours count from the
            # line's x: an RTL line's trailing spaces sit left of it and take no room.
            origin = visible[0].pen if visible else 0.0
            for g in glyphs:
                g.x -= origin
            resolved_dir = (line.flags >> 1) & 0x7  # after the is_paragraph_start bit
            lines.append(LineResult(start, visible_end, visible, width=width,
                                    rtl=resolved_dir == PANGO_DIRECTION_RTL))
            node = node.contents.next
        return lines


# --------------------------------------------------------------------------------------
# Comparison

class Glyph:
    """One glyph: x from the line's origin and y from the baseline (down), in px."""
    __slots__ = ("id", "cluster", "family", "level", "x", "y", "advance", "pen")

    def __init__(self, glyph_id, cluster, family, level, x=0.0, y=0.0, advance=0.0, pen=0.0):
        self.id, self.cluster, self.family, self.level = glyph_id, cluster, family, level
        self.x, self.y, self.advance, self.pen = x, y, advance, pen


class LineResult:
    def __init__(self, start, end, glyphs, width, rtl=False):
        self.start, self.end, self.glyphs, self.width = start, end, glyphs, width
        # The direction of the paragraph the line belongs to (drives natural alignment).
        self.rtl = rtl

    def visible_glyphs(self):
        return [g for g in self.glyphs if self.start <= g.cluster < self.end]

    def cluster_starts(self):
        return {g.cluster for g in self.visible_glyphs()}

    def visual_text(self, text, boundaries=None):
        """The line's units left to right, each unit's characters in logical order (the
        rule of `visualText` in `labelgen layout`). A unit is a shaping cluster, or with
        `boundaries` the stretch from one boundary to the next: Pango shapes with
        HarfBuzz's monotone-characters cluster level, where a combining mark is a cluster
        of its own, and we with monotone-graphemes, so only boundaries both engines share
        can be compared."""
        glyphs = self.visible_glyphs()
        starts = sorted(self.cluster_starts() if boundaries is None else boundaries)
        ends = {s: (starts[i + 1] if i + 1 < len(starts) else self.end) for i, s in enumerate(starts)}
        seen, parts = set(), []
        for g in glyphs:
            unit = starts[bisect.bisect_right(starts, g.cluster) - 1] if starts[0] <= g.cluster else starts[0]
            if unit not in seen:
                seen.add(unit)
                parts.append(text[unit:max(unit + 1, ends[unit])])
        return "".join(parts)

    def glyph_ids(self):
        return [g.id for g in self.visible_glyphs()]

    def families(self):
        """Family per character, each cluster's family given to all its characters."""
        glyphs = self.visible_glyphs()
        starts = sorted({g.cluster for g in glyphs})
        family_of = {}
        for g in glyphs:
            family_of.setdefault(g.cluster, g.family)
        result = {}
        for i, s in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else self.end
            for offset in range(s, end):
                result[offset] = family_of[s]
        return result


def family_runs(text, families, start, end):
    """Families over the line in logical order, as 'family: text' runs."""
    runs = []
    for offset in range(start, end):
        family = families.get(offset)
        if family is None:
            continue
        if runs and runs[-1][0] == family and runs[-1][2] == offset:
            runs[-1][1] += text[offset]
            runs[-1][2] = offset + 1
        else:
            runs.append([family, text[offset], offset + 1])
    return [f"{family}: {chunk!r}" for family, chunk, _ in runs]


def forced_breaks_text(text, ours):
    """The text with U+2028 at each of our line ends, and a map back to original offsets."""
    # Where a line already ends in a newline, another separator would add an empty line.
    breaks = {line.start for line in ours[1:] if text[line.start - 1] not in HARD_BREAKS}
    pieces, original_of = [], []
    for offset, character in enumerate(text):
        if offset in breaks:
            pieces.append(LINE_SEPARATOR)
            original_of.append(None)
        pieces.append(character)
        original_of.append(offset)
    original_of.append(len(text))
    return "".join(pieces), original_of


def remap_lines(lines, original_of):
    def back(offset):
        while original_of[offset] is None:
            offset += 1
        return original_of[offset]
    remapped = []
    for line in lines:
        glyphs = []
        for g in line.glyphs:
            if original_of[g.cluster] is None:
                continue
            g.cluster = original_of[g.cluster]
            glyphs.append(g)
        remapped.append(LineResult(back(line.start), back(line.end), glyphs, line.width, line.rtl))
    return remapped


class CaseResult:
    METRICS = ("breaks", "dir", "order", "glyphs", "width", "fonts", "pos")

    def __init__(self, case):
        self.case = case
        self.ok = {}
        self.details = {m: [] for m in self.METRICS}
        self.forced = False
        # Whether every glyph difference sits where the engines chose different fonts
        # (then the fonts check tells the story, the shaping is the same).
        self.glyphs_font_only = True
        self.max_width_delta = 0.0
        self.max_position_delta = 0.0
        self.position_lines = 0
        self.ours_count = self.pango_count = 0
        self.error = None
        self.font_size = None

    def agrees(self, ignored=()):
        """Whether every check passed, leaving out the `ignored` ones ("fallback" leaves
        out fonts, and glyph differences that only follow from them)."""
        if self.error is not None:
            return False
        for metric, ok in self.ok.items():
            if ok or metric in ignored:
                continue
            if "fallback" in ignored and (metric == "fonts" or (metric == "glyphs" and self.glyphs_font_only)):
                continue
            return False
        return True


def compare_case(case, ours, pango_wrapped, pango_forced):
    result = CaseResult(case)
    text = case.text
    result.ours_count, result.pango_count = len(ours), len(pango_wrapped)

    ours_ranges = [(l.start, l.end) for l in ours]
    pango_ranges = [(l.start, l.end) for l in pango_wrapped]
    result.ok["breaks"] = ours_ranges == pango_ranges
    if not result.ok["breaks"]:
        result.details["breaks"].append(("ours ", [text[s:e] for s, e in ours_ranges]))
        result.details["breaks"].append(("pango", [text[s:e] for s, e in pango_ranges]))

    # A break at a soft hyphen must show a hyphen (UAX #14, SHY); list what each engine
    # draws there, since the break positions alone do not tell.
    for name, lines in (("ours", ours), ("pango", pango_wrapped)):
        for number, line in enumerate(lines, 1):
            if line.end > line.start and text[line.end - 1] == "\u00ad":
                at_hyphen = [g for g in line.glyphs if g.cluster == line.end - 1]
                shown = [f"{g.id}" + (f" ({g.advance:.2f} px wide)" if name == "pango" else "") for g in at_hyphen]
                result.details["breaks"].append(
                    (f"{name} line {number} ends at a soft hyphen; glyphs for it: {', '.join(shown) or 'none'}",))
    if result.ok["breaks"]:
        reference = pango_wrapped
    else:
        reference = pango_forced
        result.forced = True
        forced_ranges = [(l.start, l.end) for l in reference]
        if forced_ranges != ours_ranges:
            # Even held to our breaks Pango makes other lines: the engines disagree on
            # a hard break (CR LF, say). Lines that do match are still compared.
            result.details["breaks"].append(("pango at our breaks", [text[s:e] for s, e in forced_ranges]))

    direction_ok = order_ok = glyphs_ok = width_ok = fonts_ok = positions_ok = True
    for number, (mine, theirs) in enumerate(zip(ours, reference), 1):
        if (mine.start, mine.end) != (theirs.start, theirs.end):
            continue
        label = f"line {number}"
        if mine.rtl != theirs.rtl:
            direction_ok = False
            result.details["dir"].append((label, f"{text[mine.start:mine.end]!r}: ours {'RTL' if mine.rtl else 'LTR'}, "
                                                 f"pango {'RTL' if theirs.rtl else 'LTR'}"))
        shared = (mine.cluster_starts() & theirs.cluster_starts()) | {mine.start}
        mine_visual, theirs_visual = mine.visual_text(text, shared), theirs.visual_text(text, shared)
        if mine_visual != theirs_visual:
            order_ok = False
            result.details["order"].append((label, f"ours  {mine_visual!r}", f"pango {theirs_visual!r}",
                                            f"levels ours {levels(mine)}", f"levels pango {levels(theirs)}"))
        mine_ids, theirs_ids = mine.glyph_ids(), theirs.glyph_ids()
        if mine_ids != theirs_ids:
            glyphs_ok = False
            shaping, font_units = shaping_differences(mine, theirs, shared, text)
            if shaping or not font_units:
                # Differences of shaping, or the same glyphs in another order (which
                # the order check reports): either way not a matter of fonts.
                result.glyphs_font_only = False
            result.details["glyphs"].append((label, f"ours  {mine_ids}", f"pango {theirs_ids}",
                                             first_difference(mine, theirs, text), *shaping))
        else:
            # Same glyphs: where each one lands (mark attachment, kerning, cursive
            # offsets) can be compared one to one.
            result.position_lines += 1
            worst = None
            for a, b in zip(mine.visible_glyphs(), theirs.visible_glyphs()):
                d = max(abs(a.x - b.x), abs(a.y - b.y))
                if d > result.max_position_delta:
                    result.max_position_delta = d
                if d > WIDTH_TOLERANCE and worst is None:
                    worst = (a, b)
            if worst:
                positions_ok = False
                a, b = worst
                result.details["pos"].append((label, f"glyph {a.id} (cluster {a.cluster} {text[a.cluster]!r}): "
                                                     f"ours ({a.x:.3f}, {a.y:.3f})  pango ({b.x:.3f}, {b.y:.3f})"))
        delta = abs(mine.width - theirs.width)
        result.max_width_delta = max(result.max_width_delta, delta)
        if delta > WIDTH_TOLERANCE:
            width_ok = False
            result.details["width"].append((label, f"ours {mine.width:.3f}  pango {theirs.width:.3f}  "
                                                   f"delta {mine.width - theirs.width:+.3f} px"))
        mine_families, theirs_families = mine.families(), theirs.families()
        differing = sorted(o for o in set(mine_families) | set(theirs_families)
                           if mine_families.get(o) != theirs_families.get(o))
        if differing:
            fonts_ok = False
            shown = ", ".join(f"{text[o]!r} U+{ord(text[o]):04X}: {mine_families.get(o)} / {theirs_families.get(o)}"
                              for o in differing[:8])
            more = f" (+{len(differing) - 8} more)" if len(differing) > 8 else ""
            result.details["fonts"].append((label, f"ours / pango: {shown}{more}",
                                            "ours  " + " | ".join(family_runs(text, mine_families, mine.start, mine.end)),
                                            "pango " + " | ".join(family_runs(text, theirs_families, theirs.start, theirs.end))))
    result.ok.update(dir=direction_ok, order=order_ok, glyphs=glyphs_ok, width=width_ok, fonts=fonts_ok, pos=positions_ok)
    return result


def levels(line):
    seen, out = set(), []
    for g in line.visible_glyphs():
        if g.cluster not in seen:
            seen.add(g.cluster)
            out.append(str(g.level))
    return "".join(out)


def shaping_differences(mine, theirs, boundaries, text):
    """Units (stretches between shared cluster starts) whose glyphs differ although both
    engines used the same font for them (differences of shaping, not of fallback), and
    how many units differ along with their font."""
    starts = sorted(boundaries)

    def units(line):
        glyphs, families = {}, {}
        for g in line.visible_glyphs():
            unit = starts[max(0, bisect.bisect_right(starts, g.cluster) - 1)]
            glyphs.setdefault(unit, []).append(g.id)
            families.setdefault(unit, set()).add(g.family)
        return glyphs, families

    mine_glyphs, mine_families = units(mine)
    theirs_glyphs, theirs_families = units(theirs)
    found, font_units = [], 0
    for unit in sorted(set(mine_glyphs) | set(theirs_glyphs)):
        if mine_glyphs.get(unit) == theirs_glyphs.get(unit):
            continue
        if mine_families.get(unit) != theirs_families.get(unit):
            font_units += 1
            continue
        end = next((s for s in starts if s > unit), mine.end)
        found.append(f"same font, different glyphs for {text[unit:end]!r} (offset {unit}, "
                     f"{'/'.join(sorted(mine_families.get(unit, {'-'})))}): "
                     f"ours {mine_glyphs.get(unit)} pango {theirs_glyphs.get(unit)}")
    return found, font_units


def first_difference(mine, theirs, text):
    a, b = mine.visible_glyphs(), theirs.visible_glyphs()
    for i, (x, y) in enumerate(zip(a, b)):
        if x.id != y.id:
            return (f"first difference at glyph {i}: ours {x.id} (cluster {x.cluster} {text[x.cluster]!r}, {x.family}) "
                    f"vs pango {y.id} (cluster {y.cluster} {text[y.cluster]!r}, {y.family})")
    return f"glyph counts differ: ours {len(a)}, pango {len(b)}"


# --------------------------------------------------------------------------------------
# Report

def cell(result, metric):
    if result.error:
        return "ERR"
    mark = "ok" if result.ok[metric] else "DIFF"
    if metric == "glyphs" and not result.ok[metric] and result.glyphs_font_only:
        mark = "font"
    if metric != "breaks" and result.forced:
        mark += "*"
    return mark


def print_table(results):
    idw = max([4] + [len(r.case.id) for r in results])
    header = (f"{'case':<{idw}} {'lines':>7}  {'breaks':<6} {'dir':<5} {'order':<6} {'glyphs':<6} {'width (max Δ)':<14} "
              f"{'fonts':<6} {'pos (max Δ)':<13} text")
    print(header)
    print("-" * len(header))
    for r in results:
        lines = f"{r.ours_count}/{r.pango_count}"
        if r.error:
            width = position = "ERR"
        else:
            width = f"{cell(r, 'width')} {r.max_width_delta:.3f}"
            position = "n/a" if r.position_lines == 0 else f"{cell(r, 'pos')} {r.max_position_delta:.3f}"
        snippet = r.case.text.replace("\n", "\u23ce").replace("\r", "")
        snippet = snippet if len(snippet) <= 30 else snippet[:29] + "\u2026"
        print(f"{r.case.id:<{idw}} {lines:>7}  {cell(r, 'breaks'):<6} {cell(r, 'dir'):<5} {cell(r, 'order'):<6} {cell(r, 'glyphs'):<6} "
              f"{width:<14} {cell(r, 'fonts'):<6} {position:<13} {snippet}")


def print_details(result, everything):
    if result.agrees() and not everything:
        return
    case = result.case
    print(f"\n== {case.id}  locale {case.locale}, width {case.width:g}, size {result.font_size}, "
          f"family {family_for(case.locale)}")
    print(f"   text: {case.text!r}")
    if result.error:
        print(f"   error: {result.error}")
        return
    if result.forced:
        print("   (line breaks differ; the other checks compare with Pango held to our breaks)")
    for metric in CaseResult.METRICS:
        if not result.details[metric] and (result.ok.get(metric, True) or not everything):
            continue
        print(f"   [{metric}] {'ok' if result.ok.get(metric) else 'DIFF'}")
        for entry in result.details[metric]:
            if len(entry) > 1 and isinstance(entry[1], list):
                print(f"     {entry[0]}:")
                for number, line in enumerate(entry[1], 1):
                    print(f"       {number:>2} {line!r}")
            else:
                for part in entry:
                    print(f"     {part}")


def main():
    try:
        return compare()
    except SetupError as error:
        print(f"compare-with-pango: {error}", file=sys.stderr)
        return 2


def compare():
    parser = argparse.ArgumentParser(description="Compare labelgen's layout with Pango's.")
    parser.add_argument("--labelgen", help="labelgen binary (default: $LABELGEN, else the newer of .build/{debug,release}/labelgen)")
    parser.add_argument("--corpus", default=str(REPO / "scripts" / "pango-corpus.txt"),
                        help="the corpus file (default scripts/pango-corpus.txt)")
    parser.add_argument("--fonts", default=str(REPO / "Fonts"), help="the bundled font folder")
    parser.add_argument("--size", type=float, default=24, help="font size in px (default 24)")
    parser.add_argument("--weight", type=int, default=400, help="font weight (default 400)")
    parser.add_argument("--only", help="regular expression: only cases whose id or locale matches")
    parser.add_argument("--details", choices=["diff", "all", "none"], default="diff",
                        help="print full results for disagreeing cases (default), all cases, or none")
    parser.add_argument("--json", help="also write the results as JSON to this file")
    parser.add_argument("--jobs", type=int, default=2, help="parallel labelgen runs (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder of styles")
    parser.add_argument("--ignore", default="",
                        help="comma list of checks left out of the exit status: breaks, order, glyphs, width, "
                             "fonts, pos, or fallback (fonts, and glyph differences that only follow from them)")
    parser.add_argument("--pango-hyphens", choices=["auto", "on", "off"], default="auto",
                        help="let Pango show a hyphen at intra-word breaks: auto (default) turns it on only for "
                             "texts with a soft hyphen (U+00AD)")
    args = parser.parse_args()

    ignored = {name.strip() for name in args.ignore.split(",") if name.strip()}
    unknown = ignored - set(CaseResult.METRICS) - {"fallback"}
    if unknown:
        print(f"compare-with-pango: --ignore: unknown check(s) {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    corpus = Path(args.corpus)
    if not corpus.is_file():
        print(f"compare-with-pango: no corpus at {corpus}", file=sys.stderr)
        return 2
    cases = read_corpus(corpus)
    if args.only:
        pattern = re.compile(args.only)
        cases = [c for c in cases if pattern.search(c.id) or pattern.search(c.locale)]
    if not cases:
        print("compare-with-pango: no cases", file=sys.stderr)
        return 2
    fonts = Path(args.fonts).resolve()
    binary = find_labelgen(args.labelgen)
    try:
        probe = subprocess.run([str(binary), "layout", "--help"], capture_output=True, text=True)
    except OSError as error:
        raise SetupError(f"cannot run {binary}: {error.strerror}")
    if probe.returncode != 0:
        print(f"compare-with-pango: {binary} has no `layout` subcommand: {probe.stderr.strip()}", file=sys.stderr)
        return 2

    workdir = tempfile.mkdtemp(prefix="labelgen-pango-")
    try:
        try:
            pango = Pango(fonts, workdir)
        except OSError as error:
            print(f"compare-with-pango: cannot load Pango ({error}); "
                  "install it with: sudo apt-get install -y libpangocairo-1.0-0", file=sys.stderr)
            return 2
        print(f"labelgen: {binary}\nPango {pango.version}, fonts: {fonts}\ncorpus: {corpus} "
              f"({len(cases)} cases, {args.size:g} px, weight {args.weight})\n")

        def ours_for(case):
            style = write_style(workdir, case, args.size, args.weight)
            try:
                return labelgen_layout(binary, case, style, fonts), None
            except (RuntimeError, json.JSONDecodeError) as error:
                return None, str(error)

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            reports = list(pool.map(ours_for, cases))

        results = []
        for case, (report, error) in zip(cases, reports):
            if error:
                result = CaseResult(case)
                result.error = error
                results.append(result)
                continue
            try:
                ours = ours_lines(report, case.text)
                size = report["fontSize"]
                family = family_for(case.locale)
                hyphens = args.pango_hyphens == "on" or (args.pango_hyphens == "auto" and "\u00ad" in case.text)
                wrapped = pango.layout(case.text, case.locale, family, args.weight, size, case.width, hyphens)
                forced_text, original_of = forced_breaks_text(case.text, ours)
                forced = remap_lines(pango.layout(forced_text, case.locale, family, args.weight, size, None, hyphens),
                                     original_of)
                result = compare_case(case, ours, wrapped, forced)
                result.font_size = size
            except (RuntimeError, KeyError) as error:
                result = CaseResult(case)
                result.error = str(error)
            results.append(result)
    finally:
        if args.keep:
            print(f"styles kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)

    print_table(results)
    if args.details != "none":
        for result in results:
            print_details(result, args.details == "all")

    total = len(results)
    ran = [r for r in results if not r.error]
    forced = sum(1 for r in ran if r.forced)
    print(f"\nSummary: {total} cases, {sum(r.agrees() for r in results)} agree on every check"
          + (f", {total - len(ran)} could not run" if len(ran) < total else ""))
    notes = {
        "breaks": "",
        "dir": " (each line's paragraph direction)",
        "order": "",
        "glyphs": "; {} more differ only where the fonts differ ('font')".format(
            sum(1 for r in ran if not r.ok["glyphs"] and r.glyphs_font_only)),
        "width": f" within {WIDTH_TOLERANCE} px",
        "fonts": "",
        "pos": f" within {WIDTH_TOLERANCE} px, on the {sum(r.position_lines for r in ran)} lines whose glyphs agree",
    }
    for metric in CaseResult.METRICS:
        agreeing = sum(1 for r in ran if r.ok[metric])
        print(f"  {metric:<7} {agreeing}/{len(ran)} agree{notes[metric]}")
    if forced:
        print(f"  ({forced} cases broke lines differently; their other checks were made with Pango held to our "
              "breaks by U+2028, marked '*')")
    if ignored:
        print(f"  ignored for the exit status: {', '.join(sorted(ignored))}; "
              f"{sum(r.agrees(ignored) for r in results)}/{total} cases pass")

    if args.json:
        Path(args.json).write_text(json.dumps([{
            "case": r.case.id, "locale": r.case.locale, "width": r.case.width, "text": r.case.text,
            "error": r.error, "ok": r.ok, "forcedBreaks": r.forced,
            "glyphsDifferOnlyWithFonts": r.glyphs_font_only, "maxWidthDelta": r.max_width_delta,
            "maxPositionDelta": r.max_position_delta, "linesWithComparedPositions": r.position_lines,
            "details": {m: [[e[0]] + e[1] if len(e) > 1 and isinstance(e[1], list) else list(map(str, e)) for e in v]
                        for m, v in r.details.items()},
        } for r in results], ensure_ascii=False, indent=2), encoding="utf-8")
    return 0 if all(r.agrees(ignored) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
