#!/usr/bin/env bash
# Installs the Debian packages of the system libraries Labelgen builds on, and of the
# programs some tests need, but only those not found already. Runs as root or through sudo.
set -euo pipefail

# pkg-config name -> Debian package
declare -A packages=(
  [harfbuzz]=libharfbuzz-dev
  [fribidi]=libfribidi-dev
  [cairo]=libcairo2-dev
  [fontconfig]=libfontconfig-dev
  [freetype2]=libfreetype-dev
  [icu-uc]=libicu-dev
  [zlib]=zlib1g-dev
  [libturbojpeg]=libturbojpeg0-dev
  [libdeflate]=libdeflate-dev
  [libwebp]=libwebp-dev
  [libxml-2.0]=libxml2-dev
)

missing=()
if ! command -v pkg-config >/dev/null 2>&1; then
  missing+=(pkg-config)
fi
for module in "${!packages[@]}"; do
  if ! pkg-config --exists "$module" 2>/dev/null; then
    missing+=("${packages[$module]}")
  fi
done

# libhyphen ships no pkg-config file; its header tells whether it is installed.
if [ ! -f /usr/include/hyphen.h ]; then
  missing+=(libhyphen-dev)
fi

# The million-key test reads labelgen's peak memory from GNU time (the shell's `time`
# keyword cannot report it).
if [ ! -x /usr/bin/time ]; then
  missing+=(time)
fi
# The completion tests load the scripts labelgen writes into zsh and fish (and bash).
for shell in zsh fish; do
  if ! command -v "$shell" >/dev/null 2>&1; then
    missing+=("$shell")
  fi
done
# The schema tests check styles with Python's jsonschema, as editors would.
if ! /usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1; then
  missing+=(python3-jsonschema)
fi
# The conformance tests run Unicode's own BidiCharacterTest.txt and GraphemeBreakTest.txt.
if [ ! -f /usr/share/unicode/BidiCharacterTest.txt ] || [ ! -f /usr/share/unicode/auxiliary/GraphemeBreakTest.txt ]; then
  missing+=(unicode-data)
fi
# The contact sheet test has a headless browser render the page; Debian names the
# program chromium, Ubuntu chromium-browser.
if [ ! -x /usr/bin/chromium ] && [ ! -x /usr/bin/chromium-browser ]; then
  missing+=(chromium)
fi

exec "$(dirname "$0")/apt-install.sh" "system packages" ${missing[@]+"${missing[@]}"}
