#!/usr/bin/env python3
"""Measures how well labelgen breaks lines, on the corpus of real game translations.

Usage: typeset-eval.py LABELGEN [CORPUS] [--style-extra JSON] [--json] [--jobs N]
                       [--locales ja,zh-Hans,de,en] [--examples N] [--fonts DIR] [--keep DIR]

CORPUS is the folder scripts/typeset-corpus.py writes (default out/typeset-corpus). Every
table in it is rendered by LABELGEN in one run, with one style: a 300x150 box, centred
both ways, Noto Sans at 26 px (Noto Sans CJK JP for ja, SC for zh-Hans) shrinking down
to 14 px, wrap "word", truncate "tail", scale 1, a plain fill, no effects and no markup
(the corpus is plain text). --style-extra merges a JSON object into that style, key by
key and recursively, so settings can be compared on the same corpus:

    scripts/typeset-eval.py .build/release/labelgen
    scripts/typeset-eval.py .build/release/labelgen --style-extra '{"wrapStyle": "balance"}'

labelgen rejects style fields it does not know, so an extra works only with a binary
that has it. The run's manifests give each label's lines; their widths come from
`labelgen layout` (the manifest has none), run for every multi-line label on --jobs
processes (default: every core), which must give the same lines as the run.

Reported per locale and overall:
  labels        labels rendered; multi-line: those of more than one line; shrunk and
                truncated: how many labels met their box that way
  ragged        % of multi-line labels with a paragraph whose shortest line is under 40%
                of its longest (without explicit newlines, as in this corpus, a
                paragraph is the whole label)
  evenness      the mean, over multi-line labels, of shortest / longest line width
  orphan        % of multi-line labels whose last line of a paragraph is one CJK
                character (trailing punctuation aside) or only punctuation, or one word
                (no space inside) narrower than a quarter of the paragraph's longest line
  phrase        ja and zh-Hans only: of all breaks made by wrapping (not explicit
                newlines), the % that fall on a BudouX phrase boundary; whitespace at
                the break is ignored when matching offsets
and the worst examples of each, a label's lines joined by " | " (a split phrase is shown
in brackets, "開始す|る"). --json prints the same as one JSON object, the examples with
their keys. Needs the `budoux` pip package,
installed when missing.
"""
import argparse
import copy
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# The style every label is rendered with, before --style-extra.
BASE_STYLE = {
    "font": {"family": "Noto Sans", "weight": 400, "size": 26, "minSize": 14},
    "fill": "#FFFFFF",
    "box": {"width": 300, "height": 150},
    "align": "center",
    "verticalAlign": "middle",
    "wrap": "word",
    "truncate": "tail",
    "scales": [1],
    "markup": False,
    "locales": {
        "ja": {"font": {"family": "Noto Sans CJK JP"}},
        "zh-Hans": {"font": {"family": "Noto Sans CJK SC"}},
        "zh-Hant": {"font": {"family": "Noto Sans CJK TC"}},
        "ko": {"font": {"family": "Noto Sans CJK KR"}},
    },
}
CJK_LOCALES = ("ja", "zh-Hans")
RAGGED_BELOW = 0.40   # shortest / longest line under this: ragged
ORPHAN_BELOW = 0.25   # a one-word last line narrower than this share of the longest: orphan
ELLIPSIS = "\u2026"


def merge(base, extra):
    """`base` with `extra` merged in: objects key by key, recursively; anything else replaced."""
    out = copy.deepcopy(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def load_budoux():
    """The budoux module, pip-installed first when missing."""
    try:
        return importlib.import_module("budoux")
    except ImportError:
        print("typeset-eval: installing the budoux pip package", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "budoux"], check=True)
        importlib.invalidate_caches()
        return importlib.import_module("budoux")


# --- running labelgen --------------------------------------------------------------

def render(labelgen, tables, style_path, out, jobs, fonts):
    """Runs labelgen on every table; returns {locale: manifest}."""
    command = [labelgen, *map(str, tables), "--style", str(style_path), "--out", str(out),
               "--jobs", str(jobs), "--quiet"]
    if fonts:
        command += ["--fonts", fonts]
    result = subprocess.run(command, capture_output=True, text=True)
    # 1 is only for --strict, --max-shrink or --check, not asked for here; the manifests
    # are written all the same.
    if result.returncode not in (0, 1):
        sys.exit(f"typeset-eval: labelgen exited {result.returncode}:\n{result.stderr.strip()}")
    manifests = {}
    for table in tables:
        locale = table.stem
        manifests[locale] = json.loads((out / locale / "manifest.json").read_text(encoding="utf-8"))
    return manifests


def line_widths(labelgen, style_path, locale, label, fonts):
    """Each line's width as `labelgen layout` gives it, and whether its lines are the
    manifest's."""
    command = [labelgen, "layout", "--style", str(style_path), "--locale", locale, "--key", label["key"]]
    if fonts:
        command += ["--fonts", fonts]
    result = subprocess.run(command + ["--", label["text"]], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"labelgen layout {locale}/{label['key']}: {result.stderr.strip()}")
    layout = json.loads(result.stdout)
    lines = [line["text"] for line in layout["lines"]]
    return [line["width"] for line in layout["lines"]], lines == label["lines"]


# --- reading the lines -------------------------------------------------------------

def is_cjk(char):
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x3FFFF)


def is_punctuation(char):
    return unicodedata.category(char).startswith("P")


def locate(text, lines, truncated):
    """Where each line starts and ends in `text` ([start, end) in code points), and for
    each line after the first whether an explicit newline comes before it. None when a
    line's text cannot be found in order (a hyphen the text does not have, say)."""
    spans, explicit, position = [], [], 0
    for index, line in enumerate(lines):
        core = line.strip()
        if truncated and index == len(lines) - 1 and core.endswith(ELLIPSIS):
            core = core[:-1].rstrip()
        start = text.find(core, position) if core else position
        if start < 0:
            return None
        if index:
            explicit.append("\n" in text[position:start])
        spans.append((start, start + len(core)))
        position = start + len(core)
    return spans, explicit


def paragraphs(count, explicit):
    """Line indices grouped into paragraphs: a new one after each explicit newline."""
    groups = [[0]]
    for index in range(1, count):
        if explicit[index - 1]:
            groups.append([])
        groups[-1].append(index)
    return groups


def is_orphan(line, width, longest):
    """One CJK character (trailing punctuation aside), only punctuation, or one word
    narrower than a quarter of the longest line."""
    core = line.strip()
    bare = core.rstrip(ELLIPSIS)
    while bare and (is_punctuation(bare[-1]) or bare[-1].isspace()):
        bare = bare[:-1]
    if not bare or (len(bare) == 1 and is_cjk(bare)):
        return True
    return not any(c.isspace() for c in core) and width < ORPHAN_BELOW * longest


def analyse(label, widths, parser):
    """The metrics of one label: None for a label on one line."""
    lines = label["lines"]
    if len(lines) < 2:
        return None
    placed = locate(label["text"], lines, label["truncated"])
    result = {"key": label["key"], "lines": lines, "ratio": None, "orphan": False,
              "breaks": 0, "phrase_breaks": 0, "split": [], "unmatched": placed is None}
    if placed is None:
        return result
    spans, explicit = placed
    ratios = []
    for group in paragraphs(len(lines), explicit):
        if len(group) < 2:
            continue
        longest = max(widths[i] for i in group)
        if longest <= 0:
            continue
        ratios.append(min(widths[i] for i in group) / longest)
        last = group[-1]
        truncated_last = label["truncated"] and last == len(lines) - 1
        if not truncated_last and is_orphan(lines[last], widths[last], longest):
            result["orphan"] = True
    if ratios:
        result["ratio"] = min(ratios)
    if parser is not None:
        text = label["text"]
        boundaries, offset = set(), 0
        for phrase in parser.parse(text):
            offset += len(phrase)
            boundaries.add(offset)
        for index in range(1, len(lines)):
            if explicit[index - 1]:
                continue
            end, start = spans[index - 1][1], spans[index][0]
            result["breaks"] += 1
            # Any offset in the whitespace between the two lines counts as the break.
            if any(o in boundaries for o in range(end, start + 1)):
                result["phrase_breaks"] += 1
            else:
                result["split"].append(index)
    return result


def show(result):
    """The lines joined by " | "; a break inside a phrase shows the phrase in brackets."""
    shown = " | ".join(line.strip() for line in result["lines"])
    if result.get("split_phrases"):
        shown += "   [" + "; ".join(result["split_phrases"]) + "]"
    return shown


def split_phrases(label, result, parser):
    """For each break inside a phrase, the phrase with the break marked: 「保存|しますか」."""
    out = []
    placed = locate(label["text"], label["lines"], label["truncated"])
    if placed is None or parser is None:
        return out
    spans = placed[0]
    text, offset = label["text"], 0
    for phrase in parser.parse(text):
        for index in result["split"]:
            cut = spans[index - 1][1]
            if offset < cut < offset + len(phrase):
                out.append(phrase[:cut - offset].strip() + "|" + phrase[cut - offset:].strip())
        offset += len(phrase)
    return out


# --- summing up --------------------------------------------------------------------

def summarise(labels, results):
    multi = [r for r in results if r is not None]
    measured = [r for r in multi if r["ratio"] is not None]
    breaks = sum(r["breaks"] for r in multi)
    summary = {
        "labels": len(labels),
        "multiLine": len(multi),
        "shrunk": sum(1 for l in labels if l["fontSize"] < l["requestedFontSize"]),
        "truncated": sum(1 for l in labels if l["truncated"]),
        "raggedPercent": percent(sum(1 for r in measured if r["ratio"] < RAGGED_BELOW), len(multi)),
        "evenness": round(sum(r["ratio"] for r in measured) / len(measured), 3) if measured else None,
        "orphanPercent": percent(sum(1 for r in multi if r["orphan"]), len(multi)),
    }
    if breaks:
        summary["wrapBreaks"] = breaks
        summary["phraseBreakPercent"] = percent(sum(r["phrase_breaks"] for r in multi), breaks)
    unmatched = sum(1 for r in multi if r["unmatched"])
    if unmatched:
        summary["linesNotFoundInText"] = unmatched
    return summary


def percent(part, whole):
    return round(100.0 * part / whole, 1) if whole else None


def examples(multi, count):
    """The worst cases: lowest shortest/longest ratio, orphans with the narrowest last
    line, and labels with the most breaks inside a phrase."""
    ragged = sorted((r for r in multi if r["ratio"] is not None and r["ratio"] < RAGGED_BELOW),
                    key=lambda r: (r["ratio"], r["key"]))[:count]
    # The worst ragged labels are often orphans too: show other ones.
    orphans = sorted((r for r in multi if r["orphan"] and r not in ragged),
                     key=lambda r: (r["last_share"], r["key"]))
    inside = sorted((r for r in multi if r["split"]), key=lambda r: (-len(r["split"]), r["key"]))
    return {kind: [{"key": r["key"], "shown": show(r)} for r in chosen]
            for kind, chosen in (("ragged", ragged), ("orphan", orphans[:count]),
                                 ("insidePhrase", inside[:count]))}


def print_report(report):
    columns = ["labels", "multiLine", "shrunk", "truncated", "raggedPercent", "evenness",
               "orphanPercent", "phraseBreakPercent"]
    heads = ["labels", "multi", "shrunk", "trunc", "ragged%", "even", "orphan%", "phrase%"]
    print(f"labelgen: {report['labelgen']}")
    print(f"style extra: {json.dumps(report['styleExtra'], ensure_ascii=False)}")
    print()
    print(f"{'locale':<9}" + "".join(f"{h:>9}" for h in heads))
    rows = list(report["locales"].items()) + [("overall", report["overall"])]
    for name, summary in rows:
        cells = []
        for column in columns:
            value = summary.get(column)
            if value is None:
                value = "-"
            elif column == "evenness":
                value = f"{value:.3f}"
            elif column.endswith("Percent"):
                value = f"{value:.1f}"
            cells.append(f"{value:>9}")
        print(f"{name:<9}" + "".join(cells))
    for locale, summary in report["locales"].items():
        if summary.get("linesNotFoundInText") or summary.get("layoutMismatches"):
            print(f"note: {locale}: {summary.get('linesNotFoundInText', 0)} labels whose lines are not "
                  f"found in their text, {summary.get('layoutMismatches', 0)} whose `labelgen layout` "
                  "lines differ from the manifest's")
    for locale, kinds in report["examples"].items():
        for kind, shown in kinds.items():
            if shown:
                print(f"\n{locale} {kind}:")
                for example in shown:
                    print(f"  {example['shown']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("labelgen", help="the labelgen binary to judge")
    parser.add_argument("corpus", nargs="?", default="out/typeset-corpus",
                        help="the folder of string tables (default out/typeset-corpus)")
    parser.add_argument("--style-extra", default="{}", metavar="JSON",
                        help="a JSON object merged into the base style")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                        help="labelgen jobs and parallel `labelgen layout` processes")
    parser.add_argument("--locales", default=None,
                        help="comma-separated locales to judge (default: every table in CORPUS)")
    parser.add_argument("--examples", type=int, default=3, help="worst examples per kind and locale")
    parser.add_argument("--fonts", default=None, help="passed on to labelgen as --fonts")
    parser.add_argument("--keep", default=None, metavar="DIR",
                        help="render into DIR and keep it (images, manifests, style.json)")
    args = parser.parse_args()

    try:
        extra = json.loads(args.style_extra)
    except json.JSONDecodeError as error:
        parser.error(f"--style-extra: {error}")
    if not isinstance(extra, dict):
        parser.error("--style-extra: expected a JSON object")
    labelgen = shutil.which(args.labelgen) or args.labelgen
    labelgen = str(Path(labelgen).absolute())
    corpus = Path(args.corpus)
    tables = sorted(corpus.glob("*.json"))
    if args.locales:
        wanted = args.locales.split(",")
        tables = [t for t in tables if t.stem in wanted]
        missing = set(wanted) - {t.stem for t in tables}
        if missing:
            sys.exit(f"typeset-eval: no table for {', '.join(sorted(missing))} in {corpus}")
    if not tables:
        sys.exit(f"typeset-eval: no string tables in {corpus}; run scripts/typeset-corpus.py first")

    budoux = load_budoux() if any(t.stem in CJK_LOCALES for t in tables) else None
    parsers = {}
    if budoux:
        parsers = {"ja": budoux.load_default_japanese_parser(),
                   "zh-Hans": budoux.load_default_simplified_chinese_parser()}

    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="typeset-eval-"))
    try:
        work.mkdir(parents=True, exist_ok=True)
        style_path = work / "style.json"
        style_path.write_text(json.dumps(merge(BASE_STYLE, extra), indent=2), encoding="utf-8")
        manifests = render(labelgen, tables, style_path, work / "out", args.jobs, args.fonts)

        # Widths of every multi-line label's lines, from `labelgen layout`.
        todo = [(locale, label) for locale, manifest in manifests.items()
                for label in manifest["labels"] if len(label["lines"]) > 1]
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            measured = list(pool.map(lambda item: line_widths(labelgen, style_path, item[0], item[1],
                                                              args.fonts), todo))
        widths = {(locale, label["key"]): m for (locale, label), m in zip(todo, measured)}
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    report = {"labelgen": labelgen, "corpus": str(corpus), "styleExtra": extra,
              "locales": {}, "overall": {}, "examples": {}}
    every_label, every_result = [], []
    for locale, manifest in manifests.items():
        labels = manifest["labels"]
        results, mismatches = [], 0
        for label in labels:
            if len(label["lines"]) < 2:
                results.append(None)
                continue
            line_width, same = widths[(locale, label["key"])]
            mismatches += not same
            result = analyse(label, line_width, parsers.get(locale))
            last = len(label["lines"]) - 1
            result["last_share"] = line_width[last] / max(line_width) if max(line_width) > 0 else 1
            result["split_phrases"] = split_phrases(label, result, parsers.get(locale))
            results.append(result)
        summary = summarise(labels, results)
        if mismatches:
            summary["layoutMismatches"] = mismatches
        report["locales"][locale] = summary
        report["examples"][locale] = examples([r for r in results if r], args.examples)
        every_label += labels
        every_result += results
    report["overall"] = summarise(every_label, every_result)

    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print_report(report)


if __name__ == "__main__":
    main()
