#!/usr/bin/env python3
"""The benchmark workload (see workload.py) with ImageMagick, several processes at a time
(one per core, each single-threaded), either one `convert` per label as build scripts
call it, or with --batch N one `convert` for N labels (each label's steps in
parentheses, written with -write), which saves starting ImageMagick for every label:
`caption:` fits and wraps the text in the 480x120 box, a border makes the 544x184
canvas, the alpha is dilated by an octagon for the outside stroke (close to bevel
joins), blurred with sigma 6 for the shadow, and a gradient is laid in through the
glyph mask.

What ImageMagick cannot do as asked: `caption:` takes the largest size that fits the
box with no bounds and no line limit, so short strings grow past 48 px and long ones
shrink below 16 px instead of ending in an ellipsis; the gradient spans the box, not
each line; no font fallback, so characters the locale's face lacks are missing; lines
break at spaces only, so Japanese, Chinese and Thai text breaks where a line fills up.

usage: imagemagick_labels.py --out DIR [--jobs N] [--batch N] TABLE.json...
"""
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import workload as W

CONVERT = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else shutil.which("convert")


def hex_color(rgb):
    return "#%02X%02X%02X" % rgb


def command(locale, text, path):
    bx, by, bw, bh = W.BOX
    # caption: reads percent escapes and a leading @ (a file); both are text here.
    escaped = text.replace("\\", "\\\\").replace("%", "%%")
    if escaped.startswith("@"):
        escaped = "\\" + escaped
    return [
        CONVERT,
        "-background", "none", "-font", W.font_file(locale), "-fill", "white",
        "-size", f"{bw}x{bh}", "-gravity", "center", f"caption:{escaped}",
        "-gravity", "northwest", "-bordercolor", "none", "-border", f"{bx}x{by}",
        "-alpha", "extract", "-write", "mpr:fill", "+delete",
        "mpr:fill", "-morphology", "Dilate", f"Octagon:{W.STROKE_WIDTH}", "-write", "mpr:stroked", "+delete",
        # Shadow: black through the blurred silhouette at 67%, offset.
        "(", "-size", f"{W.CANVAS[0]}x{W.CANVAS[1]}", "xc:black",
        "(", "mpr:stroked", "-blur", f"0x{W.SHADOW_SIGMA:g}", "-evaluate", "multiply", f"{W.SHADOW_ALPHA}", ")",
        "-alpha", "off", "-compose", "CopyOpacity", "-composite",
        "-repage", f"+{W.SHADOW_OFFSET[0]}+{W.SHADOW_OFFSET[1]}", ")",
        # Stroke colour through the dilated silhouette.
        "(", "-size", f"{W.CANVAS[0]}x{W.CANVAS[1]}", f"xc:{hex_color(W.STROKE_COLOR)}", "mpr:stroked",
        "-alpha", "off", "-compose", "CopyOpacity", "-composite", ")",
        # The gradient over the box, through the glyphs.
        "(", "-size", f"{W.CANVAS[0]}x{W.CANVAS[1]}", f"xc:{hex_color(W.BOTTOM_COLOR)}",
        "(", "-size", f"{bw}x{bh}", f"gradient:{hex_color(W.TOP_COLOR)}-{hex_color(W.BOTTOM_COLOR)}", ")",
        "-geometry", f"+{bx}+{by}", "-compose", "Over", "-composite",
        "mpr:fill", "-compose", "CopyOpacity", "-composite", ")",
        "-background", "none", "-compose", "Over", "-layers", "flatten",
        "-define", "png:compression-level=1", f"PNG32:{path}",
    ]


def batch_command(labels, out):
    """One convert for many labels: each label's steps inside parentheses (settings
    reset at the closing one), its image written and then dropped."""
    argv = [CONVERT, "-respect-parentheses"]
    for locale, key, text in labels:
        steps = command(locale, text, os.path.join(out, locale, W.safe_name(key)))
        argv += ["(", *steps[1:-1], "-write", steps[-1], ")", "+delete"]
    return argv + ["-size", "1x1", "xc:none", "null:"]


def main():
    args = sys.argv[1:]
    batch = 1
    if "--batch" in args:
        at = args.index("--batch")
        batch = int(args[at + 1])
        del args[at:at + 2]
        sys.argv[1:] = args
    out, jobs, tables = W.parse_arguments()
    labels = W.load_tables(tables)
    for locale in {label[0] for label in labels}:
        os.makedirs(os.path.join(out, locale), exist_ok=True)
    env = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_NUM_THREADS="1")

    def run_group(group):
        argv = command(group[0][0], group[0][2], os.path.join(out, group[0][0], W.safe_name(group[0][1]))) \
            if batch == 1 else batch_command(group, out)
        result = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if result.returncode != 0:
            sys.stderr.write(f"convert failed for {group[0][0]}/{group[0][1]}…: "
                             f"{result.stderr.decode(errors='replace')[:300]}\n")
        return len(group)

    groups = [labels[i:i + batch] for i in range(0, len(labels), batch)]
    start = time.perf_counter()
    with ThreadPoolExecutor(jobs) as pool:
        done = sum(pool.map(run_group, groups))
    print(json.dumps({"labels": done, "seconds": time.perf_counter() - start}))


if __name__ == "__main__":
    main()
