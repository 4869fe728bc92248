#!/usr/bin/env python3
"""The slowest tests of a `swift test` run, from its output: the per-test list in
docs/testing.md is made with it.

    swift test --skip-build --no-parallel 2>&1 | tee test.log
    python3 scripts/test-times.py test.log [COUNT]

Prints the COUNT (default 25) slowest tests and suites by the time Swift Testing reports
for each ("passed after 12.3 seconds"), and the run's total. Only a run with
--no-parallel gives each test's own time: in parallel, Swift Testing starts every test at
once, so each reports nearly the whole run's time, waiting for a core included.
"""
import re
import sys

LINE = re.compile(r'^[✔✘] (Test|Suite) (.+?) (?:passed|failed) after ([0-9.]+) seconds')
RUN = re.compile(r'^[✔✘] Test run with (\d+) tests? in (\d+) suites? (?:passed|failed) after ([0-9.]+) seconds')


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    tests, suites, total = [], [], None
    with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
        for line in log:
            if match := RUN.match(line):
                total = match.groups()
            elif match := LINE.match(line):
                kind, name, seconds = match.groups()
                # A parameterized test prints "with N test cases" after its name.
                name = re.sub(r' with \d+ test cases?$', '', name)
                (tests if kind == "Test" else suites).append((float(seconds), name))
    for title, rows in (("tests", tests), ("suites", suites)):
        print(f"| slowest {title} | seconds |\n| --- | ---: |")
        for seconds, name in sorted(rows, reverse=True)[:count]:
            print(f"| {name.strip(chr(34))} | {seconds:.1f} |")
        print()
    if total:
        print(f"{total[0]} tests in {total[1]} suites, {float(total[2]):.0f} s")


if __name__ == "__main__":
    main()
