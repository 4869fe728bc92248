#!/usr/bin/env bash
# Installs the Debian packages of the programs that some tests compare Labelgen with, or
# drive, but only those not found already: Godot 3's headless binary (its CSV translation
# reading), translate-toolkit (its XLIFF reading), and Chromium with its WebDriver (the
# browser tests). Runs as root or through sudo, as scripts/ensure-deps.sh does.
set -euo pipefail

missing=()
# command -> Debian package
declare -A commands=(
  [godot3-server]=godot3-server
  [chromium]=chromium
  [chromedriver]=chromium-driver
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

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing missing test programs: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
