#!/usr/bin/env python3
"""check_doc_links.py DIR: every relative link of the Markdown files under DIR resolves.

A link is [text](target) or ![alt](target). Web and mail addresses are not followed. A target
must be a file under DIR as laid out there (the source tree, or the installed documents
folder), and a #fragment must name a heading of the file it points into, as GitHub makes
heading ids. Prints one line per broken link, with its file and line; exit 1 if any.
"""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")
SKIP_DIRS = {".git", "node_modules"}


def heading_ids(path):
    """The ids GitHub gives the headings of a Markdown file."""
    ids = set()
    in_code = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                in_code = not in_code
            m = None if in_code else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                text = re.sub(r"[`*_]|\[|\]\([^)]*\)", "", m.group(1)).lower()
                ids.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return ids


def broken_links(path):
    in_code = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                file_part, _, fragment = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) \
                    if file_part else path
                if not os.path.isfile(dest):
                    yield number, target, "no such file"
                elif fragment and dest.endswith(".md") and fragment not in heading_ids(dest):
                    yield number, target, "no such heading"


def main():
    if len(sys.argv) != 2:
        print("usage: check_doc_links.py DIR", file=sys.stderr)
        return 2
    root = sys.argv[1]
    files, bad = 0, 0
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")
                         and not d.startswith("obj-"))
        for name in sorted(n for n in names if n.endswith(".md")):
            path = os.path.join(folder, name)
            files += 1
            for number, target, why in broken_links(path):
                print(f"{path}:{number}: ({target}): {why}")
                bad += 1
    print(f"check_doc_links: {files} Markdown files under {root}, {bad} broken links")
    return 1 if bad or not files else 0


if __name__ == "__main__":
    sys.exit(main())
