#!/usr/bin/env python3
"""Lists the public declarations of Labelgen's library modules that have no `///` comment.

    scripts/doc-coverage.py [--no-build] [MODULE ...]

Reads the symbol graphs that `swift package dump-symbol-graph` writes (run first unless
`--no-build` is given) and counts, per module, the public declarations written in this
package, and which of them carry a doc comment of their own. Members the compiler
synthesizes (`hashValue`, `!=`, `init(rawValue:)`) are not ours to document and are
left out; a protocol requirement implemented here (`description`, `errorDescription`)
counts as ours, since what it returns is particular to the type. Exits 1 when any
declaration is undocumented.
"""

import argparse
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The modules a client imports; the C shims and the command-line tool are not API.
LIBRARY_MODULES = [
    "LabelCore", "StyledText", "StringTables", "LabelFonts", "LabelLayout", "LabelImage", "TextRender",
    "Captions", "LabelBatch", "LabelSnapshotTesting",
]

PUBLIC = {"public", "open"}


def dump_symbol_graphs():
    # Without inherited docs a witness that is not documented here shows as such,
    # instead of borrowing the protocol's text.
    subprocess.run(
        ["swift", "package", "dump-symbol-graph",
         "--skip-synthesized-members", "--skip-inherited-docs"],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
    )


def symbol_graph_folder():
    folders = sorted((ROOT / ".build").glob("*/symbolgraph"))
    if not folders:
        sys.exit("doc-coverage: no symbol graphs under .build; run without --no-build")
    return folders[0]


def has_own_comment(symbol, module):
    comment = symbol.get("docComment")
    # A comment from another module was copied from a protocol declared there.
    if not comment or comment.get("module", module) != module:
        return False
    return any(line.get("text", "").strip() for line in comment.get("lines", []))


def declared_here(symbol):
    uri = symbol.get("location", {}).get("uri", "")
    return uri.startswith("file://") and pathlib.Path(uri[len("file://"):]).is_relative_to(ROOT)


def module_symbols(folder, module):
    """Yields each public symbol declared in this package, once, from the module's own
    graph and the graphs of its extensions to other modules (`Module@Other`)."""
    seen = set()
    for path in [folder / f"{module}.symbols.json", *sorted(folder.glob(f"{module}@*.symbols.json"))]:
        if not path.exists():
            continue
        for symbol in json.loads(path.read_text())["symbols"]:
            identifier = symbol["identifier"]["precise"]
            if identifier in seen or symbol.get("accessLevel") not in PUBLIC:
                continue
            if symbol["kind"]["identifier"] == "swift.extension" or not declared_here(symbol):
                continue
            seen.add(identifier)
            yield symbol


def describe(symbol):
    location = symbol["location"]
    path = pathlib.Path(location["uri"][len("file://"):]).relative_to(ROOT)
    line = location["position"]["line"] + 1
    name = ".".join(symbol["pathComponents"])
    return f"{path}:{line}: {symbol['kind']['displayName'].lower()} {name}"


def main():
    parser = argparse.ArgumentParser(description="Public declarations without a doc comment.")
    parser.add_argument("modules", nargs="*", help=f"modules to check (default: {' '.join(LIBRARY_MODULES)})")
    parser.add_argument("--no-build", action="store_true", help="read the symbol graphs already in .build")
    arguments = parser.parse_args()

    if not arguments.no_build:
        dump_symbol_graphs()
    folder = symbol_graph_folder()

    modules = arguments.modules or [m for m in LIBRARY_MODULES if (folder / f"{m}.symbols.json").exists()]
    missing = []
    total_documented = total = 0
    for module in modules:
        if not (folder / f"{module}.symbols.json").exists():
            sys.exit(f"doc-coverage: no symbol graph for {module}")
        symbols = list(module_symbols(folder, module))
        undocumented = [s for s in symbols if not has_own_comment(s, module)]
        documented = len(symbols) - len(undocumented)
        share = 100 * documented / len(symbols) if symbols else 100
        print(f"{module}: {documented} of {len(symbols)} public declarations documented ({share:.1f}%)")
        missing += sorted(describe(s) for s in undocumented)
        total_documented += documented
        total += len(symbols)

    if len(modules) > 1:
        print(f"all: {total_documented} of {total}")
    if missing:
        print("\nundocumented:")
        print("\n".join(f"  {line}" for line in missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
