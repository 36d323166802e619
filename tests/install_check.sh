#!/usr/bin/env bash
# install_check.sh BUILD_DIR WORK [window|headless]: `cmake --install` of the build, staged
# with DESTDIR and again under another prefix, must hold the desktop files at their places
# (a headless build, MOUSEKING_SDL=OFF, installs none), and each copy of the game must find its
# own assets (gen reads data/rules.json from them), and the links of its documents resolve.
set -euo pipefail
build=$1 work=$2 kind=${3:-window}
rm -rf "$work" && mkdir -p "$work"
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
bindir=$(sed -n 's/^CMAKE_INSTALL_BINDIR:PATH=//p' "$build/CMakeCache.txt")
fail() { echo "install_check: $*" >&2; exit 1; }

check() { # ROOT: an installed tree
  local root=$1
  for f in share/man/man6/mouseking.6.gz share/doc/mouseking/copyright share/doc/mouseking/CHANGELOG.md \
           share/doc/mouseking/README.md share/doc/mouseking/docs/RULES.md; do
    [ -f "$root/$f" ] || fail "$root/$f is missing"
  done
  python3 "$(dirname "$0")/check_doc_links.py" "$root/share/doc/mouseking" > "$work/links.txt" ||
    fail "broken links in $root/share/doc/mouseking: $(cat "$work/links.txt")"
  if [ "$kind" = headless ]; then
    [ ! -e "$root/share/applications" ] || fail "a headless build installed a desktop file in $root"
  else
    for f in share/applications/mouseking.desktop share/metainfo/invalid.mouseking.mouseking.metainfo.xml; do
      [ -f "$root/$f" ] || fail "$root/$f is missing"
    done
    for size in 16 32 48 64 128 256; do
      [ -f "$root/share/icons/hicolor/${size}x${size}/apps/mouseking.png" ] || fail "no ${size}px icon in $root"
    done
  fi
  # Another MOUSEKING_DATA or a system-wide install must not be what is found.
  env -u MOUSEKING_DATA MOUSEKING_HOME="$work/home" "$root/$bindir/mouseking" gen --seed 1 --floor 0 \
    > "$work/floor.txt" || fail "$root/$bindir/mouseking did not find its assets"
  grep -q '@' "$work/floor.txt" || fail "gen from $root printed no floor"
}

DESTDIR="$work/stage" cmake --install "$build" > /dev/null
check "$work/stage$prefix"
# Every installed file the manual page names is there.
for f in $(grep -o "$prefix/share/doc/mouseking/[^ ]*[^ .]" "$build/mouseking.6"); do
  [ -f "$work/stage$f" ] || fail "the manual page names $f, which is not installed"
done
cmake --install "$build" --prefix "$work/moved" > /dev/null
check "$work/moved"
echo "install_check: staged at $work/stage$prefix and installed at $work/moved, both find their assets"
