#!/bin/bash
# Rebuild the bundled fonts in this folder (Fonts/) from Debian's font packages.
#
#   bash Fonts/make-subsets.sh              # rebuild fonts + licence files from Fonts/subsets/*.txt
#   bash Fonts/make-subsets.sh --charsets   # first regenerate Fonts/subsets/*.txt (gen-charsets.py)
#
# Needs (Debian 12 package names): fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
# unicode-data (only for --charsets) libharfbuzz-bin (hb-subset) python3-fonttools fontconfig (fc-scan).
#   apt-get install -y fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji unicode-data \
#                      libharfbuzz-bin python3-fonttools fontconfig
# The output is deterministic for given package versions (see README.md for the versions used).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SUBSETS="$HERE/subsets"
# Debian's python3 (fontTools is a Debian package; a pyenv/venv python3 on PATH may not have it).
PY="${PYTHON:-/usr/bin/python3}"
NOTO_TTF=/usr/share/fonts/truetype/noto
NOTO_CJK=/usr/share/fonts/opentype/noto
BUDGET_BYTES=15000000   # hard limit for everything in Fonts/ (du -cb Fonts/*)

die() { echo "make-subsets.sh: $*" >&2; exit 1; }

for pkg in fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji libharfbuzz-bin python3-fonttools fontconfig; do
  v=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) || die "Debian package $pkg is not installed"
  printf '%-24s %s\n' "$pkg" "$v"
done
command -v hb-subset >/dev/null || die "hb-subset not found (libharfbuzz-bin)"
"$PY" -c 'import fontTools' 2>/dev/null || die "$PY cannot import fontTools (python3-fonttools)"

if [[ "${1:-}" == "--charsets" ]]; then
  dpkg-query -W unicode-data >/dev/null 2>&1 || die "--charsets needs the Debian package unicode-data"
  "$PY" "$SUBSETS/gen-charsets.py" "$SUBSETS"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Merge character-set lists (see the format in subsets/gen-charsets.py) into one
# hb-subset --unicodes-file (one hex code point or range per line). Prints the count.
unicodes_from_lists() {
  local out="$1"; shift
  "$PY" - "$out" "$@" <<'EOF'
import sys
out, files = sys.argv[1], sys.argv[2:]
cps = set()
for fn in files:
    for line in open(fn, encoding="utf-8"):
        data = line.split("#", 1)[0].split()
        for tok in data:
            if ".." in tok:
                a, b = tok.split("..")
                cps.update(range(int(a, 16), int(b, 16) + 1))
            else:
                cps.add(int(tok, 16))
with open(out, "w") as f:
    f.write("".join("%04X\n" % c for c in sorted(cps)))
print(len(cps))
EOF
}

# Index of the face whose family name (name ID 1) is $2 inside the collection $1.
face_index() {
  "$PY" - "$1" "$2" <<'EOF'
import sys
from fontTools.ttLib import TTCollection
ttc, family = sys.argv[1], sys.argv[2]
for i, font in enumerate(TTCollection(ttc, lazy=True).fonts):
    if font["name"].getDebugName(1) == family:
        print(i); break
else:
    sys.exit("family %r not found in %s" % (family, ttc))
EOF
}

# ---- 1. CJK: one face per region out of the .ttc, subset to the common characters --------
declare -A CJK_LISTS=(
  [JP]="cjk-common.txt ja-kana.txt ja-kanji-joyo.txt ja-kanji-jisx0208-level1.txt ja-kanji-jinmeiyo.txt"
  [SC]="cjk-common.txt zh-hans-tgh-level1.txt zh-hans-gb2312-level1.txt"
  [KR]="cjk-common.txt ko-hangul-ksx1001.txt ko-jamo.txt"
)
for region in JP SC KR; do
  lists=()
  for l in ${CJK_LISTS[$region]}; do lists+=("$SUBSETS/$l"); done
  n=$(unicodes_from_lists "$WORK/$region.txt" "${lists[@]}")
  lower=$(echo "$region" | tr 'A-Z' 'a-z')
  for weight in Regular Bold; do
    ttc="$NOTO_CJK/NotoSansCJK-$weight.ttc"
    idx=$(face_index "$ttc" "Noto Sans CJK $region")
    out="NotoSansCJK$lower-$weight-Subset.otf"
    # BASE is kept verbatim (--drop-tables-=BASE --passthrough-tables): in Noto Sans CJK it only
    # holds baseline coordinates (format 1, no glyph ids), so it stays valid after subsetting.
    hb-subset --font-file="$ttc" --face-index="$idx" \
      --unicodes-file="$WORK/$region.txt" \
      --layout-features='*' --no-hinting --notdef-outline \
      --name-IDs='*' --name-languages='*' \
      --drop-tables-=BASE --passthrough-tables \
      --output-file="$WORK/$out"
    echo "$out: face $idx of $(basename "$ttc"), $n requested code points"
  done
done

# ---- 2. Non-CJK Noto: all glyphs, all features, hinting removed -------------------------
for fam in NotoSans NotoSansArabic NotoSansHebrew NotoSansThai NotoSansDevanagari; do
  for weight in Regular Bold; do
    "$PY" -m fontTools.subset "$NOTO_TTF/$fam-$weight.ttf" \
      --unicodes='*' --glyphs='*' --layout-features='*' --notdef-outline \
      --name-IDs='*' --name-languages='*' --no-hinting \
      --output-file="$WORK/$fam-$weight.ttf"
    echo "$fam-$weight.ttf: unhinted copy"
  done
done

# ---- 3. Emoji (CBDT colour bitmaps) --------------------------------------------------------
n=$(unicodes_from_lists "$WORK/emoji.txt" "$SUBSETS/emoji.txt")
hb-subset --font-file="$NOTO_TTF/NotoColorEmoji.ttf" \
  --unicodes-file="$WORK/emoji.txt" --layout-features='*' \
  --name-IDs='*' --name-languages='*' \
  --output-file="$WORK/NotoColorEmoji-Subset.ttf"
echo "NotoColorEmoji-Subset.ttf: $n requested code points"

# ---- 4. Licence files ------------------------------------------------------------------------
mkdir -p "$WORK/licenses"
cp /usr/share/doc/fonts-noto-core/copyright        "$WORK/licenses/fonts-noto-core.copyright"
cp /usr/share/doc/fonts-noto-cjk/copyright         "$WORK/licenses/fonts-noto-cjk.copyright"
cp /usr/share/doc/fonts-noto-color-emoji/copyright "$WORK/licenses/fonts-noto-color-emoji.copyright"
"$PY" - "$WORK/LICENSE-OFL.txt" "$NOTO_TTF" "$NOTO_CJK" <<'EOF'
import sys
from fontTools.ttLib import TTFont
out, noto_ttf, noto_cjk = sys.argv[1:]
notices = []
def notice(label, path, **kw):
    n = TTFont(path, lazy=True, **kw)["name"]
    notices.append("%s:\n  %s" % (label, n.getDebugName(0)))
for fam, label in [("NotoSans", "Noto Sans (Latin, Greek, Cyrillic)"), ("NotoSansArabic", "Noto Sans Arabic"),
                   ("NotoSansHebrew", "Noto Sans Hebrew"), ("NotoSansThai", "Noto Sans Thai"),
                   ("NotoSansDevanagari", "Noto Sans Devanagari")]:
    notice(label, "%s/%s-Regular.ttf" % (noto_ttf, fam))
notice("Noto Sans CJK JP / SC / KR", "%s/NotoSansCJK-Regular.ttc" % noto_cjk, fontNumber=0)
notices[-1] += ("\n  (upstream LICENSE: \"Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved"
                "\n  Font Name 'Source'.\" - \"Noto Sans CJK ...\" does not use that Reserved Font Name)")
notice("Noto Color Emoji", "%s/NotoColorEmoji.ttf" % noto_ttf)

# The OFL 1.1 text exactly as Debian ships it in fonts-noto-cjk's copyright file.
# (The "License: SIL-1.1" stanza with the text is the one followed by indented lines.)
blocks, lines = [], None
for line in open("/usr/share/doc/fonts-noto-cjk/copyright", encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("License: SIL-1.1"):
        lines = []
        blocks.append(lines)
    elif lines is not None and line.startswith(" "):
        line = line[1:]
        lines.append("" if line == "." else line)
    else:
        lines = None
ofl = "\n".join(max(blocks, key=len)).strip("\n")
assert "SIL OPEN FONT LICENSE Version 1.1" in ofl and ofl.endswith("OTHER DEALINGS IN THE FONT SOFTWARE."), ofl[-200:]

with open(out, "w", encoding="utf-8") as f:
    f.write("All font files in this folder (*.ttf, *.otf) are Font Software licensed under the\n"
            "SIL Open Font License, Version 1.1; the full licence text follows the copyright notices.\n"
            "They are Modified Versions (in the OFL's sense) of these families: the NotoSans*.ttf files\n"
            "have their hinting removed, the *-Subset files are reduced to a subset of the characters\n"
            "(the CJK ones are unhinted too). README.md says how each file was made.\n\n")
    f.write("\n\n".join(notices))
    f.write("\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
            "This license is copied below, and is also available with a FAQ at:\n"
            "https://openfontlicense.org\n\n\n")
    f.write(ofl + "\n")
EOF

# ---- 5. Check and install into Fonts/ ---------------------------------------------------------
"$PY" - "$WORK" <<'EOF'
import sys, glob, os
from fontTools.ttLib import TTFont
for p in sorted(glob.glob(os.path.join(sys.argv[1], "*.[ot]tf"))):
    f = TTFont(p)
    if "BASE" in f:   # must not reference glyph ids, since it was passed through unsubsetted
        from fontTools.misc.testTools import getXML
        xml = "\n".join(getXML(f["BASE"].toXML, f))
        assert 'Format="2"' not in xml and "MinMax" not in xml, p
    for t in ("fpgm", "prep", "cvt "):
        assert t not in f, (p, t)
EOF

rm -f "$HERE"/*.ttf "$HERE"/*.otf
mv "$WORK"/*.ttf "$WORK"/*.otf "$WORK/LICENSE-OFL.txt" "$HERE/"
rm -rf "$HERE/licenses"
mv "$WORK/licenses" "$HERE/licenses"

echo
for f in "$HERE"/*.ttf "$HERE"/*.otf; do
  printf '%10d  %-40s %s\n' "$(stat -c %s "$f")" "$(basename "$f")" \
    "$(fc-scan --format '%{family[0]} | %{style[0]} | weight %{weight}' "$f")"
done
total=$(du -cb "$HERE"/* | tail -n1 | cut -f1)
echo "total (du -cb Fonts/*): $total bytes"
(( total <= BUDGET_BYTES )) || die "Fonts/ is $total bytes, over the $BUDGET_BYTES byte budget"
