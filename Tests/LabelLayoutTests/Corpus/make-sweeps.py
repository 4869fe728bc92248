#!/usr/bin/python3
"""Regenerate the generated sweep part of the CJK coverage corpus files in this folder.

Each corpus file (ja.txt, zh-Hans.txt, zh-Hant.txt, zh-HK.txt, ko.txt) has a hand-written
part, then the marker line

    # --- generated sweep below, made by make-sweeps.py ---

and then, for every character set that locale's fonts promise to cover, a line
`# sweep: <set name>` followed by every character of the set, 24 characters per line, in
code point order. This script keeps everything above the marker as it is and rewrites
everything below it (a file without the marker gets it appended).

Sets (Debian data only: Python's codecs and /usr/share/unicode/Unihan_*.txt.bz2 from the
Debian package `unicode-data`):
  ja       JIS X 0208 levels 1-2 kanji (euc_jp codec, bytes 0xB0A1-0xF4A6),
           Jōyō kanji (Unihan kJoyoKanji), Jinmeiyō kanji (Unihan kJinmeiyoKanji),
           Hiragana (U+3040-U+309F) and Katakana (U+30A0-U+30FF), assigned code points
  zh-Hans  GB 2312 hanzi (gb2312 codec, bytes 0xB0A1-0xF7FE),
           通用规范汉字表 levels 1-2 (Unihan kTGH positions 1-6500)
  zh-Hant  Big5 level-1 hanzi (big5 codec, lead bytes 0xA4-0xC6, trail bytes 0x40-0x7E
           and 0xA1-0xFE, up to 0xC67E where level 1 ends)
  zh-HK    the Hong Kong List of Graphemes of Commonly-Used Chinese Characters
           (Unihan kHKGlyph)
  ko       all 11,172 Hangul syllables U+AC00-U+D7A3

Usage:  /usr/bin/python3 Tests/LabelLayoutTests/Corpus/make-sweeps.py [FILE.txt ...]
(no arguments: all five files in this folder).
"""
import bz2
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
UNICODE_DIR = "/usr/share/unicode"
MARKER = "# --- generated sweep below, made by make-sweeps.py ---"
WIDTH = 24


def unihan(field, fname):
    """{code point: value} for one Unihan field."""
    out = {}
    with bz2.open(os.path.join(UNICODE_DIR, fname), "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cp, key, value = line.rstrip("\n").split("\t", 2)
            if key == field:
                out[int(cp[2:], 16)] = value
    return out


def codec_block(encoding, first, last, trails):
    """Every code point the codec decodes from the double-byte codes first..last."""
    cps = []
    for lead in range(first >> 8, (last >> 8) + 1):
        for trail in trails:
            code = (lead << 8) | trail
            if first <= code <= last:
                try:
                    cps.append(ord(bytes([lead, trail]).decode(encoding)))
                except UnicodeDecodeError:
                    pass
    return cps


EUC_TRAILS = range(0xA1, 0xFF)
BIG5_TRAILS = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))


def assigned(first, last):
    return [cp for cp in range(first, last + 1) if unicodedata.category(chr(cp)) != "Cn"]


def checked(cps, count=None):
    cps = sorted(set(cps))
    assert count is None or len(cps) == count, (len(cps), count)
    return cps


def ja_sets():
    joyo = unihan("kJoyoKanji", "Unihan_OtherMappings.txt.bz2")
    jinmei = unihan("kJinmeiyoKanji", "Unihan_OtherMappings.txt.bz2")
    assert sum(1 for v in joyo.values() if v == "2010") == 2136
    return [
        ("JIS X 0208 levels 1-2 kanji",
         "Python's euc_jp codec, bytes 0xB0A1-0xF4A6 (level 1 0xB0A1-0xCFD3, level 2 0xD0A1-0xF4A6)",
         checked(codec_block("euc_jp", 0xB0A1, 0xF4A6, EUC_TRAILS), 6355)),
        ("Jōyō kanji",
         "Unihan kJoyoKanji: the 2,136 kanji of the 2010 list and the 4 alternative forms listed with them",
         checked(joyo)),
        ("Jinmeiyō kanji", "Unihan kJinmeiyoKanji", checked(jinmei)),
        ("Hiragana", "the assigned code points of U+3040-U+309F (U+3099 and U+309A are combining marks)",
         checked(assigned(0x3040, 0x309F))),
        ("Katakana", "the assigned code points of U+30A0-U+30FF", checked(assigned(0x30A0, 0x30FF))),
    ]


def zh_hans_sets():
    tgh = unihan("kTGH", "Unihan_OtherMappings.txt.bz2")
    # A value is "2013:<position>"; a character listed more than once counts at its best position.
    level12 = [cp for cp, v in tgh.items() if min(int(x.split(":")[1]) for x in v.split()) <= 6500]
    return [
        ("GB 2312 hanzi", "Python's gb2312 codec, bytes 0xB0A1-0xF7FE (level 1 3,755 + level 2 3,008)",
         checked(codec_block("gb2312", 0xB0A1, 0xF7FE, EUC_TRAILS), 6763)),
        ("通用规范汉字表 levels 1-2", "Unihan kTGH positions 1-6500", checked(level12, 6500)),
    ]


def zh_hant_sets():
    # Big5 level 1 ends at 0xC67E; Python's big5 codec maps 0xC6A1-0xC6FE to kana and
    # symbols, which are not hanzi.
    big5 = checked(codec_block("big5", 0xA440, 0xC67E, BIG5_TRAILS), 5401)
    assert all(0x4E00 <= cp <= 0x9FFF for cp in big5)
    return [
        ("Big5 level-1 hanzi",
         "Python's big5 codec, lead bytes 0xA4-0xC6, trail bytes 0x40-0x7E and 0xA1-0xFE, 0xA440-0xC67E",
         big5),
    ]


def zh_hk_sets():
    return [
        ("Hong Kong List of Graphemes of Commonly-Used Chinese Characters",
         "Unihan kHKGlyph", checked(unihan("kHKGlyph", "Unihan_DictionaryLikeData.txt.bz2"), 4823)),
    ]


def ko_sets():
    return [("Hangul syllables", "U+AC00-U+D7A3", checked(range(0xAC00, 0xD7A4), 11172))]


FILES = {
    "ja.txt": ja_sets,
    "zh-Hans.txt": zh_hans_sets,
    "zh-Hant.txt": zh_hant_sets,
    "zh-HK.txt": zh_hk_sets,
    "ko.txt": ko_sets,
}


def sweep_lines(sets):
    lines = [MARKER,
             "# Every character of each set below, %d per line in code point order. Do not edit by hand:" % WIDTH,
             "# run /usr/bin/python3 make-sweeps.py in this folder."]
    for name, source, cps in sets:
        lines.append("#")
        lines.append("# %s characters; source: %s." % (format(len(cps), ","), source))
        lines.append("# sweep: " + name)
        text = "".join(chr(cp) for cp in cps)
        lines.extend(text[i:i + WIDTH] for i in range(0, len(text), WIDTH))
    return lines


def regenerate(path):
    make_sets = FILES[os.path.basename(path)]
    with open(path, encoding="utf-8") as f:
        old = f.read().split("\n")
    hand = old[:old.index(MARKER)] if MARKER in old else old
    while hand and hand[-1] == "":
        hand.pop()
    sets = make_sets()
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(hand + sweep_lines(sets)) + "\n")
    strings = sum(1 for line in hand if line and not line.startswith("#"))
    chars = sum(len(cps) for _, _, cps in sets)
    print("%-12s %4d hand-written lines, sweep of %5d characters in %d set(s)"
          % (os.path.basename(path), strings, chars, len(sets)))


def main():
    paths = sys.argv[1:] or [os.path.join(HERE, name) for name in FILES]
    for path in paths:
        regenerate(path)


if __name__ == "__main__":
    main()
