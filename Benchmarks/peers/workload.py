"""The benchmark's workload, shared by the peer scripts: what Benchmarks/styles/score.json
asks of labelgen, in the terms of other tools.

NotoSans-Bold (the locale's Noto face for scripts it lacks) at the largest size in
[16, 48] px, on labelgen's 1/2 px grid, that fits a 480x120 box in at most 2 lines, else a tail
ellipsis at 16 px; centred both ways; a gradient #FFE066 -> #FF8C00 from the top to the
bottom of each line's ink; a 4 px outside stroke #3A1F00 with bevel joins; a shadow of
the stroked text offset (0, 3), Gaussian sigma 6, black at 67%; a 544x184 transparent
canvas with the box at (32, 32); one PNG per key, OUT/<locale>/<key>.png.
"""
import json
import math
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FONTS = os.path.join(ROOT, "Fonts")

CANVAS = (544, 184)
BOX = (32, 32, 480, 120)  # x, y, width, height
MAX_SIZE, MIN_SIZE, SIZE_STEP = 48.0, 16.0, 0.5
MAX_LINES = 2
TOP_COLOR = (0xFF, 0xE0, 0x66)
BOTTOM_COLOR = (0xFF, 0x8C, 0x00)
STROKE_COLOR = (0x3A, 0x1F, 0x00)
STROKE_WIDTH = 4
SHADOW_OFFSET = (0, 3)
SHADOW_SIGMA = 6.0
SHADOW_ALPHA = 0.67
ELLIPSIS = "\u2026"

# The face score.json names per locale (its `locales` overrides), as files and families.
# Arabic, Thai and Devanagari are drawn with their UI versions, as labelgen's default
# compact metrics do; the CJK face is one for every region.
FONT_FILES = {
    "ja": "NotoSansCJK-Bold-Subset.otf",
    "zh-Hans": "NotoSansCJK-Bold-Subset.otf",
    "zh-Hant": "NotoSansCJK-Bold-Subset.otf",
    "ko": "NotoSansCJK-Bold-Subset.otf",
    "ar": "NotoSansArabicUI-Bold.ttf",
    "he": "NotoSansHebrew-Bold.ttf",
    "th": "NotoSansThaiUI-Bold.ttf",
    "hi": "NotoSansDevanagariUI-Bold.ttf",
}
FONT_FAMILIES = {
    "ja": "Noto Sans CJK JP",
    "zh-Hans": "Noto Sans CJK JP",
    "zh-Hant": "Noto Sans CJK JP",
    "ko": "Noto Sans CJK JP",
    "ar": "Noto Sans Arabic UI",
    "he": "Noto Sans Hebrew",
    "th": "Noto Sans Thai UI",
    "hi": "Noto Sans Devanagari UI",
}
# Written without spaces between words: wrapped between characters by tools without
# a dictionary line breaker.
UNSPACED = {"ja", "zh-Hans", "zh-Hant", "th"}


def font_file(locale):
    return os.path.join(FONTS, FONT_FILES.get(locale, "NotoSans-Bold.ttf"))


def font_family(locale):
    return FONT_FAMILIES.get(locale, "Noto Sans")


def size_candidates():
    """The sizes labelgen's Fitter chooses from, smallest first: the minimum size, the
    multiples of SIZE_STEP strictly between, and the full size."""
    first = math.floor(MIN_SIZE / SIZE_STEP) + 1
    last = math.ceil(MAX_SIZE / SIZE_STEP) - 1
    return [MIN_SIZE] + [k * SIZE_STEP for k in range(first, last + 1)] + [MAX_SIZE]


def largest_fitting(fits):
    """The largest size on the grid that fits, in labelgen's order (its Fitter): the
    full size first, which most strings take; then the minimum size; then a binary
    search between them, and the next three sizes above the one found, since fit is
    not monotonic once lines wrap. None when even MIN_SIZE does not fit."""
    sizes = size_candidates()
    if fits(sizes[-1]):
        return sizes[-1]
    if not fits(sizes[0]):
        return None
    lo, hi = 0, len(sizes) - 1  # sizes[lo] fits, sizes[hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(sizes[mid]):
            lo = mid
        else:
            hi = mid
    found = lo
    for k in range(found + 1, min(len(sizes) - 1, found + 4)):
        if fits(sizes[k]):
            lo = k
    return sizes[lo]


def box_sizes(sigma):
    """Three box blurs matching a Gaussian (W3C filter effects), as labelgen uses."""
    ideal = (12 * sigma * sigma / 3 + 1) ** 0.5
    lower = int(ideal)
    if lower % 2 == 0:
        lower -= 1
    upper = lower + 2
    m = round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4))
    return [lower if i < m else upper for i in range(3)]


def load_tables(paths):
    """(locale, key, text) for every string of the JSON tables; the locale is the file name."""
    labels = []
    for path in paths:
        locale = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            table = json.load(f)
        flat = []

        def walk(prefix, node):
            for key, value in node.items():
                if isinstance(value, dict):
                    walk(prefix + key + ".", value)
                else:
                    flat.append((prefix + key, value))

        walk("", table)
        labels += [(locale, key, text) for key, text in flat]
    return labels


def parse_arguments():
    """--out DIR [--jobs N] TABLE..."""
    args = sys.argv[1:]
    out, jobs, tables = "out", os.cpu_count() or 1, []
    while args:
        arg = args.pop(0)
        if arg == "--out":
            out = args.pop(0)
        elif arg == "--jobs":
            jobs = int(args.pop(0))
        else:
            tables.append(arg)
    return out, jobs, tables


def run(render_chunk, initializer=None):
    """Renders every label with `jobs` processes, each taking interleaved slices, and
    prints how many labels took how long as JSON."""
    import multiprocessing

    out, jobs, tables = parse_arguments()
    labels = load_tables(tables)
    for locale in {label[0] for label in labels}:
        os.makedirs(os.path.join(out, locale), exist_ok=True)
    start = time.perf_counter()
    chunks = [(out, labels[i::jobs]) for i in range(jobs)]
    if jobs == 1:
        if initializer:
            initializer()
        done = render_chunk(chunks[0])
    else:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=initializer) as pool:
            done = sum(pool.map(render_chunk, chunks))
    print(json.dumps({"labels": done, "seconds": time.perf_counter() - start}))


def safe_name(key):
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in key) + ".png"
