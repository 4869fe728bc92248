#!/usr/bin/env python3
"""Runs the label benchmark and prints its report: labelgen's throughput (full run,
--jobs 1, re-run with nothing changed), time per stage, peak memory and layout latency,
then the same workload with Pillow, Pango+Cairo and ImageMagick, and the targets.

Run through `make bench`, which installs the peers and builds everything first.
Environment: BENCH_REPEAT (labelgen runs per figure, median taken; default 3),
BENCH_COUNT (generated strings; default 10000), BENCH_PEER_SAMPLE (every Nth string of
the generated table for ImageMagick; default 25), BENCH_SCRATCH (default .build-bench).
"""
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCRATCH = os.path.join(ROOT, os.environ.get("BENCH_SCRATCH", ".build-bench"))
WORK = os.path.join(SCRATCH, "bench")
LABELGEN = os.path.join(SCRATCH, "release", "labelgen")
HARNESS = os.path.join(SCRATCH, "harness", "release", "labelgen-bench")
STYLE = os.path.join(ROOT, "Benchmarks", "styles", "score.json")
PEERS = os.path.join(ROOT, "Benchmarks", "peers")
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
COUNT = int(os.environ.get("BENCH_COUNT", "10000"))
PEER_SAMPLE = int(os.environ.get("BENCH_PEER_SAMPLE", "25"))
CORES = os.cpu_count() or 1


def say(text=""):
    print(text, flush=True)


def load():
    return "%.2f" % os.getloadavg()[0]


def timed(argv, cwd=ROOT, env=None):
    """Runs argv; returns (seconds, None, stdout). Fails loudly."""
    start = time.perf_counter()
    process = subprocess.run(argv, cwd=cwd, env=env, capture_output=True)
    seconds = time.perf_counter() - start
    if process.returncode != 0:
        sys.stderr.write(process.stderr.decode(errors="replace"))
        raise SystemExit(f"bench: {' '.join(argv[:3])}… exited {process.returncode}")
    return seconds, None, process.stdout.decode()


def timed_with_memory(argv, cwd=ROOT, env=None):
    """Runs argv; returns (seconds, peak RSS in MB of it and the children it waited
    for, stdout)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv[:3])}… exited {process.returncode}")
    return seconds, usage.ru_maxrss / 1024, out.decode()


def tables(folder):
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".json"))


def count_labels(paths):
    sys.path.insert(0, PEERS)
    import workload
    return len(workload.load_tables(paths))


def labelgen_runs(name, paths, labels):
    """Full cold runs (default jobs and --jobs 1) and re-runs, each REPEAT times."""
    out = os.path.join(WORK, "out-" + name)
    base = [LABELGEN, *paths, "--style", STYLE, "--quiet", "--fonts", os.path.join(ROOT, "Fonts")]
    result = {"labels": labels, "full": [], "jobs1": [], "rerun": [], "peak_mb": 0.0, "load": []}
    # Interleaved, so that other work on the machine weighs on every figure alike.
    for _ in range(REPEAT):
        result["load"].append(load())
        shutil.rmtree(out, ignore_errors=True)
        seconds, peak, _ = timed_with_memory(base + ["--out", out])
        result["full"].append(seconds)
        result["peak_mb"] = max(result["peak_mb"], peak)
        seconds, _, _ = timed_with_memory(base + ["--out", out])
        result["rerun"].append(seconds)
        result["load"].append(load())
        shutil.rmtree(out, ignore_errors=True)
        seconds, _, _ = timed_with_memory(base + ["--out", out, "--jobs", "1"])
        result["jobs1"].append(seconds)
    shutil.rmtree(out, ignore_errors=True)
    for key in ("full", "jobs1", "rerun"):
        result[key] = statistics.median(result[key])
    return result


def peer_run(tool, python, paths, env=None):
    out = os.path.join(WORK, "peer-" + tool)
    shutil.rmtree(out, ignore_errors=True)
    script = os.path.join(PEERS, tool + "_labels.py")
    seconds, peak, stdout = timed_with_memory([python, script, "--out", out, "--jobs", str(CORES), *paths],
                                              cwd=PEERS, env=env)
    labels = json.loads(stdout.strip().splitlines()[-1])["labels"]
    shutil.rmtree(out, ignore_errors=True)
    return {"labels": labels, "seconds": seconds, "rate": labels / seconds, "peak_mb": peak}


def sample_tables(paths, every, folder):
    """Every Nth string of each table, for the slowest peer."""
    os.makedirs(folder, exist_ok=True)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            table = json.load(f)
        keys = sorted(table)[::every]
        with open(os.path.join(folder, os.path.basename(path)), "w", encoding="utf-8") as f:
            json.dump({k: table[k] for k in keys}, f, ensure_ascii=False)
    return tables(folder)


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    os_name = platform.platform()
    try:
        with open("/etc/os-release") as f:
            os_name = dict(l.rstrip().split("=", 1) for l in f if "=" in l).get("PRETTY_NAME", os_name).strip('"')
    except OSError:
        pass
    return f"{model}, {CORES} cores, {memory:.0f} GiB, {os_name}, {swift[0] if swift else 'swift ?'}"


def row(*cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def main():
    os.makedirs(WORK, exist_ok=True)
    python = sys.executable
    say(f"Machine: {machine()}")
    say(f"Load average at start: {' '.join('%.2f' % l for l in os.getloadavg())}")
    say()

    generated = os.path.join(WORK, "generated")
    shutil.rmtree(generated, ignore_errors=True)
    subprocess.run([python, os.path.join(ROOT, "Benchmarks", "make-tables.py"), generated, str(COUNT)], check=True)
    sets = {
        "demo": tables(os.path.join(ROOT, "Localizations", "strings")),
        "generated": tables(generated),
    }
    sizes = {name: count_labels(paths) for name, paths in sets.items()}
    say(f"Workload: Benchmarks/styles/score.json on the demo tables ({sizes['demo']} strings, 13 locales) "
        f"and on {sizes['generated']} generated strings (Benchmarks/make-tables.py, 12 locales); "
        "one 544x184 PNG per string.")
    say()

    # --- Swift API: latency and stages -------------------------------------------------
    _, _, out = timed([HARNESS, "latency", "--style", STYLE, "--fonts", os.path.join(ROOT, "Fonts")])
    latency = json.loads(out)["latency"]
    say("Layout latency through the Swift API (LayoutEngine.layout, warm engine, one thread):")
    say(row("string", "lines", "median µs", "p90 µs"))
    say(row("---", "---:", "---:", "---:"))
    for item in latency:
        say(row(item["name"], item["lines"], "%.1f" % item["median_us"], "%.1f" % item["p90_us"]))
    say()

    stages = {}
    for name, paths in sets.items():
        every = "50" if name == "generated" else "10"
        _, _, out = timed([HARNESS, "stages", "--style", STYLE, "--fonts", os.path.join(ROOT, "Fonts"),
                           "--encoders", every, *paths])
        stages[name] = json.loads(out)
    say("Time per stage through the Swift API (one thread, ms per label; load is per run):")
    say(row("table", "load (whole run)", "layout", "raster", "PNG encode", "PNG KB/label"))
    say(row("---", "---:", "---:", "---:", "---:", "---:"))
    for name, s in stages.items():
        n = s["labels"]
        say(row(name, "%.0f ms" % (s["load_s"] * 1000), "%.3f" % (s["layout_s"] * 1000 / n),
                "%.3f" % (s["raster_s"] * 1000 / n), "%.3f" % (s["encode_s"] * 1000 / n),
                "%.1f" % (s["png_bytes"] / 1024 / s["images"])))
    say()
    encoders = stages["generated"].get("encoders", [])
    if encoders:
        say(f"PNG encoders on {stages['generated']['encoder_sample']} of the generated labels "
            "(one 544x184 image each):")
        say(row("encoder", "ms/image", "KB/image"))
        say(row("---", "---:", "---:"))
        for e in encoders:
            say(row(e["name"], "%.2f" % e["ms"], "%.1f" % e["kb"]))
        say()

    # --- labelgen CLI ------------------------------------------------------------------
    runs = {}
    for name, paths in sets.items():
        say(f"labelgen on {name} ({REPEAT} runs each)…")
        runs[name] = labelgen_runs(name, paths, sizes[name])
    say()
    say(f"labelgen command line (labels per second, median of {REPEAT}; full runs start with no output folder):")
    say(row("table", "labels", f"full run (--jobs {CORES})", "--jobs 1", "scaling", "re-run, nothing changed",
            "re-run / full", "peak memory"))
    say(row("---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"))
    for name, r in runs.items():
        n = r["labels"]
        say(row(name, n, "%.0f/s (%.2f s)" % (n / r["full"], r["full"]), "%.0f/s (%.2f s)" % (n / r["jobs1"], r["jobs1"]),
                "%.2fx" % (r["jobs1"] / r["full"]), "%.3f s" % r["rerun"], "%.1f%%" % (100 * r["rerun"] / r["full"]),
                "%.0f MB" % r["peak_mb"]))
    say()

    # --- peers -------------------------------------------------------------------------
    peers = {}
    magick_sample = sample_tables(sets["generated"], PEER_SAMPLE, os.path.join(WORK, "generated-sample"))
    for tool, label in (("pillow", "Pillow"), ("pango", "Pango+Cairo"), ("imagemagick", "ImageMagick")):
        peers[tool] = {}
        for name, paths in sets.items():
            if tool == "imagemagick" and name == "generated":
                paths = magick_sample
            say(f"{label} on {name}…")
            peers[tool][name] = peer_run(tool, python, paths)
    say()
    say(f"The same workload with other tools ({CORES} processes each; labels per second, one run"
        + (f"; ImageMagick on every {PEER_SAMPLE}th generated string" if PEER_SAMPLE > 1 else "") + "):")
    say(row("tool", "table", "labels", "labels/s", "peak memory", f"labelgen full run is", "labelgen --jobs 1 is"))
    say(row("---", "---", "---:", "---:", "---:", "---:", "---:"))
    for tool, label in (("pillow", "Pillow " + pillow_version(python)), ("pango", "Pango+Cairo " + pango_version(python)),
                        ("imagemagick", "ImageMagick " + magick_version())):
        for name in sets:
            p = peers[tool][name]
            r = runs[name]
            ours, ours1 = r["labels"] / r["full"], r["labels"] / r["jobs1"]
            say(row(label, name, p["labels"], "%.1f" % p["rate"], "%.0f MB" % p["peak_mb"],
                    "%.1fx" % (ours / p["rate"]), "%.1fx" % (ours1 / p["rate"])))
    say()

    # --- targets -------------------------------------------------------------------------
    g = runs["generated"]
    ours, ours1 = g["labels"] / g["full"], g["labels"] / g["jobs1"]
    short = next(item for item in latency if item["name"] == "short")["median_us"]
    checks = [
        (">= 10x Pillow, default settings", ours / peers["pillow"]["generated"]["rate"], 10),
        (">= 10x Pango+Cairo, default settings", ours / peers["pango"]["generated"]["rate"], 10),
        (">= 5x Pillow with --jobs 1", ours1 / peers["pillow"]["generated"]["rate"], 5),
        (">= 5x Pango+Cairo with --jobs 1", ours1 / peers["pango"]["generated"]["rate"], 5),
        (">= 100x ImageMagick", ours / peers["imagemagick"]["generated"]["rate"], 100),
        (f"--jobs {CORES} >= 1.7x --jobs 1", g["jobs1"] / g["full"], 1.7),
    ]
    say(f"Targets (generated table, {g['labels']} labels):")
    say(row("target", "measured", "met"))
    say(row("---", "---:", "---"))
    for text, value, goal in checks:
        say(row(text, "%.2fx" % value, "yes" if value >= goal else "no"))
    say(row("re-run with nothing changed < 5% of a full run", "%.1f%%" % (100 * g["rerun"] / g["full"]),
            "yes" if g["rerun"] < 0.05 * g["full"] else "no"))
    say(row("peak memory < 300 MB", "%.0f MB" % g["peak_mb"], "yes" if g["peak_mb"] < 300 else "no"))
    say(row("short single-line layout < 50 µs warm", "%.1f µs" % short, "yes" if short < 50 else "no"))
    say()
    say(f"Load average at end: {' '.join('%.2f' % l for l in os.getloadavg())}; "
        f"before each labelgen full and --jobs 1 run on the generated table: {', '.join(runs['generated']['load'])}")


def pillow_version(python):
    return subprocess.run([python, "-c", "import PIL; print(PIL.__version__)"], capture_output=True, text=True).stdout.strip()


def pango_version(python):
    code = ("import gi; gi.require_version('Pango', '1.0'); from gi.repository import Pango; "
            "print(Pango.version_string())")
    return subprocess.run([python, "-c", code], capture_output=True, text=True).stdout.strip()


def magick_version():
    out = subprocess.run(["/usr/bin/convert", "-version"], capture_output=True, text=True).stdout.split()
    return out[2] if len(out) > 2 else "?"


if __name__ == "__main__":
    main()
