#!/usr/bin/python3
"""Regenerate the character-set lists in this folder (Fonts/subsets/*.txt).

Only Debian data and the Python standard library are used:
  * /usr/share/unicode/Unihan_*.txt.bz2 and /usr/share/unicode/emoji/emoji-test.txt
    from the Debian package `unicode-data` (15.0.0),
  * Python's gb2312 / euc_jp / big5 codecs for the legacy national standards.

Usage:  /usr/bin/python3 Fonts/subsets/gen-charsets.py [OUTPUT_DIR]
(OUTPUT_DIR defaults to the folder this script is in.)

File format (read by `unicodes_from_lists` in ../make-subsets.sh):
  * everything from '#' to the end of a line is a comment;
  * a data line holds one or more hexadecimal code points ("4E00") or ranges
    ("3000..303F"), separated by spaces.  An emoji sequence is written as its
    code points on one line; the rendered character follows as a comment.
"""
import bz2
import os
import re
import sys

UNICODE_DIR = "/usr/share/unicode"
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def unihan(field, fname):
    out = {}
    with bz2.open(os.path.join(UNICODE_DIR, fname), "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cp, key, value = line.rstrip("\n").split("\t", 2)
            if key == field:
                out[int(cp[2:], 16)] = value
    return out


EUC_TRAIL = list(range(0xA1, 0xFF))
BIG5_TRAIL = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))


def codec_block(encoding, first, last, trail=EUC_TRAIL):
    """Decode every double-byte code first..last (row by row; trail bytes A1..FE by default)."""
    chars = []
    for b1 in range(first >> 8, (last >> 8) + 1):
        for b2 in trail:
            code = (b1 << 8) | b2
            if code < first or code > last:
                continue
            try:
                chars.append(ord(bytes([b1, b2]).decode(encoding)))
            except UnicodeDecodeError:
                pass
    return chars


def show(cp):
    c = chr(cp)
    if cp < 0x20 or 0x7F <= cp < 0xA0 or 0x1100 <= cp < 0x1200 or 0x200B <= cp <= 0x200F \
            or 0x2028 <= cp <= 0x202E or 0x2060 <= cp <= 0x206F or cp in (0x3164, 0xFFA0):
        return "U+%04X" % cp
    return c


def write(name, header, entries):
    """entries: list of (data, comment) tuples."""
    path = os.path.join(OUT, name)
    with open(path, "w", encoding="utf-8") as f:
        for h in header:
            f.write(("# " + h).rstrip() + "\n")
        for data, comment in entries:
            f.write(data + ("  # " + comment if comment else "") + "\n")
    return path


def chars_file(name, header, cps):
    cps = sorted(set(cps))
    header = header + ["%d code points" % len(cps), ""]
    write(name, header, [("%04X" % c, show(c)) for c in cps])
    print("%-36s %5d code points" % (name, len(cps)))
    return cps


def ranges_file(name, header, ranges):
    n = sum(b - a + 1 for a, b, _ in ranges)
    header = header + ["%d code points in %d ranges (code points the font lacks are ignored)" % (n, len(ranges)), ""]
    entries = []
    for a, b, what in ranges:
        entries.append(("%04X..%04X" % (a, b) if a != b else "%04X" % a, what))
    write(name, header, entries)
    print("%-36s %5d code points (ranges)" % (name, n))


def main():
    src_unihan = "Unihan (Debian unicode-data 15.0.0, /usr/share/unicode/Unihan_OtherMappings.txt.bz2)"

    # ---- shared: ASCII, punctuation and the symbols UI text uses ---------------
    # Whole blocks are listed; hb-subset keeps only the code points the CJK face has
    # (make-subsets.sh reports how many that is).
    ranges_file("cjk-common.txt", [
        "Noto Sans CJK subset: ASCII, Latin-1, punctuation, the symbols UI text uses (maths operators,",
        "arrows, currency signs, stars, hearts, check marks, ...), CJK punctuation, full/half-width forms.",
        "Whole blocks are listed; only the code points Noto Sans CJK has end up in the font.",
        "The tone marks ˇ and ˉ are here because fontconfig credits a face with zh-cn only if it has them",
        "as well as all GB 2312 hanzi.",
    ], [
        (0x0020, 0x007E, "Basic Latin (ASCII)"),
        (0x00A0, 0x00FF, "Latin-1 Supplement (± × ÷ ° © ®)"),
        (0x02C7, 0x02C7, "ˇ tone mark (pinyin, bopomofo; in GB 2312 and Big5)"),
        (0x02C9, 0x02CB, "ˉ ˊ ˋ tone marks"),
        (0x02D9, 0x02D9, "˙ tone mark"),
        (0x2010, 0x205E, "General Punctuation (dashes, quotes, ‥ …, ‰, ※, ‼)"),
        (0x2070, 0x209F, "Superscripts and Subscripts (⁴)"),
        (0x20A0, 0x20CF, "Currency Symbols (₩ ₫ €)"),
        (0x2100, 0x214F, "Letterlike Symbols (℃ № ™ Ω Å ℓ ℡)"),
        (0x2150, 0x218F, "Number Forms (Roman numerals Ⅰ..Ⅻ ⅰ..ⅻ)"),
        (0x2190, 0x21FF, "Arrows (← ↑ → ↓ ↔ ⇐ ⇒ ⇔ ⇦ ⇧ ⇨ ⇩)"),
        (0x2200, 0x22FF, "Mathematical Operators (≤ ≥ ≠ ≈ ≡ ∞ √ ∑ ∈ ∩ ∪ −)"),
        (0x2300, 0x23FF, "Miscellaneous Technical (⌘ ⏎ 〈 〉)"),
        (0x2460, 0x24FF, "Enclosed Alphanumerics (①..⑳ ⑴ ⒈ Ⓐ ⓐ ⓪)"),
        (0x2500, 0x257F, "Box Drawing (─ │ ┌ ┐ └ ┘ ├ ┼ ═ ║)"),
        (0x2580, 0x259F, "Block Elements (█ ▓ ▒ ░ ▀ ▄; progress bars)"),
        (0x25A0, 0x25FF, "Geometric Shapes (■ □ ▲ △ ▶ ○ ● ◎ ◇ ◆)"),
        (0x2600, 0x26FF, "Miscellaneous Symbols (☀ ☁ ★ ☆ ☎ ♀ ♂ ♠ ♡ ♥ ♪ ♫ ♻ ⚠)"),
        (0x2700, 0x27BF, "Dingbats (✂ ✓ ❶..❿ ➀..➓ ➡)"),
        (0x2900, 0x297F, "Supplemental Arrows-B (⤴ ⤵)"),
        (0x2B00, 0x2BFF, "Miscellaneous Symbols and Arrows (⬅ ⬆ ⬇ ⮕)"),
        (0x3000, 0x303F, "CJK Symbols and Punctuation"),
        (0xFF00, 0xFFEF, "Halfwidth and Fullwidth Forms"),
    ])

    # ---- Japanese -------------------------------------------------------------
    ranges_file("ja-kana.txt", [
        "Japanese: kana and a few Japanese-specific enclosed/squared symbols.",
    ], [
        (0x3040, 0x309F, "Hiragana"),
        (0x30A0, 0x30FF, "Katakana"),
        (0x31F0, 0x31FF, "Katakana Phonetic Extensions"),
        (0x3231, 0x3232, "㈱ ㈲"),
        (0x32A4, 0x32A8, "㊤㊥㊦㊧㊨"),
        (0x32FF, 0x32FF, "㋿ (Reiwa era)"),
        (0x337B, 0x337F, "㍻㍼㍽㍾㍿ (era names, 株式会社)"),
    ])
    joyo = unihan("kJoyoKanji", "Unihan_OtherMappings.txt.bz2")
    joyo_main = [c for c, v in joyo.items() if v == "2010"]
    joyo_alt = [c for c, v in joyo.items() if v.startswith("U+")]
    assert len(joyo_main) == 2136, len(joyo_main)
    chars_file("ja-kanji-joyo.txt", [
        "Japanese: the 2,136 Jōyō kanji (常用漢字表, 2010) plus the 4 widely used alternative",
        "forms the Unihan data lists next to them (剥 叱 填 頬 for 剝 𠮟 塡 頰).",
        "Source: kJoyoKanji in " + src_unihan + ".",
    ], joyo_main + joyo_alt)
    jis = codec_block("euc_jp", 0xB0A1, 0xF4A6)
    assert len(jis) == 6355, len(jis)
    chars_file("ja-kanji-jisx0208.txt", [
        "Japanese: JIS X 0208 level 1 and level 2 kanji (第1水準 2,965 + 第2水準 3,390 = 6,355 characters).",
        "Source: Python's euc_jp codec, bytes 0xB0A1..0xCFD3 (level 1) and 0xD0A1..0xF4A6 (level 2).",
    ], jis)
    jinmei = unihan("kJinmeiyoKanji", "Unihan_OtherMappings.txt.bz2")
    chars_file("ja-kanji-jinmeiyo.txt", [
        "Japanese: Jinmeiyō kanji (人名用漢字, kanji allowed in personal names; 2010 list + 2015/2017 additions).",
        "Source: kJinmeiyoKanji in " + src_unihan + ".",
    ], list(jinmei))

    # ---- Simplified Chinese -----------------------------------------------------
    gb = codec_block("gb2312", 0xB0A1, 0xF7FE)
    assert len(gb) == 6763, len(gb)
    chars_file("zh-hans-gb2312.txt", [
        "Simplified Chinese: all GB 2312 hanzi, level 1 (一级字库, 3,755) and level 2 (二级字库, 3,008): 6,763 characters.",
        "Source: Python's gb2312 codec, bytes 0xB0A1..0xF7FE.",
    ], gb)
    tgh = unihan("kTGH", "Unihan_OtherMappings.txt.bz2")
    tgh12 = [c for c, v in tgh.items() if min(int(x.split(":")[1]) for x in v.split()) <= 6500]
    assert len(tgh12) == 6500, len(tgh12)
    chars_file("zh-hans-tgh-level1-2.txt", [
        "Simplified Chinese: levels 1 and 2 of the 通用规范汉字表 (2013): the 3,500 most common characters",
        "(level 1, the successor of the 现代汉语常用字表) and the next 3,000 (level 2): 6,500 characters.",
        "Source: kTGH positions 1..6500 in " + src_unihan + ".",
    ], tgh12)

    # ---- Traditional Chinese (Taiwan, Hong Kong) --------------------------------
    big5 = codec_block("big5", 0xA440, 0xC67E, trail=BIG5_TRAIL)
    assert len(big5) == 5401 and all(0x4E00 <= c <= 0x9FFF for c in big5), len(big5)
    chars_file("zh-hant-big5-level1.txt", [
        "Traditional Chinese: Big5 level 1, the 5,401 frequently used hanzi (常用字, lead bytes 0xA4..0xC6).",
        "Source: Python's big5 codec, bytes 0xA440..0xC67E.",
    ], big5)
    hk = unihan("kHKGlyph", "Unihan_DictionaryLikeData.txt.bz2")
    assert len(hk) == 4823, len(hk)
    chars_file("zh-hant-hk-glyph.txt", [
        "Traditional Chinese (Hong Kong): the 4,823 characters of the List of Graphemes of Commonly-Used",
        "Chinese Characters (常用字字形表, Hong Kong Education Bureau).",
        "Source: kHKGlyph in Unihan (Debian unicode-data 15.0.0, /usr/share/unicode/Unihan_DictionaryLikeData.txt.bz2).",
    ], list(hk))

    # ---- Korean ---------------------------------------------------------------
    ranges_file("ko-hangul-all.txt", [
        "Korean: all 11,172 precomposed Hangul syllables (가..힣), so that any modern syllable renders,",
        "including those outside KS X 1001 (똠 햏 쫒 ...).",
    ], [
        (0xAC00, 0xD7A3, "Hangul Syllables 가..힣"),
    ])
    ranges_file("ko-jamo.txt", [
        "Korean: Hangul Jamo (conjoining) and Hangul Compatibility Jamo.",
    ], [
        (0x1100, 0x11FF, "Hangul Jamo"),
        (0x3130, 0x318F, "Hangul Compatibility Jamo"),
    ])

    # ---- Emoji ----------------------------------------------------------------
    emoji_seqs = []
    group = subgroup = None
    skipped = {"skin-tone": 0, "hair-style": 0, "flags": 0}
    with open(os.path.join(UNICODE_DIR, "emoji", "emoji-test.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"# (group|subgroup): (.*)", line)
            if m:
                if m.group(1) == "group":
                    group = m.group(2).strip()
                else:
                    subgroup = m.group(2).strip()
                continue
            if line.startswith("#") or not line.strip():
                continue
            data, rest = line.split(";", 1)
            status = rest.split("#", 1)[0].strip()
            if status != "fully-qualified":
                continue
            seq = [int(x, 16) for x in data.split()]
            if any(0x1F3FB <= c <= 0x1F3FF for c in seq):
                skipped["skin-tone"] += 1
                continue
            if any(0x1F9B0 <= c <= 0x1F9B3 for c in seq):
                skipped["hair-style"] += 1
                continue
            if group == "Flags" and subgroup != "flag":
                skipped["flags"] += 1
                continue
            name = rest.split("#", 1)[1].strip()
            emoji_seqs.append((seq, "%s  [%s / %s]" % (name, group, subgroup)))
    cps = set()
    for seq, _ in emoji_seqs:
        cps.update(seq)
    header = [
        "Emoji subset of Noto Color Emoji: every fully-qualified RGI emoji of Unicode emoji-test.txt",
        "(Emoji 15.0, Debian unicode-data 15.0.0) EXCEPT",
        "  - sequences with a skin-tone modifier U+1F3FB..1F3FF (%d sequences; they alone are ~6 MB of bitmaps)" % skipped["skin-tone"],
        "  - sequences with a hair-style component U+1F9B0..1F9B3 (%d sequences)" % skipped["hair-style"],
        "  - country and subdivision flags (%d sequences, ~0.9 MB); the 'flag' subgroup (🏁 🚩 🎌 🏴 🏳 🏳️‍🌈 🏳️‍⚧️ 🏴‍☠️) is kept" % skipped["flags"],
        "%d sequences made of %d distinct code points. The subsetter keeps every glyph reachable from" % (len(emoji_seqs), len(cps)),
        "these code points (cmap + GSUB ligatures for the ZWJ and keycap sequences).",
        "",
    ]
    write("emoji.txt", header,
          [(" ".join("%04X" % c for c in seq), comment) for seq, comment in emoji_seqs])
    print("%-36s %5d sequences, %d code points" % ("emoji.txt", len(emoji_seqs), len(cps)))


if __name__ == "__main__":
    main()
