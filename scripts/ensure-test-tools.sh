#!/usr/bin/env bash
# Installs the Debian packages of the programs that some tests compare Labelgen's readers
# with, but only those not found already: Godot 3's headless binary (its CSV translation
# reading) and translate-toolkit (its XLIFF reading). Runs as root or through sudo, as
# scripts/ensure-deps.sh does.
set -euo pipefail

missing=()
# command -> Debian package
declare -A commands=(
  [godot3-server]=godot3-server
)
for command in "${!commands[@]}"; do
  if ! command -v "$command" >/dev/null 2>&1; then
    missing+=("${commands[$command]}")
  fi
done
# scripts/second-readers/xliff_units.py imports translate-toolkit's module into Debian's
# Python, where the package puts it; its commands on PATH could come from another Python.
if ! /usr/bin/python3 -c 'import translate.storage.xliff' >/dev/null 2>&1; then
  missing+=(translate-toolkit)
fi

exec "$(dirname "$0")/apt-install.sh" "test programs" ${missing[@]+"${missing[@]}"}
