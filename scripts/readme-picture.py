#!/usr/bin/env python3
"""Composes docs/demo.png, the README's picture, from the labels `make demo` wrote.

Needs Pillow (pip install pillow). Run after `make demo`:
    python3 scripts/readme-picture.py out/demo docs/demo.png
"""
import sys
from pathlib import Path

from PIL import Image

from picture_sheet import compose

DEMO = Path(sys.argv[1] if len(sys.argv) > 1 else "out/demo")
TARGET = Path(sys.argv[2] if len(sys.argv) > 2 else "docs/demo.png")

# (style, key, locales) rows: each row shows one key across several scripts.
ROWS = [
    ("title", "title.game", ["en", "ja", "ar"]),
    ("score", "hud.high_score", ["de", "he", "ru", "zh-Hans"]),
    ("score", "hud.bonus", ["ar", "th", "hi"]),
    ("score", "hud.combo", ["en", "ja", "he"]),
    ("button", "menu.download_update", ["de", "ko", "fr"]),
    ("button", "menu.continue", ["zh-Hant", "zh-Hans", "ja"]),
    ("dialog", "dialog.confirm_quit", ["es", "ja"]),
    ("tip", "tip.jump", ["th", "ar"]),
    ("tip", "tip.controls", ["en", "hi"]),
    ("meme", "meme.top", ["en", "ru"]),
]
SCALE = 1
BACKGROUND = (40, 48, 72, 255)
GAP = 12


def load(style, key, locale):
    suffix = "" if SCALE == 1 else f"@{SCALE}x"
    return Image.open(DEMO / style / locale / f"{key}{suffix}.png").convert("RGBA")


rows = [[load(style, key, locale) for locale in locales] for style, key, locales in ROWS]
sheet = compose(rows, BACKGROUND, GAP)
width, height = sheet.size
TARGET.parent.mkdir(parents=True, exist_ok=True)
sheet.convert("RGB").save(TARGET, optimize=True)
print(f"wrote {TARGET} ({width}x{height})")
