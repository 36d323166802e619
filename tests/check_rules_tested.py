#!/usr/bin/env python3
"""check_rules_tested.py: docs/RULES.md and tests/mutations.txt agree with the tests.

- Every rule of docs/RULES.md (an anchor <a id="R-..."></a>) has one "Tested by:" note in its
  text (up to the next rule's anchor), naming at least one test.
- Every test a note names exists: tests/NAME.c (test_*), tests/NAME.sh (window_*), or a test
  registered in tests/CMakeLists.txt (mk_test, mk_cli_test, add_test(NAME ...)).
- A rule that no block of tests/mutations.txt breaks says why, in a "Not in
  tests/mutations.txt:" note; a rule some block breaks has no such note.
- Every rule a block of tests/mutations.txt names exists in docs/RULES.md, and every block's
  `test:` is a test program of tests/.

Prints one line a problem and exits 1 if there is any; 0 and a count otherwise. Run from
anywhere: paths are relative to this file.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RULES = os.path.join(ROOT, "docs", "RULES.md")
MUTATIONS = os.path.join(HERE, "mutations.txt")
CMAKE = os.path.join(HERE, "CMakeLists.txt")

ANCHOR = re.compile(r'<a id="(R-[A-Z0-9-]+)"></a>')
NOTE = re.compile(r"^\s*Tested by:(.*)$")
NOT_MUTATED = "Not in tests/mutations.txt:"


def known_tests():
    names = set()
    for f in os.listdir(HERE):
        if f.startswith("test_") and f.endswith(".c"):
            names.add(f[:-2])
        elif f.startswith("window_") and f.endswith(".sh"):
            names.add(f[:-3])
    with open(CMAKE, encoding="utf-8") as f:
        cmake = f.read()
    names.update(re.findall(r"\b(?:mk_test|mk_cli_test)\(\s*([A-Za-z0-9_]+)", cmake))
    names.update(re.findall(r"add_test\(\s*NAME\s+([A-Za-z0-9_]+)(?=[\s)])", cmake))
    return names


def rule_sections(text):
    """(rule id, its text up to the next anchor), in the document's order."""
    marks = list(ANCHOR.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        yield m.group(1), text[m.end():end]


def note_tests(section):
    """The names of the section's notes ("Tested by:" up to the full stop, over lines)."""
    lines = section.split("\n")
    notes = []
    for i, line in enumerate(lines):
        m = NOTE.match(line)
        if not m:
            continue
        body = m.group(1)
        j = i + 1
        while not body.rstrip().endswith(".") and j < len(lines) and lines[j].strip():
            body += " " + lines[j].strip()
            j += 1
        notes.append([n.strip() for n in body.strip().rstrip(".").split(",") if n.strip()])
    return notes


def main():
    with open(RULES, encoding="utf-8") as f:
        rules_text = f.read()
    with open(MUTATIONS, encoding="utf-8") as f:
        mutations = f.read()
    tests = known_tests()
    problems = []

    blocks = re.findall(r"^# (R-[A-Z0-9-]+?):.*\n(?:(?!# ).*\n)*?test:\s*(\S+)", mutations, re.M)
    mutated = {rule for rule, _ in blocks}
    for rule, test in blocks:
        if test not in tests:
            problems.append(f"tests/mutations.txt: {rule}'s block runs {test}, no test of tests/")

    rules = []
    for rule, section in rule_sections(rules_text):
        rules.append(rule)
        notes = note_tests(section)
        if len(notes) != 1:
            problems.append(f"docs/RULES.md: {rule} has {len(notes)} 'Tested by:' notes, not one")
        for names in notes:
            if not names:
                problems.append(f"docs/RULES.md: {rule}'s 'Tested by:' names no test")
            for name in names:
                if name not in tests:
                    problems.append(f"docs/RULES.md: {rule} is tested by '{name}', no test of tests/")
        says_why = NOT_MUTATED in section.replace("\n  ", " ").replace("\n    ", " ")
        if rule not in mutated and not says_why:
            problems.append(f"docs/RULES.md: no block of tests/mutations.txt breaks {rule}, "
                            f"and no '{NOT_MUTATED}' note says why")
        elif rule in mutated and says_why:
            problems.append(f"docs/RULES.md: {rule} says it is not in tests/mutations.txt; it is")

    seen = set()
    for rule in rules:
        if rule in seen:
            problems.append(f"docs/RULES.md: {rule} is anchored twice")
        seen.add(rule)
    for rule in sorted(set(re.findall(r"^# (R-[A-Z0-9-]+?):", mutations, re.M)) - seen):
        problems.append(f"tests/mutations.txt: {rule} is no rule of docs/RULES.md")

    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"check_rules_tested: {len(rules)} rules, each with its tests; "
          f"{len(mutated & seen)} broken by tests/mutations.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
