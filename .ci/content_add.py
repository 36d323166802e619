#!/usr/bin/env python3
"""Adds a mouse and an item to a rules file, as a contributor adding content would: each a copy
of an existing entry with its name, description and numbers changed. The glyphs stay those the
ASCII legend gives mice and armour (a new glyph is a new line of the legend, in src/cli/args.c).
Usage: content_add.py data/rules.json"""
import json
import sys

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
rules = json.loads(text)


def entry(name, body):
    return "    " + json.dumps(name) + ": " + json.dumps(body, ensure_ascii=False)


rat = dict(rules["monsters"]["Neo Mouse"])
rat.update(hp=9, attack=[2, 5], hit=72, sight=7, speed=11, xp=5, floor=2, glyph="m")
rat["behaviour"] = {"name": "skittish", "below": 30, "every": 4}
rat["description"] = "Lab Rat: escaped from the floor below, bigger than the mice and not pleased about it."
coat = dict(rules["items"]["Biker Jacket"])
coat.update(defence=1, dodge=5, per_floors=5, glyph="[")
coat["loot"] = {"floor": 1, "weight": 20, "growth": 0, "tier": 1}
coat["description"] = "Lab Coat: white cotton, a pen in the pocket. Light armour that also helps you dodge."

king = '    "Mouse King": {'
assert text.count(king) == 1, "no Mouse King entry to add the mouse before"
text = text.replace(king, entry("Lab Rat", rat) + ",\n" + king)
end = text.rstrip().rfind("}", 0, len(text.rstrip()) - 1)  # the items object's closing brace
head = text[:end].rstrip()
text = head + ",\n" + entry("Lab Coat", coat) + "\n  " + text[end:]
json.loads(text)
open(path, "w", encoding="utf-8").write(text)
