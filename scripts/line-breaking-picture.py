#!/usr/bin/env python3
"""Composes docs/line-breaking.png: the same strings set greedily (left) and with
Labelgen's line breaking (right), in German, English, Japanese and Chinese.

Needs Pillow (pip install pillow) and a built labelgen. Run from the repository:
    python3 scripts/line-breaking-picture.py .build/debug/labelgen docs/line-breaking.png
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from picture_sheet import compose

LABELGEN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/labelgen"
TARGET = Path(sys.argv[2] if len(sys.argv) > 2 else "docs/line-breaking.png")

# Strings of the kind the demo and real game translations have, each in a box where
# greedy filling leaves a lone word, a split word or a break inside a clause.
STRINGS = {
    "de": ["Zum Hauptmenü zurückkehren? Nicht gespeicherter Fortschritt geht verloren.",
           "Ein Fremder erscheint in der Nacht"],
    "en": ["A stranger arrives in the night", "Choose one slot to save to"],
    "ja": ["プレイヤー1さん、アリーナへようこそ", "製鋼所から吹き上がる火の粉が村の上に降ってくる"],
    "zh-Hans": ["我们的村庄被攻击了，请保护村民。", "在每个关卡中集齐全部三颗金色星星，就能解锁秘密关卡。"],
}
FAMILIES = {"ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC"}
BOX = {"width": 300, "height": 120}
BASE = {
    "font": {"family": "Noto Sans", "weight": 500, "size": 26, "minSize": 14},
    "fill": "#1B2233", "box": BOX, "align": "center", "verticalAlign": "middle",
    "wrap": "word", "scales": [1], "canvas": "box",
    "locales": {locale: {"font": {"family": family}} for locale, family in FAMILIES.items()},
}
BEFORE = {"wrapStyle": "greedy", "wordBreak": "normal", "lineBreak": "normal"}
BACKGROUND = (214, 219, 228, 255)
GAP = 10


def render(style, scratch, name):
    """Every string of STRINGS drawn with `style`, by locale, in order."""
    path = Path(scratch) / f"{name}.json"
    path.write_text(json.dumps(style))
    tables = []
    for locale, texts in STRINGS.items():
        table = Path(scratch) / name / f"{locale}.json"
        table.parent.mkdir(parents=True, exist_ok=True)
        table.write_text(json.dumps({f"s{i}": text for i, text in enumerate(texts)}, ensure_ascii=False))
        tables.append(str(table))
    out = Path(scratch) / f"out-{name}"
    subprocess.run([LABELGEN, *tables, "--style", str(path), "--out", str(out), "--quiet"], check=True)
    return {(locale, i): Image.open(out / locale / f"s{i}.png").convert("RGBA")
            for locale, texts in STRINGS.items() for i in range(len(texts))}


def framed(image):
    """The label on a white card the size of its box, so where lines end is seen."""
    card = Image.new("RGBA", image.size, (255, 255, 255, 255))
    ImageDraw.Draw(card).rectangle((0, 0, image.width - 1, image.height - 1), outline=(150, 160, 176, 255))
    card.alpha_composite(image)
    return card


with tempfile.TemporaryDirectory() as scratch:
    before = render(dict(BASE, **BEFORE), scratch, "before")
    after = render(BASE, scratch, "after")
    rows = [[framed(before[key]), framed(after[key])] for key in before]

sheet = compose(rows, BACKGROUND, GAP, centred=True)
TARGET.parent.mkdir(parents=True, exist_ok=True)
sheet.convert("RGB").save(TARGET, optimize=True)
print(f"wrote {TARGET} ({sheet.width}x{sheet.height})")
