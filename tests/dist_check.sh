#!/usr/bin/env bash
# dist_check.sh desktop|metainfo|man FILE: the validators Debian and Flathub run on the desktop
# file, the AppStream metadata and the manual page. Exit 77 (skipped) without the validator.
set -uo pipefail
what=$1 file=$2
need() { command -v "$1" > /dev/null || { echo "dist_check: no $1 (bash .ci/setup --tests)"; exit 77; }; }
case $what in
  desktop) need desktop-file-validate; out=$(desktop-file-validate "$file" 2>&1) ;;
  metainfo) need appstreamcli
    out=$(appstreamcli validate --pedantic --no-net --explain "$file" 2>&1) ;;
  man) need man; out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$file" 2>&1 > /dev/null) ;;
  *) echo "usage: dist_check.sh desktop|metainfo|man FILE" >&2; exit 2 ;;
esac
status=$?
printf '%s\n' "$out"
# The validators' warnings count as failures too, and so do AppStream's pedantic notes (P:);
# its infos (I:) and man's silence pass.
[ $status -eq 0 ] && ! printf '%s\n' "$out" | grep -qE '^(W|E|P):|warning|error' || exit 1
