#!/usr/bin/env bash
# check_code_size.sh: the size limits of CONTRIBUTING.md, checked. No file in src/ over 600
# lines, no function in src/ over 60 lines, and no function in src/ui/ over a cyclomatic
# complexity of 15 (McCabe's, as pmccabe counts it: each if, loop, case, && and || adds one).
# Prints one line per breach, naming the file, line and function, and exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pmccabe >/dev/null || { echo "check_code_size.sh: needs pmccabe (bash .ci/setup --tests)" >&2; exit 2; }
status=0
while read -r n f; do
  [ "$f" = total ] && continue
  if [ "$n" -gt 600 ]; then echo "$f: $n lines (at most 600)"; status=1; fi
done < <(find src -name '*.[ch]' -print0 | sort -z | xargs -0 wc -l)
# pmccabe: modified McCabe, McCabe, statements, first line, lines, "file(line): name".
while read -r _ mccabe _ _ lines where name; do
  if [ "$lines" -gt 60 ]; then echo "$where $name: $lines lines (at most 60)"; status=1; fi
  case $where in
    src/ui/*) if [ "$mccabe" -gt 15 ]; then
                echo "$where $name: complexity $mccabe (at most 15 in src/ui)"; status=1
              fi ;;
  esac
done < <(find src -name '*.c' -print0 | sort -z | xargs -0 pmccabe 2>/dev/null)
[ $status -eq 0 ] && echo "check_code_size.sh: every file and function within its limits"
exit $status
