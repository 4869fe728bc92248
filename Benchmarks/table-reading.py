#!/usr/bin/env python3
"""`make bench-tables`: how fast and in how much memory the table readers read large
tables, per entry, against the JSON reader on the same strings.

Generates (fixed seed, under $BENCH_SCRATCH/tables, reused when present):
  json/<locale>.json  ten locales of ROWS keys each, flat JSON
  strings.csv         the same strings as one spreadsheet: keys, then ten locale columns
  big.xlf             XLIFF 2.0, en -> de, with enough units to pass XLIFF_MB megabytes
  big12.xlf           XLIFF 1.2, the same units
and reads each with `labelgen-bench read` (StringTable.loadAll, a chunk at a time) every
key kept, then with one key in a hundred kept (as `--keys` keeps a few), printing the
entries, CPU microseconds per entry and peak resident memory.

Environment: BENCH_SCRATCH (default .build-bench), ROWS (default 1000000), XLIFF_MB
(default 200).
"""
import json
import os
import random
import subprocess
import sys
from xml.sax.saxutils import escape

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SCRATCH = os.path.abspath(os.environ.get("BENCH_SCRATCH", os.path.join(ROOT, ".build-bench")))
WORK = os.path.join(SCRATCH, "tables")
ROWS = int(os.environ.get("ROWS", "1000000"))
XLIFF_MB = int(os.environ.get("XLIFF_MB", "200"))
LOCALES = ["en", "de", "fr", "es", "ru", "ar", "ja", "zh-Hans", "ko", "th"]
HARNESS = os.path.join(SCRATCH, "harness", "release", "labelgen-bench")


def demo_words(locale):
    """The words (or, for scripts without spaces, short runs) of the demo's own strings."""
    path = os.path.join(ROOT, "Localizations", "strings", locale + ".json")
    texts = []

    def walk(node):
        for value in node.values():
            if isinstance(value, dict):
                walk(value)
            elif isinstance(value, str):
                texts.append(value)
    with open(path, encoding="utf-8") as f:
        walk(json.load(f))
    words = [w for t in texts for w in t.replace("\n", " ").split(" ") if w and "%" not in w and "{" not in w]
    return words or ["text"]


def strings(rows):
    rng = random.Random(7)
    words = {locale: demo_words(locale) for locale in LOCALES}
    for row in range(rows):
        key = f"level{row // 1000:04d}.line{row % 1000:03d}"
        yield key, {locale: " ".join(rng.choice(words[locale]) for _ in range(rng.randint(1, 6)))
                    for locale in LOCALES}


def csv_cell(text):
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def generate():
    marker = os.path.join(WORK, f"done-{ROWS}-{XLIFF_MB}")
    if os.path.exists(marker):
        return
    os.makedirs(os.path.join(WORK, "json"), exist_ok=True)
    print(f"Generating {ROWS} rows in {len(LOCALES)} locales under {WORK} ...", file=sys.stderr)
    jsons = {locale: open(os.path.join(WORK, "json", locale + ".json"), "w", encoding="utf-8") for locale in LOCALES}
    for f in jsons.values():
        f.write("{\n")
    with open(os.path.join(WORK, "strings.csv"), "w", encoding="utf-8", newline="") as csv:
        csv.write(",".join(["keys"] + LOCALES) + "\r\n")
        for index, (key, texts) in enumerate(strings(ROWS)):
            csv.write(",".join([key] + [csv_cell(texts[l]) for l in LOCALES]) + "\r\n")
            for locale, f in jsons.items():
                f.write(("," if index else "") + json.dumps(key) + ": " + json.dumps(texts[locale], ensure_ascii=False) + "\n")
    for f in jsons.values():
        f.write("}\n")
        f.close()
    # XLIFF: units until the file passes XLIFF_MB.
    limit = XLIFF_MB * 1024 * 1024
    with open(os.path.join(WORK, "big.xlf"), "w", encoding="utf-8") as x2, \
            open(os.path.join(WORK, "big12.xlf"), "w", encoding="utf-8") as x1:
        x2.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" '
                 'version="2.0" srcLang="en" trgLang="de">\n<file id="f1">\n')
        x1.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" '
                 'version="1.2">\n<file original="Game" source-language="en" target-language="de" datatype="plaintext">\n<body>\n')
        written = 0
        rows = 0
        while written < limit:
            for key, texts in strings(ROWS):
                unique = f"{key}.{rows // ROWS}"
                source, target = escape(texts["en"]), escape(texts["de"])
                unit2 = (f'<unit id="u{rows}" name="{unique}"><segment state="translated">'
                         f'<source>{source}</source><target>{target}</target></segment></unit>\n')
                unit1 = (f'<trans-unit id="u{rows}" resname="{unique}"><source>{source}</source>'
                         f'<target state="translated">{target}</target></trans-unit>\n')
                x2.write(unit2)
                x1.write(unit1)
                written += len(unit2.encode("utf-8"))
                rows += 1
                if written >= limit:
                    break
        x2.write("</file>\n</xliff>\n")
        x1.write("</body>\n</file>\n</xliff>\n")
    open(marker, "w").close()


def read(paths, keep=None):
    argv = [HARNESS, "read"] + (["--keep", str(keep)] if keep else []) + paths
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{result.stderr}")
    return json.loads(result.stdout)


def main():
    if not os.path.exists(HARNESS):
        raise SystemExit(f"{HARNESS} is missing: run `make bench-tables`, which builds it")
    generate()
    size = lambda name: os.path.getsize(os.path.join(WORK, name)) / 1e6
    jsons = [os.path.join(WORK, "json", l + ".json") for l in LOCALES]
    cases = [
        (f"JSON, {len(LOCALES)} files ({sum(os.path.getsize(p) for p in jsons) / 1e6:.0f} MB)", jsons),
        (f"CSV, one file of {len(LOCALES)} locale columns ({size('strings.csv'):.0f} MB)", [os.path.join(WORK, "strings.csv")]),
        (f"XLIFF 2.0 ({size('big.xlf'):.0f} MB)", [os.path.join(WORK, "big.xlf")]),
        (f"XLIFF 1.2 ({size('big12.xlf'):.0f} MB)", [os.path.join(WORK, "big12.xlf")]),
    ]
    print(f"Rows: {ROWS}; CPU time of one thread; peak resident memory of the whole process.\n")
    print("| tables | entries | µs per entry | peak MB | 1% of keys kept: entries | µs per entry read | peak MB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, paths in cases:
        whole = read(paths)
        few = read(paths, keep=10)
        # With few keys kept, the cost is reading the file: per entry of the file.
        per_entry_read = few["seconds"] * 1e6 / max(1, whole["entries"])
        print(f"| {name} | {whole['entries']} | {whole['microsecondsPerEntry']:.2f} | {whole['peakMB']:.0f} "
              f"| {few['entries']} | {per_entry_read:.2f} | {few['peakMB']:.0f} |")


if __name__ == "__main__":
    main()
