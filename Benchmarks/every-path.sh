#!/bin/bash
# Every path a build may take over one large locale, with each run's wall time, CPU and
# peak memory (GNU time): a full run, a re-run with nothing changed, one with --report
# and --contact-sheet, --check against the output itself, --atlas, two shards and their
# merge, twice. docs/performance.md, "Every path at 100 000 labels", has a run of it.
#
#   Benchmarks/every-path.sh LABELGEN TABLE WORK_DIR [ATLAS_SIZE]
#
# TABLE is a string table such as `Benchmarks/make-tables.py /dev/shm/t 100000 de` writes
# (t/de.json); WORK_DIR receives the outputs (several GB at 100 000 labels) and is
# emptied first.
set -euo pipefail
bin=$1 table=$2 work=$3 atlas=${4:-4096}
style=$(cd "$(dirname "$0")" && pwd)/styles/score.json
fonts=$(cd "$(dirname "$0")/.." && pwd)/Fonts
[ -x /usr/bin/time ] || { echo "needs GNU time (Debian package time)" >&2; exit 2; }
rm -rf "$work"; mkdir -p "$work"
out=$work/out
run() {
    local name=$1; shift
    /usr/bin/time -f "$name: %e s wall, %U s user, %S s system, peak %M KB" "$@" > /dev/null 2> "$work/$name.log" \
        || { echo "$name failed:" >&2; cat "$work/$name.log" >&2; exit 1; }
    tail -1 "$work/$name.log"
}
common=(--style "$style" --fonts "$fonts" --quiet)
run full "$bin" "$table" "${common[@]}" --out "$out"
run rerun "$bin" "$table" "${common[@]}" --out "$out"
run rerun-report-sheet "$bin" "$table" "${common[@]}" --out "$out" --report "$work/report.json" --contact-sheet "$work/sheet/index.html"
run check "$bin" "$table" "${common[@]}" --out "$out" --check "$out"
run atlas "$bin" "$table" "${common[@]}" --out "$out" --atlas "$atlas"
run shard1 "$bin" "$table" "${common[@]}" --out "$work/shard1" --shard 1/2
run shard2 "$bin" "$table" "${common[@]}" --out "$work/shard2" --shard 2/2
run merge "$bin" merge "$work/shard1" "$work/shard2" --out "$work/merged"
run merge-again "$bin" merge "$work/shard1" "$work/shard2" --out "$work/merged"
