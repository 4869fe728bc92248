#!/usr/bin/env python3
"""Writes the demo's strings as a Godot translation CSV and as XLIFF 2.0 files.

    python3 scripts/make-demo-tables.py [--strings Localizations/strings] [--out Localizations]

From the demo's JSON tables (`strings/<locale>.json`, nested objects whose names join
with dots) it writes:

- `tables/strings.csv`: one Godot translation CSV, header `keys,en,ar,de,...` (en first,
  then the other locales in file-name order, spelt as Godot writes locales: `zh_Hans`),
  one row per key in en.json's order, a cell quoted exactly when it holds a comma, a
  quote or a line break (RFC 4180), rows ended by LF as Godot's own CSV writer ends them.
  A locale without a key has an empty cell there, which Godot and Labelgen read as
  untranslated.
- `xliff/<locale>.xlf`: one XLIFF 2.0 file per locale, `srcLang="en"` and
  `trgLang="<locale>"` (en.xlf too, translated into itself), one
  `<unit id name>` per key with a translated segment; a key the locale lacks has no unit.

The tests run this into a temporary folder and check that the committed files are what it
writes now, so edit the JSON tables and run it again rather than editing its output.
"""

import argparse
import json
import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

SOURCE_LOCALE = "en"
# XLIFF 2.0 unit ids are XML name tokens.
NMTOKEN = re.compile(r"^[\w.:-]+$")


class TableError(Exception):
    """A JSON table the demo's tables cannot be written from."""


def flatten(value, prefix, path):
    """The (key, text) pairs of a nested JSON object, in file order."""
    for name, item in value.items():
        key = prefix + name
        if isinstance(item, dict):
            yield from flatten(item, key + ".", path)
        elif isinstance(item, str):
            yield key, item
        else:
            raise TableError(f"{path}: {key}: expected a string or an object, got {json.dumps(item)}")


def read_tables(folder):
    """Every locale's strings by locale, the source locale first, then by file name."""
    paths = sorted(folder.glob("*.json"))
    tables = {}
    for path in paths:
        with path.open(encoding="utf-8") as file:
            document = json.load(file)
        if not isinstance(document, dict):
            raise TableError(f"{path}: expected a JSON object of strings")
        tables[path.stem] = dict(flatten(document, "", path))
    if SOURCE_LOCALE not in tables:
        raise TableError(f"{folder}: no {SOURCE_LOCALE}.json, whose keys give the tables' order")
    return {SOURCE_LOCALE: tables.pop(SOURCE_LOCALE), **tables}


def godot_locale(tag):
    """Godot's spelling of a BCP 47 tag: `_` between subtags (`zh_Hans`, `pt_BR`)."""
    return tag.replace("-", "_")


def check_text(locale, key, text):
    # Godot's importer applies c_unescape to every cell and drops every carriage return,
    # so such texts would not read back as written.
    if "\\" in text:
        raise TableError(f"{locale}.json: {key}: a backslash would be read as an escape by Godot's importer")
    if "\r" in text:
        raise TableError(f"{locale}.json: {key}: Godot's importer drops carriage returns")


def csv_cell(text):
    if any(character in text for character in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def write_csv(tables, keys, path):
    locales = list(tables)
    lines = [",".join(["keys"] + [csv_cell(godot_locale(locale)) for locale in locales])]
    for key in keys:
        cells = [csv_cell(key)]
        for locale in locales:
            text = tables[locale].get(key, "")
            check_text(locale, key, text)
            cells.append(csv_cell(text))
        lines.append(",".join(cells))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")


def xml_text(element, text, indent):
    # Without xml:space="preserve" a reader may collapse white space (XLIFF 2.0, 4.3.1.36).
    space = ' xml:space="preserve"' if re.search(r"^\s|\s$|\s\s|[\t\n]", text) else ""
    return f"{indent}<{element}{space}>{escape(text)}</{element}>"


def write_xliff(locale, strings, source, keys, path):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
        f'srcLang={quoteattr(SOURCE_LOCALE)} trgLang={quoteattr(locale)}>',
        '  <file id="strings">',
    ]
    for key in keys:
        if key not in strings:
            continue
        if not NMTOKEN.match(key):
            raise TableError(f"{locale}.json: {key}: not usable as an XLIFF 2.0 unit id")
        lines += [
            f"    <unit id={quoteattr(key)} name={quoteattr(key)}>",
            '      <segment state="translated">',
            xml_text("source", source[key], "        "),
            xml_text("target", strings[key], "        "),
            "      </segment>",
            "    </unit>",
        ]
    lines += ["  </file>", "</xliff>"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")


def main():
    root = Path(__file__).resolve().parent.parent / "Localizations"
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--strings", type=Path, default=root / "strings", help="the folder of <locale>.json tables")
    parser.add_argument("--out", type=Path, default=root, help="where tables/ and xliff/ are written")
    arguments = parser.parse_args()
    try:
        tables = read_tables(arguments.strings)
        keys = list(tables[SOURCE_LOCALE])
        for locale, strings in tables.items():
            extra = [key for key in strings if key not in tables[SOURCE_LOCALE]]
            if extra:
                raise TableError(f"{locale}.json: keys that {SOURCE_LOCALE}.json lacks: {', '.join(extra)}")
        write_csv(tables, keys, arguments.out / "tables" / "strings.csv")
        for locale, strings in tables.items():
            write_xliff(locale, strings, tables[SOURCE_LOCALE], keys, arguments.out / "xliff" / f"{locale}.xlf")
    except (TableError, OSError, json.JSONDecodeError) as error:
        print(f"make-demo-tables: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
