#!/usr/bin/env bash
# mutate.sh [BUILD_DIR] [LIST]: breaks the rules of the game one at a time and checks that a
# test notices. LIST (default tests/mutations.txt) holds one mutation a block:
#
#   # R-SEARCH-2: the thorough search reaches 5 cells, no further
#   file: src/game/search.c
#   test: test_search
#   from: dx <= r->search_thorough_radius &&
#   to:   dx <= r->search_thorough_radius + 1 &&
#
# `from` must occur exactly once in `file`; it is replaced by `to`, the test program is built
# and run, and the file is put back. A mutation the test still passes "survives": the rule
# has no test that would notice it breaking. Prints one line a mutation and exits 1 if any
# survived or could not be applied. Needs a configured build (default: build).
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
list=${2:-tests/mutations.txt}
[ -d "$build" ] || { echo "mutate.sh: $build: no build folder (run .ci/setup first)" >&2; exit 2; }
[ -f "$list" ] || { echo "mutate.sh: $list: no such file" >&2; exit 2; }

backup=$(mktemp)
killed=0 survived=0 broken=0
name="" file="" test="" from="" to=""
mutated="" # the source file under a mutation, while it is
# Interrupted (Ctrl-C, a CI timeout's TERM) or failing half-way, the tree must not stay mutated:
# the file under a mutation is put back from the backup before the backup goes.
restore() {
  if [ -n "$mutated" ] && [ -s "$backup" ]; then
    cp "$backup" "$mutated" && touch "$mutated"
    echo "mutate.sh: interrupted, $mutated put back" >&2
  fi
  mutated=""
  rm -f "$backup"
}
trap restore EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

run_one() {
  [ -n "$file" ] || return 0
  if [ -z "$test" ] || [ -z "$from" ] || [ ! -f "$file" ]; then
    echo "BROKEN   $name: needs file, test, from and to"; broken=$((broken + 1)); return 0
  fi
  cp "$file" "$backup"
  mutated=$file
  if ! python3 - "$file" "$from" "$to" <<'EOF'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(1)
open(path, "w").write(text.replace(old, new, 1))
EOF
  then
    mutated=""
    echo "BROKEN   $name: 'from' is not in $file exactly once"; broken=$((broken + 1)); return 0
  fi
  if ! cmake --build "$build" --target "$test" -j2 >/dev/null 2>&1; then
    echo "BROKEN   $name: the mutation does not build, so it tests nothing"; broken=$((broken + 1))
  elif "$build/tests/$test" >/dev/null 2>&1; then
    echo "SURVIVED $name ($test still passes)"; survived=$((survived + 1))
  else
    echo "KILLED   $name ($test fails)"; killed=$((killed + 1))
  fi
  cp "$backup" "$file"
  touch "$file"
  mutated=""
}

while IFS= read -r line || [ -n "$line" ]; do
  case $line in
    "# "*) run_one; name=${line#"# "} file="" test="" from="" to="";;
    file:*) file=$(echo "${line#file:}" | sed 's/^ *//');;
    test:*) test=$(echo "${line#test:}" | sed 's/^ *//');;
    from:*) from=${line#from:}; from=${from# }; from=${from# };;
    to:*) to=${line#to:}; to=${to# }; to=${to# }; to=${to# };;
  esac
done < "$list"
run_one
cmake --build "$build" -j2 >/dev/null 2>&1 # everything back as it is
echo "mutations: $killed killed, $survived survived, $broken broken"
[ "$survived" -eq 0 ] && [ "$broken" -eq 0 ]
