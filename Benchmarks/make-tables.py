#!/usr/bin/env python3
"""Writes the benchmark's generated string tables: N strings spread over the demo game's
twelve locales (Latin, Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK, Hangul), one
flat JSON table per locale, the same for every run (fixed seed).

Each string is a window of the demo game's own text in that locale, so words, scripts,
punctuation and numbers are real; window lengths follow what a game's strings look like:
mostly one to five words (buttons, HUD), some sentences that must shrink, a few tips too
long for two lines at the smallest size, which end in an ellipsis.

usage: make-tables.py OUT_DIR [COUNT [LOCALE ...]]

With locales named, COUNT strings go to each of them (the scale runs: 100 000 German
strings in one table, or 20 000 in each of ten).
"""
import json
import os
import random
import re
import sys
import unicodedata

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LOCALES = ["en", "de", "fr", "es", "ru", "ar", "he", "hi", "th", "ja", "zh-Hans", "ko"]
# Scripts written without spaces between words: windows are counted in characters,
# this many to a word of the others.
UNSPACED = {"ja": 2.5, "zh-Hans": 2.0, "th": 5.0}
# (share, fewest words, most words)
LENGTHS = [(0.40, 1, 2), (0.30, 3, 5), (0.20, 6, 10), (0.10, 11, 26)]
PRINTF = re.compile(r"%(?!\s)[-+#0']*\d*(\$)?[a-zA-Z@]|\{")


def flatten(prefix, node, out):
    for key, value in node.items():
        if isinstance(value, dict):
            flatten(prefix + key + ".", value, out)
        else:
            out.append(value)


def units(text, locale):
    """Words, or for unspaced scripts characters with their combining marks."""
    if locale not in UNSPACED:
        return text.split()
    clusters = []
    for ch in text:
        if clusters and (unicodedata.category(ch).startswith("M") or ch == "\u200d"):
            clusters[-1] += ch
        elif not ch.isspace() or locale == "th":
            clusters.append(ch)
    return clusters


def main():
    out_dir = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    named = sys.argv[3:]
    unknown = [locale for locale in named if locale not in LOCALES]
    if unknown:
        sys.exit("make-tables.py: no demo strings for " + ", ".join(unknown))
    digits = max(5, len(str(count)))
    rng = random.Random(20240601)
    os.makedirs(out_dir, exist_ok=True)
    for index, locale in enumerate(named or LOCALES):
        texts = []
        with open(os.path.join(ROOT, "Localizations", "strings", locale + ".json"), encoding="utf-8") as f:
            flatten("", json.load(f), texts)
        stream = []
        for text in texts:
            # The demo's markup and pictures stay out: the workload is plain text, and a
            # cut through a tag would not parse.
            text = re.sub(r"<[^>]*>", "", text)
            stream += units(text, locale)
        joiner = "" if locale in UNSPACED else " "
        share = count if named else count // len(LOCALES) + (1 if index < count % len(LOCALES) else 0)
        table = {}
        while len(table) < share:
            pick, acc = rng.random(), 0.0
            for weight, low, high in LENGTHS:
                acc += weight
                if pick <= acc:
                    break
            words = rng.randint(low, high)
            n = max(1, round(words * UNSPACED.get(locale, 1)))
            start = rng.randrange(0, max(1, len(stream) - n))
            text = joiner.join(stream[start:start + n]).strip()
            if not text or PRINTF.search(text):
                continue
            table["gen.s%0*d" % (digits, len(table) + 1)] = text
        with open(os.path.join(out_dir, locale + ".json"), "w", encoding="utf-8") as f:
            json.dump(table, f, ensure_ascii=False, indent=0)
            f.write("\n")


if __name__ == "__main__":
    main()
