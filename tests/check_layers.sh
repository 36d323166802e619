#!/usr/bin/env bash
# check_layers.sh: the dependency rule of docs/ARCHITECTURE.md, checked on the includes.
#   core <- gen, entities <- game <- store, bot <- ui, cli
# A folder of src/ may include only its own headers and those of the layers below it, and only
# ui/, cli/ and tools/ may include SDL. Prints one line per breach and exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A may=(
  [core]="core"
  [gen]="core gen"
  [entities]="core entities"
  [game]="core gen entities game"
  [store]="core gen entities game store"
  [bot]="core gen entities game bot"
  [ui]="core gen entities game store bot ui"
  [cli]="core gen entities game store bot ui cli"
  [tools]="core tools"
)
status=0
for layer in "${!may[@]}"; do
  while IFS=: read -r file line text; do
    dep=$(sed -E 's/^#include "([a-z_]+)\/.*/\1/' <<<"$text")
    case " ${may[$layer]} " in
      *" $dep "*) ;;
      *) echo "$file:$line: $layer/ may not include $dep/ ($text)"; status=1 ;;
    esac
  done < <(grep -rnE '^#include "[a-z_]+/' "src/$layer" || true)
  case $layer in
    ui | cli | tools) ;;
    *) if grep -rnE '^#include <SDL' "src/$layer"; then
         echo "src/$layer includes SDL: only ui/, cli/ and tools/ may"; status=1
       fi ;;
  esac
done
[ $status -eq 0 ] && echo "check_layers.sh: every include follows the dependency rule"
exit $status
