#!/bin/bash
# Rebuild the hyphenation dictionaries in this folder (Hyphenation/) from Debian's packages.
#
#   bash Hyphenation/make-dictionaries.sh
#
# German, Dutch and US English are copied as Debian ships them (hyphen-de, hyphen-nl,
# hyphen-en-us). Debian 12 has no hyphen-fi, so Finnish is made from TeX's hyph-utf8
# patterns (texlive-lang-european; only downloaded and unpacked here, not installed) with
# libhyphen's own converter, substrings.pl (libhyphen-dev), as LibreOffice makes its
# dictionaries. The output is deterministic for given package versions (README.md lists them).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
die() { echo "make-dictionaries.sh: $*" >&2; exit 1; }

for pkg in hyphen-de hyphen-nl hyphen-en-us libhyphen-dev; do
  v=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) || die "Debian package $pkg is not installed"
  printf '%-24s %s\n' "$pkg" "$v"
done
CONVERTER=/usr/share/libhyphen/substrings.pl
[ -f "$CONVERTER" ] || die "$CONVERTER not found (libhyphen-dev)"

for name in hyph_de_DE hyph_nl_NL hyph_en_US; do
  cp "/usr/share/hyphen/$name.dic" "$HERE/$name.dic"
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
(cd "$WORK" && apt-get download texlive-lang-european >/dev/null) || die "cannot download texlive-lang-european"
DEB=$(ls "$WORK"/texlive-lang-european_*.deb)
printf '%-24s %s\n' texlive-lang-european "$(dpkg-deb -f "$DEB" Version)"
dpkg-deb -x "$DEB" "$WORK/tree"
PATTERNS="$WORK/tree/usr/share/texlive/texmf-dist/tex/generic/hyph-utf8/patterns/txt/hyph-fi.pat.txt"
[ -f "$PATTERNS" ] || die "hyph-fi.pat.txt not found in the package"

# The patterns' own hyphenmins (2 and 2, from hyph-fi.tex) go into the dictionary's header.
perl "$CONVERTER" "$PATTERNS" "$WORK/hyph_fi.dic" UTF-8 2 2 >/dev/null
{
  head -n 1 "$WORK/hyph_fi.dic"
  echo "% Finnish hyphenation patterns for libhyphen, converted with substrings.pl from"
  echo "% hyph-utf8's hyph-fi.pat.txt (texlive-lang-european), version 2.2:"
  echo "% Copyright (C) 1986, 1988, 1989 Kauko Saarinen. \"Patterns may be freely distributed.\""
  tail -n +2 "$WORK/hyph_fi.dic"
} > "$HERE/hyph_fi.dic"

du -b "$HERE"/*.dic
