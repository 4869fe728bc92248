#!/bin/bash
# Rebuild the bundled fonts in this folder (Fonts/) from Debian's font packages.
#
#   bash Fonts/make-subsets.sh              # rebuild fonts + licence files from Fonts/subsets/*.txt
#   bash Fonts/make-subsets.sh --charsets   # first regenerate Fonts/subsets/*.txt (gen-charsets.py)
#
# Needs (Debian 12 package names): fonts-noto-core fonts-noto-ui-core fonts-noto-cjk
# fonts-noto-color-emoji fonts-inter-variable unicode-data (only for --charsets) libharfbuzz-bin (hb-subset, hb-shape)
# python3-fonttools fontconfig (fc-scan).
#   apt-get install -y fonts-noto-core fonts-noto-ui-core fonts-noto-cjk fonts-noto-color-emoji \
#                      fonts-inter-variable unicode-data libharfbuzz-bin python3-fonttools fontconfig
# The output is deterministic for given package versions (see README.md for the versions used).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SUBSETS="$HERE/subsets"
# Debian's python3 (fontTools is a Debian package; a pyenv/venv python3 on PATH may not have it).
PY="${PYTHON:-/usr/bin/python3}"
NOTO_TTF=/usr/share/fonts/truetype/noto
NOTO_CJK=/usr/share/fonts/opentype/noto
INTER_VF=/usr/share/fonts/truetype/inter-vf
BUDGET_BYTES=22000000   # hard limit for everything in Fonts/ (du -cb Fonts/*); README.md says why

die() { echo "make-subsets.sh: $*" >&2; exit 1; }

for pkg in fonts-noto-core fonts-noto-ui-core fonts-noto-cjk fonts-noto-color-emoji fonts-inter-variable libharfbuzz-bin python3-fonttools fontconfig; do
  v=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) || die "Debian package $pkg is not installed"
  printf '%-24s %s\n' "$pkg" "$v"
done
command -v hb-subset >/dev/null || die "hb-subset not found (libharfbuzz-bin)"
command -v hb-shape >/dev/null || die "hb-shape not found (libharfbuzz-bin)"
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

# ---- 1. CJK: one multi-region face per weight, subset to the union of all CJK lists ------
# The JP face (index 0 of the .ttc) is used for every region: its GSUB locl feature switches
# to the Simplified Chinese, Traditional Chinese (Taiwan), Hong Kong and Korean glyph forms
# when the text's language is zh-Hans, zh-Hant/zh-TW, zh-HK or ko.
CJK_LISTS="cjk-common.txt ja-kana.txt ja-kanji-joyo.txt ja-kanji-jisx0208.txt ja-kanji-jinmeiyo.txt
  zh-hans-gb2312.txt zh-hans-tgh-level1-2.txt zh-hant-big5-level1.txt zh-hant-hk-glyph.txt
  ko-hangul-all.txt ko-jamo.txt cjk-extra.txt"
lists=()
for l in $CJK_LISTS; do lists+=("$SUBSETS/$l"); done
# Every list in subsets/ must be used (a renamed or dropped list would otherwise linger).
for f in "$SUBSETS"/*.txt; do
  case " $(echo $CJK_LISTS) emoji.txt " in
    *" $(basename "$f") "*) ;;
    *) die "subsets/$(basename "$f") is not used by this script: delete it or add it to CJK_LISTS" ;;
  esac
done
n=$(unicodes_from_lists "$WORK/CJK.txt" "${lists[@]}")
for weight in Regular Bold; do
  ttc="$NOTO_CJK/NotoSansCJK-$weight.ttc"
  idx=$(face_index "$ttc" "Noto Sans CJK JP")
  out="NotoSansCJK-$weight-Subset.otf"
  # BASE is kept verbatim (--drop-tables-=BASE --passthrough-tables): in Noto Sans CJK it only
  # holds baseline coordinates (format 1, no glyph ids), so it stays valid after subsetting.
  hb-subset --font-file="$ttc" --face-index="$idx" \
    --unicodes-file="$WORK/CJK.txt" \
    --layout-features='*' --no-hinting --notdef-outline \
    --name-IDs='*' --name-languages='*' \
    --drop-tables-=BASE --passthrough-tables \
    --output-file="$WORK/$out"
  echo "$out: face $idx of $(basename "$ttc"), $n requested code points"
done

# ---- 2. Other Noto families: all glyphs, all features, hinting removed ----------------------
# Tall-metric script faces, their compact "UI" versions (Noto Sans's line metrics), and the
# symbol faces. Noto Sans Symbols2 and Noto Sans Math have no Bold in Debian.
UNHINTED="NotoSans-Regular NotoSans-Bold
  NotoSansArabic-Regular NotoSansArabic-Bold NotoSansArabicUI-Regular NotoSansArabicUI-Bold
  NotoSansHebrew-Regular NotoSansHebrew-Bold
  NotoSansThai-Regular NotoSansThai-Bold NotoSansThaiUI-Regular NotoSansThaiUI-Bold
  NotoSansDevanagari-Regular NotoSansDevanagari-Bold NotoSansDevanagariUI-Regular NotoSansDevanagariUI-Bold
  NotoSansSymbols-Regular NotoSansSymbols-Bold NotoSansSymbols2-Regular NotoSansMath-Regular"
for f in $UNHINTED; do
  "$PY" -m fontTools.subset "$NOTO_TTF/$f.ttf" \
    --unicodes='*' --glyphs='*' --layout-features='*' --notdef-outline \
    --name-IDs='*' --name-languages='*' --no-hinting \
    --output-file="$WORK/$f.ttf"
  echo "$f.ttf: unhinted copy"
done

# ---- 3. Emoji (CBDT colour bitmaps) --------------------------------------------------------
n=$(unicodes_from_lists "$WORK/emoji.txt" "$SUBSETS/emoji.txt")
hb-subset --font-file="$NOTO_TTF/NotoColorEmoji.ttf" \
  --unicodes-file="$WORK/emoji.txt" --layout-features='*' \
  --name-IDs='*' --name-languages='*' \
  --output-file="$WORK/NotoColorEmoji-Subset.ttf"
echo "NotoColorEmoji-Subset.ttf: $n requested code points"

# ---- 3b. Inter, variable (wght 100-900): the face for OpenType features and axes ----------
# Not hinted upstream; hb-subset keeps fvar, gvar, HVAR and STAT, and every GSUB/GPOS feature.
n=$(unicodes_from_lists "$WORK/inter.txt" "$SUBSETS/inter.txt")
hb-subset --font-file="$INTER_VF/Inter-roman.var.ttf" \
  --unicodes-file="$WORK/inter.txt" --layout-features='*' \
  --name-IDs='*' --name-languages='*' \
  --output-file="$WORK/Inter-Variable-Subset.ttf"
echo "Inter-Variable-Subset.ttf: $n requested code points"

# ---- 4. Licence files ------------------------------------------------------------------------
mkdir -p "$WORK/licenses"
cp /usr/share/doc/fonts-inter-variable/copyright   "$WORK/licenses/fonts-inter-variable.copyright"
cp /usr/share/doc/fonts-noto-core/copyright        "$WORK/licenses/fonts-noto-core.copyright"
cp /usr/share/doc/fonts-noto-ui-core/copyright     "$WORK/licenses/fonts-noto-ui-core.copyright"
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
                   ("NotoSansArabicUI", "Noto Sans Arabic UI"), ("NotoSansHebrew", "Noto Sans Hebrew"),
                   ("NotoSansThai", "Noto Sans Thai"), ("NotoSansThaiUI", "Noto Sans Thai UI"),
                   ("NotoSansDevanagari", "Noto Sans Devanagari"), ("NotoSansDevanagariUI", "Noto Sans Devanagari UI"),
                   ("NotoSansSymbols", "Noto Sans Symbols"), ("NotoSansSymbols2", "Noto Sans Symbols2"),
                   ("NotoSansMath", "Noto Sans Math")]:
    notice(label, "%s/%s-Regular.ttf" % (noto_ttf, fam))
notice("Noto Sans CJK JP (one face for Japanese, Chinese and Korean)", "%s/NotoSansCJK-Regular.ttc" % noto_cjk, fontNumber=0)
notices[-1] += ("\n  (upstream LICENSE: \"Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved"
                "\n  Font Name 'Source'.\" - \"Noto Sans CJK ...\" does not use that Reserved Font Name)")
notice("Noto Color Emoji", "%s/NotoColorEmoji.ttf" % noto_ttf)
notice("Inter (Inter-Variable-Subset.ttf, a subset of Inter-roman.var.ttf)", "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf")

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

# ---- 5. Check, then install into Fonts/ -------------------------------------------------------
"$PY" - "$WORK" "$NOTO_TTF" "$NOTO_CJK" <<'EOF'
import sys, glob, os, subprocess
from fontTools.ttLib import TTFont
work, noto_ttf, noto_cjk = sys.argv[1:]
def read_hex(fn):
    return {int(l, 16) for l in open(fn)}
def cmap_gids(font):
    return {u: font.getGlyphID(g) for u, g in font.getBestCmap().items()}

# (a) No hinting left; BASE (passed through unsubsetted) must not reference glyph ids.
for p in sorted(glob.glob(os.path.join(work, "*.[ot]tf"))):
    f = TTFont(p)
    if "BASE" in f:
        from fontTools.misc.testTools import getXML
        xml = "\n".join(getXML(f["BASE"].toXML, f))
        assert 'Format="2"' not in xml and "MinMax" not in xml, p
    for t in ("fpgm", "prep", "cvt "):
        assert t not in f, (p, t)

# (b) Unhinted copies: same code points -> same glyph ids, same glyph count as Debian's file.
for p in sorted(glob.glob(os.path.join(work, "NotoSans*.ttf"))):
    a, b = TTFont(p), TTFont(os.path.join(noto_ttf, os.path.basename(p)))
    assert cmap_gids(a) == cmap_gids(b) and len(a.getGlyphOrder()) == len(b.getGlyphOrder()), p

# (c) Subsets: every requested code point the original has is in the subset's cmap.
def subset_check(name, out, orig, requested):
    have = set(out.getBestCmap())
    orig_cmap = set(orig.getBestCmap())
    lost = (requested & orig_cmap) - have
    assert not lost, (name, sorted(lost)[:20])
    print("  %-30s %6d requested, %6d mapped, %4d not in the original font"
          % (name, len(requested), len(have & requested), len(requested - orig_cmap)))
print("coverage check:")
cjk_req = read_hex(os.path.join(work, "CJK.txt"))
for weight in ("Regular", "Bold"):
    name = "NotoSansCJK-%s-Subset.otf" % weight
    subset_check(name, TTFont(os.path.join(work, name)),
                 TTFont(os.path.join(noto_cjk, "NotoSansCJK-%s.ttc" % weight), fontNumber=0, lazy=True), cjk_req)
subset_check("Inter-Variable-Subset.ttf", TTFont(os.path.join(work, "Inter-Variable-Subset.ttf")),
             TTFont("/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", lazy=True),
             read_hex(os.path.join(work, "inter.txt")))
# Inter must add no character Noto Sans lacks, or it would become some label's fallback.
assert not set(TTFont(os.path.join(work, "Inter-Variable-Subset.ttf")).getBestCmap()) \
    - set(TTFont(os.path.join(work, "NotoSans-Regular.ttf")).getBestCmap())
subset_check("NotoColorEmoji-Subset.ttf", TTFont(os.path.join(work, "NotoColorEmoji-Subset.ttf")),
             TTFont(os.path.join(noto_ttf, "NotoColorEmoji.ttf"), lazy=True),
             read_hex(os.path.join(work, "emoji.txt")))

# (d) locl: for every kept ideograph and each language, the subset picks the same glyph (by CID)
#     as the original face does, so the regional forms work as in the .ttc.
ideographs = "".join(chr(c) for c in sorted(cjk_req) if 0x3400 <= c <= 0x9FFF or 0xF900 <= c <= 0xFAFF or c >= 0x20000)
langs = ("ja", "zh-Hans", "zh-Hant", "zh-HK", "ko")
def shape(font_file, lang, text):
    out = subprocess.run(["hb-shape", "--font-file=" + font_file, "--face-index=0",
                          "--language=" + lang, "--no-glyph-names", "--no-positions", "--no-clusters",
                          "--text=" + text], check=True, capture_output=True, text=True).stdout
    return [int(g) for g in out.strip().strip("[]").split("|")]
for weight in ("Regular", "Bold"):
    sub_file = os.path.join(work, "NotoSansCJK-%s-Subset.otf" % weight)
    ttc = os.path.join(noto_cjk, "NotoSansCJK-%s.ttc" % weight)
    sub_names = TTFont(sub_file).getGlyphOrder()
    orig_names = TTFont(ttc, fontNumber=0, lazy=True).getGlyphOrder()
    sample = {}
    for lang in langs:
        s = [sub_names[g] for g in shape(sub_file, lang, ideographs)]
        o = [orig_names[g] for g in shape(ttc, lang, ideographs)]
        assert s == o, (weight, lang)
        sample[lang] = " ".join(sub_names[g] for g in shape(sub_file, lang, "直骨写返"))
    assert len(set(sample.values())) == len(langs), sample   # 返 differs in all five regions
    print("locl check, %s: %d ideographs x %d languages give the same glyphs (CIDs) as the original face"
          % (weight, len(ideographs), len(langs)))
    if weight == "Regular":
        for lang in langs:
            print("  %-8s 直骨写返 -> %s" % (lang, sample[lang]))

# (e) Each common UI symbol is in at least one bundled face.
faces = {os.path.basename(p): set(TTFont(p, lazy=True).getBestCmap())
         for p in sorted(glob.glob(os.path.join(work, "*.[ot]tf"))) if "Bold" not in p}
print("UI symbols (Regular faces that have them):")
for ch in "≥≤≠±×÷→⇒€₩₹★♥✓✔✗☐☑":
    who = [n.split("-")[0] for n, cps in faces.items() if ord(ch) in cps]
    assert who, ch
    print("  %s U+%04X  %s" % (ch, ord(ch), " ".join(who)))
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
