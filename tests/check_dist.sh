#!/usr/bin/env bash
# check_dist.sh [ROOT]: checks what the Flatpak and AppImage packages are made from, since
# neither can be built here without its runtime and tools: the YAML syntax of
# dist/flatpak/*.yml and dist/appimage/AppImageBuilder.yml (yamllint), the manifest's keys
# against tests/flatpak_manifest.schema.json and the names the recipes share with the
# metainfo, the desktop file and CMakeLists.txt (tests/check_dist.py), the AppStream metainfo
# (appstreamcli validate --pedantic) and the desktop file (desktop-file-validate), both through
# tests/dist_check.sh. ROOT is the repository to check (this one by default; a copy to break
# on purpose). Needs yamllint, python3-yaml, python3-jsonschema, appstream and
# desktop-file-utils; a missing one is a failure, not a skip. Exit 1 on any problem.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$here/..}
for tool in yamllint appstreamcli desktop-file-validate python3; do
  command -v "$tool" > /dev/null || {
    echo "check_dist: no $tool (bash .ci/setup --tests)" >&2
    exit 1
  }
done
status=0
step() { # NAME COMMAND...: runs one check, its output indented, and remembers a failure
  local name=$1 out rc=0
  shift
  out=$("$@" 2>&1) || rc=$?
  if [ $rc -eq 0 ]; then
    echo "check_dist: ok: $name"
  else
    echo "check_dist: FAILED: $name"
    status=1
  fi
  [ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/  /'
}

yaml_rules='{extends: default, rules: {line-length: {max: 100}, document-start: disable}}'
recipes=("$root"/dist/flatpak/*.yml "$root/dist/appimage/AppImageBuilder.yml")
step "YAML of the recipes" yamllint --strict -f parsable -d "$yaml_rules" "${recipes[@]}"
step "recipe keys (Flatpak schema), shared names" \
  python3 "$here/check_dist.py" "$root" "$here/flatpak_manifest.schema.json"
metainfo=("$root"/dist/*.metainfo.xml)
step "AppStream metainfo" bash "$here/dist_check.sh" metainfo "${metainfo[0]}"
step "desktop file" bash "$here/dist_check.sh" desktop "$root/dist/mouseking.desktop"
exit $status
