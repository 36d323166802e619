#!/usr/bin/env python3
"""check_dist.py ROOT SCHEMA: the Flatpak manifest (dist/flatpak/*.yml) against SCHEMA (JSON
schema, python3-jsonschema), the AppImage recipe (dist/appimage/AppImageBuilder.yml) for the
keys appimage-builder needs, and the names the recipes, the metainfo, the desktop file and
CMakeLists.txt share (the app id, the desktop file, the icon, the version). ROOT is the
repository. One line per problem; exit 1 on any. Needs python3-yaml and python3-jsonschema."""
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

import jsonschema
import yaml

problems = []


def fail(msg):
    problems.append(msg)


def load_yaml(path):
    try:
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        fail(f"{path}: {str(e).splitlines()[0]}")
        return None


def check_manifest(root, schema_path, app_id, cmake):
    found = glob.glob(os.path.join(root, "dist/flatpak/*.yml"))
    if len(found) != 1:
        fail(f"{root}/dist/flatpak: {len(found)} manifests (*.yml), one expected")
        return
    path = found[0]
    doc = load_yaml(path)
    if doc is None:
        return
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        fail(f"{path}: {where}: {err.message}")
    if not isinstance(doc, dict):
        return
    if os.path.basename(path) != f"{doc.get('id')}.yml":
        fail(f"{path}: the file is not named after its id {doc.get('id')!r}")
    if doc.get("id") != app_id:
        fail(f"{path}: id {doc.get('id')!r} is not the metainfo's id {app_id!r}")
    desktop = doc.get("rename-desktop-file")
    if desktop and not os.path.isfile(os.path.join(root, "dist", desktop)):
        fail(f"{path}: rename-desktop-file {desktop!r} is not in dist/")
    modules = {m.get("name"): m for m in doc.get("modules") or [] if isinstance(m, dict)}
    if "cjson" not in modules:
        fail(f"{path}: no cjson module")
    game = modules.get("mouseking") or {}
    if "-DMOUSEKING_BUILD_TESTS=OFF" not in (game.get("config-opts") or []):
        fail(f"{path}: the mouseking module does not pass -DMOUSEKING_BUILD_TESTS=OFF")
    if cmake.get("app_id") != doc.get("id"):
        fail(f"CMakeLists.txt: MOUSEKING_APP_ID {cmake.get('app_id')!r} is not {doc.get('id')!r}")


def check_appimage(root, version):
    path = os.path.join(root, "dist/appimage/AppImageBuilder.yml")
    doc = load_yaml(path)
    if doc is None:
        return
    if not isinstance(doc, dict) or doc.get("version") != 1:
        fail(f"{path}: no 'version: 1' (appimage-builder's recipe format)")
        return
    info = (doc.get("AppDir") or {}).get("app_info") or {}
    for key in ("id", "name", "icon", "version", "exec"):
        if not isinstance(info.get(key), str) or not info.get(key):
            fail(f"{path}: AppDir/app_info/{key} is missing or not a string")
    if info.get("exec") != "usr/bin/mouseking":
        fail(f"{path}: AppDir/app_info/exec is {info.get('exec')!r}, not usr/bin/mouseking")
    if str(info.get("version")) != version:
        fail(f"{path}: version {info.get('version')!r} is not project()'s {version!r}")
    if not os.path.isfile(os.path.join(root, "dist", f"{info.get('id')}.desktop")):
        fail(f"{path}: AppDir/app_info/id {info.get('id')!r} names no desktop file in dist/")
    include = ((doc.get("AppDir") or {}).get("apt") or {}).get("include") or []
    for lib in ("libcjson1", "libsdl2-2.0-0", "libsdl2-image-2.0-0", "libsdl2-mixer-2.0-0",
                "libsdl2-ttf-2.0-0"):
        if lib not in include:
            fail(f"{path}: AppDir/apt/include lacks {lib}")
    if not isinstance(doc.get("AppImage"), dict) or "arch" not in doc["AppImage"]:
        fail(f"{path}: no AppImage/arch")


def read_cmake(root):
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        text = f.read()
    out = {}
    m = re.search(r"^set\(MOUSEKING_APP_ID (\S+)\)", text, re.M)
    out["app_id"] = m.group(1) if m else None
    m = re.search(r"^project\(mouseking VERSION (\S+)", text, re.M)
    out["version"] = m.group(1) if m else None
    return out


def read_metainfo(root):
    found = glob.glob(os.path.join(root, "dist/*.metainfo.xml"))
    if len(found) != 1:
        fail(f"{root}/dist: {len(found)} metainfo files, one expected")
        return None
    path = found[0]
    try:
        comp = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(f"{path}: {e}")
        return None
    app_id = comp.findtext("id")
    if os.path.basename(path) != f"{app_id}.metainfo.xml":
        fail(f"{path}: the file is not named after its id {app_id!r}")
    if app_id != (app_id or "").lower():
        fail(f"{path}: the id {app_id!r} is not lowercase")
    dev = comp.find("developer")
    if dev is None or not dev.get("id") or not dev.findtext("name"):
        fail(f"{path}: no <developer id=...><name>")
    if comp.find("developer_name") is not None:
        fail(f"{path}: <developer_name> is replaced by <developer id=...><name>")
    launchable = comp.findtext("launchable[@type='desktop-id']")
    if not launchable or not os.path.isfile(os.path.join(root, "dist", launchable)):
        fail(f"{path}: <launchable> {launchable!r} is not a desktop file in dist/")
    return app_id


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check_dist.py ROOT SCHEMA")
    root, schema = sys.argv[1], sys.argv[2]
    cmake = read_cmake(root)
    app_id = read_metainfo(root)
    check_manifest(root, schema, app_id, cmake)
    check_appimage(root, cmake.get("version"))
    for p in problems:
        print(f"check_dist: {p}")
    sys.exit(1 if problems else 0)


main()
