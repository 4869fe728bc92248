#!/usr/bin/python3
"""Builds Tests/Fixtures/LabelgenColrTest.ttf, a tiny COLR / CPAL font for tests.

Usage (from the package root, with Debian's python3-fonttools):

    /usr/bin/python3 scripts/make-colr-test-font.py

The glyphs are plain rectangles, except "O", whose layers are Noto Sans Regular's
"O" and "o" outlines (taken from Fonts/NotoSans-Regular.ttf, OFL 1.1). Every
colour glyph sits on whole 50-unit steps, so tests can sample pixels well inside
each layer. What each glyph is for is written in Tests/Fixtures/README.md.
"""

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.colorLib.builder import buildCOLR, buildCPAL

ROOT = Path(__file__).resolve().parent.parent
NOTO = ROOT / "Fonts" / "NotoSans-Regular.ttf"
OUT = ROOT / "Tests" / "Fixtures" / "LabelgenColrTest.ttf"

FOREGROUND = 0xFFFF  # COLR v0's "draw in the text colour" palette index


def rectangles(*boxes):
    """A glyph of clockwise (TrueType outer) rectangles, (x0, y0, x1, y1) each."""
    pen = TTGlyphPen(None)
    for x0, y0, x1, y1 in boxes:
        pen.moveTo((x0, y0))
        pen.lineTo((x0, y1))
        pen.lineTo((x1, y1))
        pen.lineTo((x1, y0))
        pen.closePath()
    return pen.glyph()


def noto_glyph(name, transform=(1, 0, 0, 1, 0, 0)):
    """Noto Sans's glyph `name`, moved by `transform` (a 2x3 affine matrix)."""
    noto = TTFont(NOTO)
    glyphs = noto.getGlyphSet()
    recording = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(recording)
    pen = TTGlyphPen(None)
    recording.replay(TransformPen(pen, transform))
    return pen.glyph()


def centred_in(outer, name, scale):
    """Noto Sans's glyph `name` scaled by `scale`, centred on the box of glyph `outer`."""
    inner = noto_glyph(name)
    glyf = TTFont(NOTO)["glyf"]
    outer.recalcBounds(glyf)
    inner.recalcBounds(glyf)
    dx = (outer.xMin + outer.xMax) / 2 - scale * (inner.xMin + inner.xMax) / 2
    dy = (outer.yMin + outer.yMax) / 2 - scale * (inner.yMin + inner.yMax) / 2
    return noto_glyph(name, (scale, 0, 0, scale, round(dx), round(dy)))


def main():
    glyphs = {
        ".notdef": rectangles(),
        "space": rectangles(),
        # An outline glyph: the fill colour paints it, as in any other font.
        "square": rectangles((100, 0, 700, 600)),
        # U+E000: three side-by-side layers, red | foreground | blue; the base glyph
        # itself has no outline, so the ink box must come from the layers.
        "tricolor": rectangles(),
        "tricolor.left": rectangles((50, 0, 350, 700)),
        "tricolor.middle": rectangles((350, 0, 650, 700)),
        "tricolor.right": rectangles((650, 0, 950, 700)),
        # U+E001: a blue square painted over a larger green one (layer order).
        "stack": rectangles((100, 0, 900, 800)),
        "stack.back": rectangles((100, 0, 900, 800)),
        "stack.front": rectangles((300, 200, 700, 600)),
        # U+E002: only a COLR version 1 paint describes its colours (a cyan square);
        # Labelgen reads version 0 layers only, so it draws the base outline, in the
        # text's colour.
        "paintonly": rectangles((100, 0, 900, 800)),
        # "O": Noto Sans's O in red with its o, centred inside, in blue.
        "O": noto_glyph("O"),
        "O.ring": noto_glyph("O"),
        "O.inner": centred_in(noto_glyph("O"), "o", 0.6),
    }
    order = list(glyphs)
    advances = {
        ".notdef": 500, "space": 300, "square": 800,
        "tricolor": 1000, "tricolor.left": 1000, "tricolor.middle": 1000, "tricolor.right": 1000,
        "stack": 1000, "stack.back": 1000, "stack.front": 1000, "paintonly": 1000,
        "O": 779, "O.ring": 779, "O.inner": 779,
    }

    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({0x20: "space", 0x78: "square", 0x4F: "O", 0xE000: "tricolor", 0xE001: "stack",
                               0xE002: "paintonly"})
    builder.setupGlyf(glyphs)
    metrics = {}
    for name in order:
        glyph = builder.font["glyf"][name]
        metrics[name] = (advances[name], getattr(glyph, "xMin", 0))
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=900, descent=-250)
    builder.setupNameTable({
        "copyright": "Copyright 2015 Google LLC (Noto Sans outlines of O and o); "
                     "the Labelgen authors (the rest)",
        "familyName": "Labelgen COLR Test",
        "styleName": "Regular",
        "uniqueFontIdentifier": "LabelgenColrTest-Regular",
        "fullName": "Labelgen COLR Test Regular",
        "psName": "LabelgenColrTest-Regular",
        "version": "Version 1.000",
        "licenseDescription": "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        "licenseInfoURL": "https://openfontlicense.org",
    })
    builder.setupOS2(sTypoAscender=900, sTypoDescender=-250, sTypoLineGap=0,
                     usWinAscent=900, usWinDescent=250, sxHeight=500, sCapHeight=700, fsSelection=0x40 | 0x80, version=4)
    builder.setupPost()

    builder.font["COLR"] = buildCOLR({
        "tricolor": [("tricolor.left", 0), ("tricolor.middle", FOREGROUND), ("tricolor.right", 1)],
        "stack": [("stack.back", 2), ("stack.front", 1)],
        "O": [("O.ring", 0), ("O.inner", 1)],
        "paintonly": {
            "Format": 10,  # PaintGlyph
            "Glyph": "paintonly",
            "Paint": {"Format": 2, "PaletteIndex": 3, "Alpha": 1.0},  # PaintSolid
        },
    })
    # Palette 0 is what Labelgen draws with; palette 1 has other colours throughout, so a
    # wrong palette shows in every sampled pixel.
    builder.font["CPAL"] = buildCPAL([
        [(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0), (0.0, 160 / 255, 0.0, 1.0), (0.0, 1.0, 1.0, 1.0)],
        [(1.0, 1.0, 0.0, 1.0), (0.0, 1.0, 1.0, 1.0), (1.0, 0.0, 1.0, 1.0), (1.0, 1.0, 0.0, 1.0)],
    ])
    # Fixed timestamps (2024-01-01), so running the script again gives the same bytes.
    builder.font["head"].created = builder.font["head"].modified = 3786912000
    builder.font.recalcTimestamp = False
    builder.save(OUT)
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
