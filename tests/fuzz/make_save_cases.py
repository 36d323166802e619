#!/usr/bin/env python3
"""Writes the hand-made cases of corpus/save/ from the game-made seeds there: new_game.json
with one value changed (and the checksum made right, as store/save.h defines it), and a few
that are not saves at all. Run it after fuzz_make_seeds (README.md)."""
import copy
import glob
import json
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "save")


def fnv1a(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write(name, doc, checksum=True):
    doc = {k: v for k, v in doc.items() if k != "checksum"}
    body = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    if checksum:
        body = body[:-1] + ',"checksum":"%016x"}' % fnv1a(body.encode())
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(body)


def main():
    with open(os.path.join(HERE, "new_game.json"), encoding="utf-8") as f:
        text = f.read()
    new = json.loads(text)
    with open(glob.glob(os.path.join(HERE, "floors_*.json"))[0], encoding="utf-8") as f:
        played = json.load(f)
    ents = [e for floor in played["floors"] for e in floor["entities"]]
    mouse = next(e for e in ents if "mind" in e)
    item = next(e for e in ents if "item" in e)
    door = next(e for e in ents if "door" in e)
    px, py = new["player"]["x"], new["player"]["y"]

    def case(name, change):
        doc = copy.deepcopy(new)
        change(doc)
        write(name, doc)

    def add(doc, entity, **fields):
        e = copy.deepcopy(entity)
        e.update(fields)
        doc["floors"][0]["entities"].append(e)
        doc["next_id"] = max(doc["next_id"], e["id"] + 1)

    def row(doc, y, value):
        doc["floors"][0]["rows"][y] = value

    for name, data in [("empty", ""), ("empty_object.json", "{}"),
                       ("truncated_half.json", text[: len(text) // 2])]:
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            f.write(data)
    write("no_checksum.json", new, checksum=False)
    case("format_2.json", lambda d: d.update(format=2))
    case("format_string.json", lambda d: d.update(format="1"))
    case("dungeon_version_old.json", lambda d: d.update(dungeon_version=d["dungeon_version"] - 1))
    case("turn_huge.json", lambda d: d.update(turn=1e308))
    case("current_unvisited.json", lambda d: d.update(current=5, deepest=5))
    case("seed_not_digits.json", lambda d: d.update(seed="7x"))
    case("player_outside.json", lambda d: d["player"].update(x=80, y=-1))
    case("player_stats_wrong.json",
         lambda d: d["player"]["stats"].update(hp=99999, attack_min=9, attack_max=2))
    case("unknown_entity.json", lambda d: add(d, {"name": "Giant Rat", "id": 3, "x": px, "y": py + 1}))
    case("mouse_on_player.json", lambda d: add(d, mouse, id=3, x=px, y=py))
    case("mouse_in_wall.json", lambda d: add(d, mouse, id=3, x=0, y=0))
    case("mouse_mind_bad.json", lambda d: add(d, mouse, id=3, x=px + 1, y=py,
                                              mind=dict(mouse["mind"], state="dreaming", target_x=500)))
    case("item_huge_bonus.json", lambda d: add(d, item, id=3, x=px + 1, y=py,
                                               item=dict(item["item"], attack=2**40)))
    case("door_state_mismatch.json", lambda d: add(d, door, id=3, x=px + 1, y=py, door="locked"))
    case("duplicate_id.json", lambda d: add(d, item, id=1, x=px + 1, y=py))
    case("inventory_bad.json", lambda d: (d["inventory"].append(dict(item, id=3, carried=True)),
                                          d["equipped"].update(weapon=5), d.update(next_id=4)))
    case("rows_short.json", lambda d: row(d, 3, "#" * 79))
    case("rows_bad_char.json", lambda d: row(d, 3, "Z" + d["floors"][0]["rows"][3][1:]))
    case("floor_twice.json", lambda d: d["floors"].append(copy.deepcopy(d["floors"][0])))
    case("log_text_control.json",
         lambda d: d["log"]["entries"][0].update(text="Entering\n\u001b[31mfloor"))
    case("deep_nesting.json", lambda d: d["counters"].update(kills=json.loads("[" * 900 + "]" * 900)))
    case("rng_inc_even.json", lambda d: d["rng"]["play"].update(inc="4"))


if __name__ == "__main__":
    main()
