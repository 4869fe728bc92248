#!/usr/bin/env bash
# `make bench`: installs what the peer scripts need (Debian packages, Pillow from PyPI
# into a virtual environment), builds labelgen and the harness in release mode, and runs
# Benchmarks/bench.py. Everything built or written goes under $BENCH_SCRATCH.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${BENCH_SCRATCH:-.build-bench}"
export BENCH_SCRATCH="$scratch"
# Keep the source tree free of bytecode caches.
export PYTHONDONTWRITEBYTECODE=1

missing=()
# /usr/bin/convert only: a `convert` elsewhere on the PATH may be another program.
[ -x /usr/bin/convert ] || missing+=(imagemagick)
for package in python3-venv python3-gi python3-gi-cairo python3-cairo gir1.2-pango-1.0 python3-numpy; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing for the benchmark's peers: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Debian's Python (for PyGObject and pycairo) with Pillow from PyPI on top.
venv="$scratch/venv"
[ -x "$venv/bin/python" ] || /usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" - <<'PY' 2>/dev/null || "$venv/bin/pip" install --quiet --disable-pip-version-check "pillow>=11"
import PIL, sys
sys.exit(0 if int(PIL.__version__.split(".")[0]) >= 11 else 1)
PY

# Linked as `make build` links it, with the Swift runtime inside.
swift build -c release --static-swift-stdlib --product labelgen --scratch-path "$scratch" >/dev/null
# The harness is built from scratch: SwiftPM does not always recompile it when a struct
# it uses from Labelgen changes shape, and stale code would measure garbage.
rm -rf "$scratch/harness/release" "$scratch/harness/release.yaml" "$scratch/harness/build.db" \
  "$scratch/harness/$(uname -m)-unknown-linux-gnu"
(cd Benchmarks && swift build -c release --scratch-path "../$scratch/harness" >/dev/null)

exec "$venv/bin/python" Benchmarks/bench.py
