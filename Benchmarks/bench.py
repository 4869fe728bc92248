#!/usr/bin/env python3
"""Runs the label benchmark and prints its report: layout latency (truncated labels
included) and CPU time per stage through the Swift API; labelgen's throughput (default
jobs, --jobs 1, re-run with nothing changed) and peak memory; the same workload with
Pillow, Pango+Cairo and ImageMagick (one process per label and in batches), each on one
core and on all cores; the ratios; labelgen's start-up; and the targets.

Run through `make bench`, which installs the peers and builds everything first.
Environment: BENCH_REPEAT (labelgen runs per figure, median taken; default 3),
BENCH_COUNT (generated strings; default 2000), BENCH_PEER_SAMPLE (every Nth string of
the generated table for ImageMagick; default 25), BENCH_MAGICK_BATCH (labels per
`convert` in ImageMagick's batch form; default 20), BENCH_SCRATCH (default .build-bench),
BENCH_OUT (where every tool writes its images; default a fresh folder on /dev/shm when that
is a tmpfs, else under BENCH_SCRATCH), BENCH_STARTUP_RUNS (one-key runs for the start-up
figure, median taken; default 5).

labelgen syncs its outputs to the disk before renaming them into place (once per run); on a
disk that costs system CPU and waits that depend on what else the disk is doing, and the
peers do not sync at all. So the compared runs write to a tmpfs, and one --jobs 1 run per
repeat writes to the disk under BENCH_SCRATCH, reported on its own line.
"""
import collections
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
COUNT = int(os.environ.get("BENCH_COUNT", "2000"))
PEER_SAMPLE = int(os.environ.get("BENCH_PEER_SAMPLE", "25"))
MAGICK_BATCH = int(os.environ.get("BENCH_MAGICK_BATCH", "20"))
STARTUP_RUNS = int(os.environ.get("BENCH_STARTUP_RUNS", "5"))
# The scale runs: one German table of each size, and LOCALES tables of the middle size.
SCALE_COUNTS = [int(n) for n in os.environ.get("BENCH_SCALE", "2000 20000 100000").split()]
SCALE_LOCALES = int(os.environ.get("BENCH_SCALE_LOCALES", "10"))
CORES = os.cpu_count() or 1


def on_tmpfs(path):
    """Whether path's file system is a tmpfs (the longest mount point that holds it)."""
    path, best, kind = os.path.realpath(path), "", ""
    try:
        with open("/proc/mounts") as f:
            for line in f:
                fields = line.split()
                if len(fields) < 3:
                    continue
                point = fields[1]
                if (path == point or path.startswith(point.rstrip("/") + "/")) and len(point) >= len(best):
                    best, kind = point, fields[2]
    except OSError:
        return False
    return kind == "tmpfs"


def output_root():
    if os.environ.get("BENCH_OUT"):
        return os.path.abspath(os.environ["BENCH_OUT"])
    if os.path.isdir("/dev/shm") and on_tmpfs("/dev/shm"):
        return os.path.join("/dev/shm", f"labelgen-bench-{os.getpid()}")
    return os.path.join(WORK, "out")


OUT = output_root()


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


# One process's run: wall seconds, peak RSS in MB, stdout, user and system CPU seconds.
# wait4 reports that one child (and any children it waited for), never the bench's
# earlier runs, which RUSAGE_CHILDREN would add up.
Run = collections.namedtuple("Run", "seconds peak_mb stdout user sys")


def timed_with_memory(argv, cwd=ROOT, env=None):
    """Runs argv; returns a Run."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv[:3])}… exited {process.returncode}")
    return Run(seconds, usage.ru_maxrss / 1024, out.decode(), usage.ru_utime, usage.ru_stime)


def tables(folder):
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".json"))


def count_labels(paths):
    sys.path.insert(0, PEERS)
    import workload
    return len(workload.load_tables(paths))


def labelgen_base(paths):
    return [LABELGEN, *paths, "--style", STYLE, "--quiet", "--fonts", os.path.join(ROOT, "Fonts")]


def labelgen_runs(name, paths, labels):
    """Full cold runs (default jobs and --jobs 1) and re-runs, each REPEAT times, into
    OUT; and a --jobs 1 run into a folder on the disk, to show what the syncs cost there."""
    out = os.path.join(OUT, "labelgen-" + name)
    disk = os.path.join(WORK, "out-" + name)
    base = labelgen_base(paths)
    keys = ("full", "jobs1", "rerun", "cpu", "user", "sys", "disk", "disk_cpu", "disk_user", "disk_sys")
    result = {"labels": labels, "peak_mb": 0.0, "load": [], **{key: [] for key in keys}}
    # Interleaved, so that other work on the machine weighs on every figure alike.
    for _ in range(REPEAT):
        result["load"].append(load())
        shutil.rmtree(out, ignore_errors=True)
        run = timed_with_memory(base + ["--out", out])
        result["full"].append(run.seconds)
        result["peak_mb"] = max(result["peak_mb"], run.peak_mb)
        result["rerun"].append(timed_with_memory(base + ["--out", out]).seconds)
        result["load"].append(load())
        # One --jobs 1 run into the tmpfs ("jobs1", "cpu", ...), one to the disk ("disk", "disk_cpu", ...).
        for folder, prefix, seconds in [(out, "", "jobs1"), (disk, "disk_", "disk")]:
            shutil.rmtree(folder, ignore_errors=True)
            run = timed_with_memory(base + ["--out", folder, "--jobs", "1"])
            result[seconds].append(run.seconds)
            result[prefix + "cpu"].append(run.user + run.sys)
            result[prefix + "user"].append(run.user)
            result[prefix + "sys"].append(run.sys)
            shutil.rmtree(folder, ignore_errors=True)
    for key in keys:
        result[key] = statistics.median(result[key])
    return result


def scale_runs(python):
    """One run of labelgen (all cores) into an empty folder per size, then a re-run with
    nothing changed: a German table of each of SCALE_COUNTS strings, and SCALE_LOCALES
    copies of the middle one under other locale names. Memory must follow the work in
    flight, not the number of labels."""
    rows = []
    source = os.path.join(WORK, "scale")
    shutil.rmtree(source, ignore_errors=True)
    middle = SCALE_COUNTS[len(SCALE_COUNTS) // 2]
    cases = [(f"{n} labels, 1 locale", n, 1) for n in SCALE_COUNTS]
    if SCALE_LOCALES > 1:
        cases.append((f"{middle} labels x {SCALE_LOCALES} locales", middle, SCALE_LOCALES))
    for name, count, locales in cases:
        folder = os.path.join(source, f"{count}")
        if not os.path.exists(folder):
            subprocess.run([python, os.path.join(ROOT, "Benchmarks", "make-tables.py"), folder, str(count), "de"], check=True)
        paths = [os.path.join(folder, "de.json")]
        if locales > 1:
            copies = os.path.join(source, f"{count}x{locales}")
            os.makedirs(copies, exist_ok=True)
            paths = []
            regions = ["", "-AT", "-CH", "-BE", "-LU", "-LI", "-IT", "-DK", "-NL", "-PL", "-FR", "-CZ", "-HU", "-RO",
                       "-US", "-BR", "-NA", "-CA", "-AU", "-GB"]
            for index in range(locales):
                path = os.path.join(copies, f"de{regions[index % len(regions)]}.json")
                shutil.copyfile(os.path.join(folder, "de.json"), path)
                paths.append(path)
        out = os.path.join(OUT, "labelgen-scale")
        shutil.rmtree(out, ignore_errors=True)
        say(f"labelgen on {name}…")
        full = timed_with_memory(labelgen_base(paths) + ["--out", out])
        rerun = timed_with_memory(labelgen_base(paths) + ["--out", out])
        shutil.rmtree(out, ignore_errors=True)
        rows.append((name, count * locales, full, rerun))
    shutil.rmtree(source, ignore_errors=True)
    return rows


def middle_count(scale):
    """The size the many-locale scale run copies."""
    return SCALE_COUNTS[len(SCALE_COUNTS) // 2]


def startup():
    """labelgen on a table of one key with the benchmark's style, into an empty output
    folder, STARTUP_RUNS times: what every invocation pays before and around its labels
    (loading the libraries, parsing arguments, style and table, fontconfig's set-up,
    hashing the font folder for the labels' input hashes, writing the manifest)."""
    folder = os.path.join(WORK, "startup")
    os.makedirs(folder, exist_ok=True)
    table = os.path.join(folder, "en.json")
    with open(table, "w", encoding="utf-8") as f:
        json.dump({"hud.score": "Score"}, f)
    out = os.path.join(OUT, "labelgen-startup")
    runs = []
    for _ in range(STARTUP_RUNS):
        shutil.rmtree(out, ignore_errors=True)
        runs.append(timed_with_memory(labelgen_base([table]) + ["--out", out]))
    shutil.rmtree(out, ignore_errors=True)
    return {"runs": len(runs), "wall_ms": statistics.median(r.seconds for r in runs) * 1000,
            "cpu_ms": statistics.median(r.user + r.sys for r in runs) * 1000,
            "user_ms": statistics.median(r.user for r in runs) * 1000,
            "sys_ms": statistics.median(r.sys for r in runs) * 1000,
            "peak_mb": max(r.peak_mb for r in runs)}


def peer_run(tool, python, paths, jobs, extra=()):
    """One run of a peer script with `jobs` processes: labels, seconds, labels per
    second, CPU ms per label (interpreter start included) and peak memory."""
    out = os.path.join(OUT, "peer-" + tool)
    shutil.rmtree(out, ignore_errors=True)
    script = os.path.join(PEERS, tool + "_labels.py")
    run = timed_with_memory([python, script, "--out", out, "--jobs", str(jobs), *extra, *paths], cwd=PEERS)
    labels = json.loads(run.stdout.strip().splitlines()[-1])["labels"]
    shutil.rmtree(out, ignore_errors=True)
    return {"labels": labels, "seconds": run.seconds, "rate": labels / run.seconds, "peak_mb": run.peak_mb,
            "cpu_ms": (run.user + run.sys) * 1000 / labels}


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
    created = not os.path.exists(OUT)
    os.makedirs(OUT, exist_ok=True)
    try:
        report()
    finally:
        if created:
            shutil.rmtree(OUT, ignore_errors=True)


def report():
    python = sys.executable
    say(f"Machine: {machine()}")
    say(f"Load average at start: {' '.join('%.2f' % l for l in os.getloadavg())}")
    say(f"Images written to {OUT} ({'tmpfs' if on_tmpfs(OUT) else 'not a tmpfs'}); "
        f"labelgen's --jobs 1 disk runs to {WORK} ({'tmpfs' if on_tmpfs(WORK) else 'not a tmpfs'}).")
    say()

    generated = os.path.join(WORK, "generated")
    shutil.rmtree(generated, ignore_errors=True)
    subprocess.run([python, os.path.join(ROOT, "Benchmarks", "make-tables.py"), generated, str(COUNT)], check=True)
    sets = {
        "demo": tables(os.path.join(ROOT, "Localizations", "strings")),
        "generated": tables(generated),
    }
    sizes = {name: count_labels(paths) for name, paths in sets.items()}
    say(f"Workload: Benchmarks/styles/score.json on the demo tables ({sizes['demo']} strings) "
        f"and on {sizes['generated']} generated strings (Benchmarks/make-tables.py, 12 locales); "
        "one 544x184 PNG per string.")
    say()

    # --- Swift API: latency and stages -------------------------------------------------
    _, _, out = timed([HARNESS, "latency", "--style", STYLE, "--fonts", os.path.join(ROOT, "Fonts")])
    latency = json.loads(out)["latency"]
    say("Layout latency through the Swift API (LayoutEngine.layout, warm engine, one thread, thread CPU time):")
    say(row("string", "lines", "truncated", "median µs", "p90 µs"))
    say(row("---", "---:", "---", "---:", "---:"))
    for item in latency:
        say(row(item["name"], item["lines"], "yes" if item["truncated"] else "no",
                "%.1f" % item["median_us"], "%.1f" % item["p90_us"]))
    say()

    stages = {}
    for name, paths in sets.items():
        every = "50" if name == "generated" else "10"
        _, _, out = timed([HARNESS, "stages", "--style", STYLE, "--fonts", os.path.join(ROOT, "Fonts"),
                           "--encoders", every, *paths])
        stages[name] = json.loads(out)
    say("CPU milliseconds per label and stage through the Swift API (one thread; load is per run):")
    say(row("table", "load (whole run)", "layout", "raster", "PNG encode", "total", "PNG KB/label"))
    say(row("---", "---:", "---:", "---:", "---:", "---:", "---:"))
    for name, st in stages.items():
        n = st["labels"]
        say(row(name, "%.0f ms" % (st["load_s"] * 1000), "%.3f" % (st["layout_s"] * 1000 / n),
                "%.3f" % (st["raster_s"] * 1000 / n), "%.3f" % (st["encode_s"] * 1000 / n),
                "%.3f" % ((st["layout_s"] + st["raster_s"] + st["encode_s"]) * 1000 / n),
                "%.1f" % (st["png_bytes"] / 1024 / st["images"])))
    say()
    encoders = stages["generated"].get("encoders", [])
    if encoders:
        say(f"PNG encoders on {stages['generated']['encoder_sample']} of the generated labels "
            "(one 544x184 image each, CPU time):")
        say(row("encoder", "ms/image", "KB/image"))
        say(row("---", "---:", "---:"))
        for e in encoders:
            say(row(e["name"], "%.2f" % e["ms"], "%.1f" % e["kb"]))
        say()

    # --- labelgen CLI ------------------------------------------------------------------
    say(f"labelgen start-up ({STARTUP_RUNS} runs)…")
    start = startup()
    runs = {}
    for name, paths in sets.items():
        say(f"labelgen on {name} ({REPEAT} runs each)…")
        runs[name] = labelgen_runs(name, paths, sizes[name])
    say()
    say(f"labelgen command line (labels per second, median of {REPEAT}; full runs start with no output folder; "
        "CPU is user + system of the process alone):")
    say(row("table", "labels", f"full run (--jobs {CORES})", "--jobs 1", f"--jobs {CORES} / --jobs 1",
            "CPU ms/label (--jobs 1)", "re-run, nothing changed", "re-run / full", "peak memory"))
    say(row("---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"))
    for name, r in runs.items():
        n = r["labels"]
        say(row(name, n, "%.0f/s (%.2f s)" % (n / r["full"], r["full"]), "%.0f/s (%.2f s)" % (n / r["jobs1"], r["jobs1"]),
                "%.2fx" % (r["jobs1"] / r["full"]),
                "%.2f (%.2f + %.2f)" % (r["cpu"] * 1000 / n, r["user"] * 1000 / n, r["sys"] * 1000 / n),
                "%.3f s" % r["rerun"], "%.1f%%" % (100 * r["rerun"] / r["full"]), "%.0f MB" % r["peak_mb"]))
    say()
    say("The same --jobs 1 runs writing to the disk (synced once before the renames), median of %d:" % REPEAT)
    for name, r in runs.items():
        n = r["labels"]
        say(f"- {name}: {n / r['disk']:.0f} labels/s ({r['disk']:.2f} s), CPU ms/label "
            f"{r['disk_cpu'] * 1000 / n:.2f} ({r['disk_user'] * 1000 / n:.2f} user + "
            f"{r['disk_sys'] * 1000 / n:.2f} system)")
    say()
    g = runs["generated"]
    say(f"labelgen start-up: a table of one key, score style, empty output folder, median of {start['runs']} runs: "
        f"{start['wall_ms']:.0f} ms wall, {start['cpu_ms']:.0f} ms CPU ({start['user_ms']:.0f} user + "
        f"{start['sys_ms']:.0f} system), {start['peak_mb']:.0f} MB peak; "
        f"{start['cpu_ms'] / g['labels']:.3f} CPU ms per label of the generated run.")
    say()

    # --- scale ---------------------------------------------------------------------------
    scale = scale_runs(python)
    say()
    say(f"Scale: generated German strings (Benchmarks/make-tables.py OUT N de), one run each on all cores "
        "into an empty folder, then a re-run with nothing changed:")
    say(row("run", "labels", "wall", "CPU ms/label", "of it system", "peak memory", "re-run", "re-run / full"))
    say(row("---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"))
    for name, n, full, rerun in scale:
        say(row(name, n, "%.1f s" % full.seconds, "%.2f" % ((full.user + full.sys) * 1000 / n),
                "%.0f%% (%.1f s)" % (100 * full.sys / (full.user + full.sys), full.sys), "%.0f MB" % full.peak_mb,
                "%.2f s" % rerun.seconds, "%.1f%%" % (100 * rerun.seconds / full.seconds)))
    say()

    # --- peers -------------------------------------------------------------------------
    # Each peer at its best: PNG at zlib level 1, labelgen's fitting order, ImageMagick
    # also with many labels per process; on one core and on all of them.
    magick_sample = sample_tables(sets["generated"], PEER_SAMPLE, os.path.join(WORK, "generated-sample"))
    tools = [
        ("pillow", "Pillow " + pillow_version(python), sets["generated"], ()),
        ("pango", "Pango+Cairo " + pango_version(python), sets["generated"], ()),
        ("imagemagick", "ImageMagick " + magick_version() + ", one convert per label", magick_sample, ()),
        ("imagemagick", f"ImageMagick {magick_version()}, {MAGICK_BATCH} labels per convert", magick_sample,
         ("--batch", str(MAGICK_BATCH))),
    ]
    peers = []
    for tool, label, paths, extra in tools:
        say(f"{label}…")
        one = peer_run(tool, python, paths, 1, extra)
        every = peer_run(tool, python, paths, CORES, extra)
        peers.append((label, one, every))
    say()
    ours1, ours = g["labels"] / g["jobs1"], g["labels"] / g["full"]
    ours_cpu = g["cpu"] * 1000 / g["labels"]
    say(f"Labels per second on the generated table, per core (--jobs 1, one process) and on all {CORES} cores "
        f"({CORES} processes); CPU ms per label from the one-process run, interpreter start included"
        + (f"; ImageMagick on every {PEER_SAMPLE}th string" if PEER_SAMPLE > 1 else "") + ":")
    say(row("tool", "labels", "per core", f"all {CORES} cores", "CPU ms/label", "peak memory",
            "labelgen per core is", "labelgen on all cores is", "CPU: labelgen uses"))
    say(row("---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"))
    say(row("labelgen (--jobs 1 / default)", g["labels"], "%.1f" % ours1, "%.1f" % ours, "%.2f" % ours_cpu,
            "%.0f MB" % g["peak_mb"], "", "", ""))
    for label, one, every in peers:
        say(row(label, one["labels"], "%.1f" % one["rate"], "%.1f" % every["rate"], "%.2f" % one["cpu_ms"],
                "%.0f MB" % max(one["peak_mb"], every["peak_mb"]), "%.1fx" % (ours1 / one["rate"]),
                "%.1fx" % (ours / every["rate"]), "%.0f%%" % (100 * ours_cpu / one["cpu_ms"])))
    say()

    # --- targets -------------------------------------------------------------------------
    short = next(item for item in latency if item["name"] == "short")["median_us"]
    truncated = max(item["median_us"] for item in latency if item["truncated"])
    by_name = {label.split(" ")[0] + (" batch" if "per convert" in label else ""): (one, every)
               for label, one, every in peers}
    checks = [
        (">= 8x Pillow per core", ours1 / by_name["Pillow"][0]["rate"], 8),
        (">= 8x Pango+Cairo per core", ours1 / by_name["Pango+Cairo"][0]["rate"], 8),
        (">= 100x ImageMagick (batch form) per core", ours1 / by_name["ImageMagick batch"][0]["rate"], 100),
        (">= 5x Pillow on all cores", ours / by_name["Pillow"][1]["rate"], 5),
        (">= 5x Pango+Cairo on all cores", ours / by_name["Pango+Cairo"][1]["rate"], 5),
        (">= 100x ImageMagick (batch form) on all cores", ours / by_name["ImageMagick batch"][1]["rate"], 100),
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
    largest = max(scale, key=lambda item: item[1] if item[0].endswith("1 locale") else 0)
    say(row(f"{largest[1]} labels in one locale peak < 200 MB", "%.0f MB" % largest[2].peak_mb,
            "yes" if largest[2].peak_mb < 200 else "no"))
    say(row(f"re-run of {largest[1]} unchanged labels < 5% of a full run",
            "%.1f%%" % (100 * largest[3].seconds / largest[2].seconds),
            "yes" if largest[3].seconds < 0.05 * largest[2].seconds else "no"))
    if SCALE_LOCALES > 1:
        one = next(item for item in scale if item[0] == f"{middle_count(scale)} labels, 1 locale")
        many = scale[-1]
        say(row(f"{many[0]} peak <= {one[0]} peak (+5%)", "%.0f / %.0f MB" % (many[2].peak_mb, one[2].peak_mb),
                "yes" if many[2].peak_mb <= one[2].peak_mb * 1.05 else "no"))
    say(row("short single-line layout < 50 µs warm", "%.1f µs" % short, "yes" if short < 50 else "no"))
    say(row("truncated label layout < 300 µs warm (slowest case)", "%.1f µs" % truncated,
            "yes" if truncated < 300 else "no"))
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
