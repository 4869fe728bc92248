#!/usr/bin/env python3
"""Builds a corpus of real game translations for judging line breaking.

Usage: typeset-corpus.py [OUT_DIR] [--cap N] [--games NAME,...] [--no-install]

Takes the gettext catalogues (.mo) that three open-source games ship in Debian, keeps
the strings that look like UI labels, and writes one labelgen string table per locale
into OUT_DIR (default out/typeset-corpus):

    OUT_DIR/en.json        the source strings (msgid)
    OUT_DIR/ja.json        Japanese
    OUT_DIR/zh-Hans.json   Simplified Chinese (the catalogues' zh_CN)
    OUT_DIR/de.json        German
    OUT_DIR/SOURCES.txt    which packages and catalogues, their versions, the counts

The tables are nested JSON objects, one per game, keyed by a hash of the catalogue and
the message id, so the same key holds the same message in every locale:

    {"minetest": {"0a1b2c3d4e5f": "Main Menu", ...}, "freeciv": {...}, ...}

scripts/typeset-eval.py renders them and measures the breaks. The translations are the
games' own (GPL and similar licences): the corpus is made on the machine that uses it
and is never committed.

Which strings are kept, per locale:
  * translated (a non-empty msgstr; .mo files hold no fuzzy entries), not plural forms;
  * no placeholder or engine syntax, in the source nor the translation: printf
    conversions (%s, %1$d; "50% " is text), brace fields ({0}), $variables and $1, @1,
    tabs, help markup (text='...'), file names, URLs, command syntax ("kick <name>"),
    list items ("* ...");
  * cleaned: gettext disambiguation prefixes removed (Wesnoth's "context^", Freeciv's
    "?qualifier:"), simple markup tags (<b>, <span ...>) reduced to their text, menu
    mnemonics removed ("_Save", "&Close", "R_ename", "保存(_S)"; a single underscore
    between letters is taken for one), a hard-wrapped line joined again (a space in
    alphabetic text, nothing between CJK characters), whitespace collapsed; strings
    with blank lines, lists or more than two newlines are dropped;
  * 8 to 120 characters long after cleaning, with at least one letter; Japanese and
    Chinese strings must contain Han or kana (an untranslated Latin name is dropped);
  * each cleaned text once per locale and game, texts that differ only in their numbers
    counting as one (the first key in hash order wins);
  * at most --cap (600) per locale and game, the first ones in key (hash) order, so the
    selection is the same on every machine and for every run.

The packages are installed with apt-get only when their catalogues are missing (as
root, or through sudo).
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import unicodedata
from pathlib import Path

# labelgen locale -> gettext locale folder
LOCALES = {"ja": "ja", "zh-Hans": "zh_CN", "de": "de"}


class Game:
    """A Debian package and the catalogues (one per gettext domain) it ships."""

    def __init__(self, name, package, pattern, domains):
        self.name = name
        self.package = package
        self.pattern = pattern  # the .mo path, with {locale} and {domain}
        self.domains = domains

    def catalogue(self, locale, domain):
        return Path(self.pattern.format(locale=locale, domain=domain))

    def catalogues(self):
        return [self.catalogue(folder, d) for folder in LOCALES.values() for d in self.domains]


GAMES = [
    # Minetest 5.6: the main menu, settings and in-game HUD.
    Game("minetest", "minetest-data", "/usr/share/locale/{locale}/LC_MESSAGES/{domain}.mo",
         ["minetest"]),
    # Freeciv 3.0: the clients' dialogs, menus, and the rulesets' names and help.
    Game("freeciv", "freeciv-data", "/usr/share/locale/{locale}/LC_MESSAGES/{domain}.mo",
         ["freeciv-core"]),
    # The Battle for Wesnoth 1.16: the UI library, the editor and the core game texts.
    Game("wesnoth", "wesnoth-1.16-data",
         "/usr/share/games/wesnoth/1.16/locale/{locale}/LC_MESSAGES/{domain}.mo",
         ["wesnoth-lib", "wesnoth-editor", "wesnoth"]),
]

MIN_LENGTH, MAX_LENGTH = 8, 120


# --- reading catalogues ------------------------------------------------------------

def read_mo(path):
    """The (msgid, msgstr) pairs of a compiled gettext catalogue. A context comes before
    the id with U+0004, plural forms are separated by NUL (as the .mo format stores them)."""
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic == 0x950412DE else ">"
    _revision, count, ids_at, strs_at = struct.unpack(endian + "4I", data[4:20])

    def string(table, index):
        length, offset = struct.unpack(endian + "2I", data[table + 8 * index:table + 8 * index + 8])
        return data[offset:offset + length].decode("utf-8", "replace")

    return [(string(ids_at, i), string(strs_at, i)) for i in range(count)]


# --- cleaning ----------------------------------------------------------------------

# Anything left in a string that labelgen would read as a placeholder, or that is
# engine syntax rather than text a player sees.
PLACEHOLDER = re.compile(
    r"%(?![\s%]|$)"            # printf conversions; "50% off" and "%%" are text
    r"|\{[^{}]*\}"             # {0}, {name}
    r"|\$[\w({]"               # $1, $name, $(...), ${...}
    r"|@\d"                    # Minetest's @1
    r"|\t|\\"                  # tabs, escaped characters
    r"|\w+='|\w+=\""           # Wesnoth help markup: text='...', dst='...'
    r"|\.(png|jpg|webp|ogg|wav|cfg|txt|lua)\b"
    r"|://|www\."              # URLs
)
# Simple inline markup whose text is kept.
TAG = re.compile(r"</?(b|i|u|s|big|small|tt|span|bold|italic|header|ref|format|font|color)\b[^<>]*>",
                 re.IGNORECASE)
# What is left in angle brackets after the tags: a command's arguments.
ARGUMENT = re.compile(r"<[^<>\s][^<>]*>")
COMMAND = re.compile(r"\s*[a-z]+\s+[\[<]")
# Wesnoth's "context^Text" and Freeciv's "?qualifier:Text".
WESNOTH_CONTEXT = re.compile(r"^[A-Za-z0-9_]+\^")
FREECIV_QUALIFIER = re.compile(r"^\?[^:\s]+:")
# Mnemonics: "保存(_S)", "(&S)" after a translation, "_Save" and "&Close" in a word.
MNEMONIC_SUFFIX = re.compile(r"\s*[(（][_&][A-Za-z0-9][)）]")
MNEMONIC_MARK = re.compile(r"(?<![\w&_])[_&](?=\w)")
MNEMONIC_INSIDE = re.compile(r"(?<=[^\W\d_])_(?=[^\W\d_])(?![^\W\d_]*_)")


def is_cjk(char):
    """Han, kana, CJK punctuation and full-width forms: a line may break between them
    without a space, so a hard wrap between two of them joins without one."""
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x3FFFF)


def has_han_or_kana(text):
    return any(0x3040 <= ord(c) <= 0x30FF or 0x3400 <= ord(c) <= 0x9FFF or 0xF900 <= ord(c) <= 0xFAFF
               for c in text)


def join_lines(text):
    """The text with each hard wrap undone: a newline becomes a space, or nothing
    between two CJK characters."""
    parts = text.split("\n")
    out = parts[0]
    for part in parts[1:]:
        left, right = out.rstrip(), part.lstrip()
        glue = "" if left and right and is_cjk(left[-1]) and is_cjk(right[0]) else " "
        out = left + glue + right
    return out


def clean(text, check_length=True):
    """The string as a label would show it, or None when it is no label (of 8 to 120
    characters, unless check_length is False)."""
    text = WESNOTH_CONTEXT.sub("", text)
    text = FREECIV_QUALIFIER.sub("", text)
    if not text.strip() or PLACEHOLDER.search(text):
        return None
    # Command lines, paths, list items and table cells.
    if text.lstrip().startswith(("-", "/", ".", "*", "|", "•")):
        return None
    # Paragraphs, lists and long multi-line help are not labels.
    if "\n\n" in text or text.count("\n") > 2 or re.search(r"\n\s*([-*•·]|\d+[.)])", text):
        return None
    text = TAG.sub("", text)
    if ARGUMENT.search(text) or COMMAND.match(text):  # "kick <player-name>", "observe [name]"
        return None
    text = MNEMONIC_SUFFIX.sub("", text)
    text = MNEMONIC_MARK.sub("", text)
    if text.count("_") == 1:  # a mnemonic inside a word, "R_ename", not "max_value" alone
        text = MNEMONIC_INSIDE.sub("", text)
    text = join_lines(text)
    text = re.sub(r"[ \u00A0\u3000]+", lambda m: "\u3000" if m.group() == "\u3000" else " ", text).strip()
    text = unicodedata.normalize("NFC", text)
    if check_length and not MIN_LENGTH <= len(text) <= MAX_LENGTH:
        return None
    if not any(c.isalpha() for c in text):
        return None
    return text


def key_hash(domain, msgid):
    return hashlib.sha1(f"{domain}\0{msgid}".encode("utf-8")).hexdigest()[:12]


# --- installing --------------------------------------------------------------------

def ensure_packages(games):
    """apt-get install the packages whose catalogues are missing; apt-get update first
    only when the install fails (an empty or stale package list)."""
    missing = [g.package for g in games if not all(p.is_file() for p in g.catalogues())]
    if not missing:
        return
    prefix = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
    if prefix is None:
        sys.exit(f"typeset-corpus: need root or sudo to install {' '.join(missing)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = prefix + ["apt-get", "install", "-y", "--no-install-recommends", *missing]
    print(f"typeset-corpus: installing {' '.join(missing)}", file=sys.stderr)
    if subprocess.run(install, env=env).returncode != 0:
        subprocess.run(prefix + ["apt-get", "update"], env=env, check=True)
        subprocess.run(install, env=env, check=True)
    for game in games:
        absent = [str(p) for p in game.catalogues() if not p.is_file()]
        if absent:
            sys.exit(f"typeset-corpus: {game.package} has no {', '.join(absent)}")


def package_version(package):
    result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                            capture_output=True, text=True)
    return result.stdout.strip() or "?"


# --- selecting ---------------------------------------------------------------------

def candidates(game, locale):
    """{key: text} of every label-like string of one game in one locale ('en': the
    msgids), before deduplication and the cap."""
    found = {}
    # en takes the msgids of every catalogue: each holds only its translated entries.
    folders = LOCALES.values() if locale == "en" else [LOCALES[locale]]
    for domain in game.domains:
        for folder in folders:
            for msgid, msgstr in read_mo(game.catalogue(folder, domain)):
                if not msgid or "\0" in msgid:  # the header, plural forms
                    continue
                _context, _, source = msgid.rpartition("\x04")
                if clean(source, check_length=False) is None:
                    continue  # a format string or engine syntax, however translated
                text = clean(source) if locale == "en" else clean(msgstr)
                if text is None:
                    continue
                if locale in ("ja", "zh-Hans") and not has_han_or_kana(text):
                    continue
                found[f"{domain}:{key_hash(domain, msgid)}"] = text
    return found


def select(found, cap):
    """The first `cap` distinct texts in key (hash) order, keyed by the hash alone. Texts
    that differ only in their numbers count as one ("Hotbar slot 1 key" ... "Hotbar slot
    32 key" would otherwise fill the table with one break)."""
    chosen, seen = {}, set()
    for key in sorted(found, key=lambda k: (k.split(":")[1], k)):
        text = found[key]
        shape = re.sub(r"\d+", "0", text)
        if shape in seen:
            continue
        seen.add(shape)
        chosen[key.split(":")[1]] = text
        if len(chosen) == cap:
            break
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", default="out/typeset-corpus", help="output folder")
    parser.add_argument("--cap", type=int, default=600, help="strings per locale and game (600)")
    parser.add_argument("--games", default=",".join(g.name for g in GAMES),
                        help="comma-separated games (default: all of " +
                             ", ".join(g.name for g in GAMES) + ")")
    parser.add_argument("--no-install", action="store_true", help="never run apt-get")
    args = parser.parse_args()

    names = args.games.split(",")
    unknown = set(names) - {g.name for g in GAMES}
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    games = [g for g in GAMES if g.name in names]
    if not args.no_install:
        ensure_packages(games)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    locales = ["en", *LOCALES]
    tables = {locale: {} for locale in locales}
    counts = {}
    for game in games:
        for locale in locales:
            chosen = select(candidates(game, locale), args.cap)
            tables[locale][game.name] = chosen
            counts[(game.name, locale)] = len(chosen)

    for locale, table in tables.items():
        path = out / f"{locale}.json"
        path.write_text(json.dumps(table, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
                        encoding="utf-8")

    lines = ["Corpus written by scripts/typeset-corpus.py (do not commit: the translations",
             "are the games' own).", "",
             f"cap {args.cap} per locale and game, {MIN_LENGTH}-{MAX_LENGTH} characters", ""]
    for game in games:
        lines.append(f"{game.name}: Debian package {game.package} {package_version(game.package)}")
        for domain in game.domains:
            lines.append(f"  {game.pattern.format(locale='<locale>', domain=domain)}")
    lines += ["", "strings per locale:", "game       " + "".join(f"{l:>9}" for l in locales)]
    for game in games:
        lines.append(f"{game.name:<11}" + "".join(f"{counts[(game.name, l)]:>9}" for l in locales))
    lines.append(f"{'total':<11}" + "".join(f"{sum(counts[(g.name, l)] for g in games):>9}"
                                           for l in locales))
    (out / "SOURCES.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines[-len(games) - 2:]))
    print(f"tables in {out}/: " + ", ".join(f"{l}.json" for l in locales))


if __name__ == "__main__":
    main()
