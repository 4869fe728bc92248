#!/usr/bin/env python3
"""Composes docs/layer-styles.png: the demo title built up one layer style at a time.

Needs Pillow (pip install pillow) and a built labelgen. Run from the repository:
    python3 scripts/layer-styles-picture.py .build/debug/labelgen docs/layer-styles.png
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from picture_sheet import compose

LABELGEN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/labelgen"
TARGET = Path(sys.argv[2] if len(sys.argv) > 2 else "docs/layer-styles.png")
TITLE = json.loads(Path("Localizations/styles/title.json").read_text())
TITLE.pop("$schema", None)
STROKES = TITLE["stroke"]

# Each step adds one layer style to the one before.
STEPS = [
    {"stroke": STROKES[0], "innerShadows": [], "bevel": None},
    {"stroke": STROKES, "innerShadows": [], "bevel": None},
    {"stroke": STROKES, "bevel": None},
    {},
]
LOCALES = ["en", "ar"]
BACKGROUND = (40, 48, 72, 255)
GAP = 8

def pad(box, image, margin=6):
    left, top, right, bottom = box
    return (max(0, left - margin), max(0, top - margin), min(image.width, right + margin), min(image.height, bottom + margin))


rows = []
with tempfile.TemporaryDirectory() as scratch:
    for index, step in enumerate(STEPS):
        style = dict(TITLE, **step)
        path = Path(scratch) / f"step{index}.json"
        path.write_text(json.dumps(style))
        out = Path(scratch) / f"out{index}"
        tables = [f"Localizations/strings/{locale}.json" for locale in LOCALES]
        subprocess.run([LABELGEN, *tables, "--style", str(path), "--keys", "title.game",
                        "--scales", "1", "--out", str(out), "--quiet"], check=True)
        images = [Image.open(out / locale / "title.game.png").convert("RGBA") for locale in LOCALES]
        # Cropped to the ink and a margin, so the layers are seen at their own size.
        rows.append([im.crop(pad(im.getbbox(), im)) for im in images])

sheet = compose(rows, BACKGROUND, GAP, centred=False)
TARGET.parent.mkdir(parents=True, exist_ok=True)
sheet.convert("RGB").save(TARGET, optimize=True)
print(f"wrote {TARGET} ({sheet.width}x{sheet.height})")
