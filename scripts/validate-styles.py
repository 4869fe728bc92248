#!/usr/bin/env python3
"""Checks style documents against the style JSON Schema.

Usage: validate-styles.py SCHEMA FILE...  prints one line per file, "valid" or
"invalid: <first error>", and exits 1 if any is invalid.
       validate-styles.py SCHEMA --cases CASES.json  reads a JSON array of documents
and prints a JSON array of booleans, whether each is valid (exit 0).
Needs the jsonschema module (Debian: python3-jsonschema).
"""
import json
import sys

import jsonschema


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    jsonschema.Draft202012Validator.check_schema(schema)
    if sys.argv[2] == "--cases":
        cases = json.load(open(sys.argv[3], encoding="utf-8"))
        print(json.dumps([validator.is_valid(case) for case in cases]))
        return
    failed = False
    for path in sys.argv[2:]:
        error = jsonschema.exceptions.best_match(validator.iter_errors(json.load(open(path, encoding="utf-8"))))
        if error is None:
            print(f"{path}: valid")
        else:
            failed = True
            print(f"{path}: invalid: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
