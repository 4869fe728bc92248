#!/usr/bin/python3
"""Prints, as JSON, what translate-toolkit reads from XLIFF 1.x files, unit by unit.

    /usr/bin/python3 scripts/second-readers/xliff_units.py FILE.xlf [FILE.xliff ...]

Labelgen's tests compare this with what Labelgen reads from the same files, so the
fields are the ones Labelgen's reading can be checked against:

- "original", "id", "resname": the unit's `<file original>` and attributes; Labelgen
  keys a unit by its resname when it has one, else by its id.
- "source", "target": translate-toolkit's texts (target is null without `<target>`).
  translate-toolkit collapses white space unless `xml:space="preserve"` is on the
  `<trans-unit>` or on the `<source>`/`<target>` itself ("targetSpace" says which), and
  reads the content of native codes (`<bpt>`, `<ept>`, `<ph>`, `<it>`) as text.
- "targetCodes": the inline elements inside `<target>`, in document order, and
  "targetRuns": the target's text outside native codes, each run the text between two
  codes, for comparing texts where translate-toolkit's plain target includes the codes'
  content; "sourceSpace", "sourceCodes" and "sourceRuns" say the same of `<source>`.
- "state": the target's `state` attribute; "stateN", "stateId": translate-toolkit's
  state value and its class (0 empty, 30 needs work, 80 needs review, 100 translated,
  120 final); "approved": the unit's `approved="yes"`.
- "notes": translate-toolkit's `getnotes()`: every `<note>`, duplicates dropped, joined
  by line breaks; "noteSpace" says whether their white space was collapsed.

One JSON object per file is printed, in a list: {"path", "version", "sourceLanguage",
"targetLanguage", "units": [...]}. A file translate-toolkit cannot read makes the
program print the reason on standard error and exit with status 1.
"""

import json
import sys

from translate.misc.xml_helpers import getXMLspace
from translate.storage import factory
from translate.storage.xliff import ID_SEPARATOR

# XLIFF 1.2's inline elements that stand for native code: their content is the code
# (`&lt;b&gt;`, `%d`), not text to translate (XLIFF 1.2, section 2.5.2).
NATIVE_CODES = {"bpt", "ept", "ph", "it", "x", "bx", "ex"}


def local_name(element):
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def runs_outside_codes(target):
    """The target's text split at native codes, their content left out."""
    runs = [""]

    def visit(element):
        if element.text:
            runs[-1] += element.text
        for child in element:
            if local_name(child) in NATIVE_CODES:
                runs.append("")
            else:
                visit(child)
            if child.tail:
                runs[-1] += child.tail

    visit(target)
    return runs


def unit_record(unit):
    full_id = unit.getid()
    original, _, unit_id = full_id.rpartition(ID_SEPARATOR)
    source_node = unit.getlanguageNode(lang=None, index=0)
    target_node = unit.getlanguageNode(lang=None, index=1)
    # The white-space mode translate-toolkit's getText applies: the unit's, else
    # "default", overridden by the node's own attribute.
    unit_space = getXMLspace(unit.xmlelement, unit._default_xml_space)
    record = {
        "original": original or None,
        "id": unit_id,
        "resname": unit.xmlelement.get("resname"),
        "source": unit.source,
        "target": None if unit.target is None else str(unit.target),
        "state": target_node.get("state") if target_node is not None else None,
        "stateN": unit.get_state_n(),
        "stateId": unit.get_state_id(),
        "approved": unit.isapproved(),
        "translatable": unit.istranslatable(),
        "notes": unit.getnotes(),
        "noteSpace": unit_space,
    }
    for name, node in (("source", source_node), ("target", target_node)):
        record[name + "Space"] = getXMLspace(node, unit_space) if node is not None else unit_space
        record[name + "Codes"] = [] if node is None else [
            local_name(element) for element in node.iterdescendants() if local_name(element)]
        record[name + "Runs"] = [] if node is None else runs_outside_codes(node)
    return record


def file_record(path):
    store = factory.getobject(path)
    root = store.document.getroot()
    return {
        "path": path,
        "version": root.get("version"),
        "sourceLanguage": store.getsourcelanguage(),
        "targetLanguage": store.gettargetlanguage(),
        "units": [unit_record(unit) for unit in store.units],
    }


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    records = []
    for path in paths:
        try:
            records.append(file_record(path))
        except Exception as error:  # translate-toolkit raises lxml's and its own errors
            print(f"{path}: translate-toolkit cannot read it: {error}", file=sys.stderr)
            return 1
    json.dump(records, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
