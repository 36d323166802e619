#!/usr/bin/env bash
# tools/regen.sh [BUILD_DIR]: after a change to data/rules.json (a new mouse, an item, new
# numbers), or to code that moves the floors or the play, rewrite everything that follows from
# the game itself, so that the tests pass again. `cmake --build build --target regen` runs it.
#
#   1. the floor goldens (tests/golden_floors.txt); when the floors differ from the committed
#      ones, or a recording of the catalog goes out of step although its header is accepted,
#      DUNGEON_VERSION (src/gen/gen.h) goes up by one, once per change (compared with git's HEAD);
#   2. the bot replay catalog (tests/replays/seed-*.mkrec and .expect): kept as it is when it
#      still replays to its .expect and holds a won and a lost game; otherwise recorded again,
#      its seeds kept where they still give a won and a lost game, and otherwise the first
#      seeds of the missing outcome taken in place of others (seed 25 always stays: the
#      doctored-recording tests start from it);
#   3. the frame goldens (tests/golden_frames.txt);
#   4. the build directory configured again (the cli_replay_* tests copy seed-25 at configure
#      time).
#
# The rules have no version number of their own: a recording's header carries rules_hash of
# every number and name of the rules, so a recording of other rules is refused by that
# (docs/TESTING.md, After a content change). Running this twice in a row changes nothing the
# second time.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build}" && pwd)
jobs=${MOUSEKING_REGEN_JOBS:-2}
replays=$src/tests/replays
anchor=25        # the catalog recording tests/CMakeLists.txt and test_replay_verify doctor
catalog_size=4   # test_replay_catalog wants at least this many
search_seeds=200 # where missing outcomes are looked for
export MOUSEKING_DATA=$build/assets

say() { printf 'regen: %s\n' "$*"; }
quiet() { # runs a command, showing its output only when it fails
    local out
    out=$("$@" 2>&1) || { printf '%s\n' "$out" >&2 && return 1; }
}
build_targets() {
    # Run from the `regen` target, make's job server must not reach this inner build.
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL cmake --build "$build" -j"$jobs" --target assets \
        mouseking test_gen_golden test_view_golden test_replay_catalog >/dev/null
}
head_file() { git -C "$src" show "HEAD:$1" 2>/dev/null || cat "$src/$1"; }
dungeon_version() { sed -n 's/^#define DUNGEON_VERSION \([0-9][0-9]*\).*/\1/p'; }

build_targets

# Recordings whose header is accepted but which go out of step: play changed under the same
# versions, which is what DUNGEON_VERSION is for.
out_of_step=0
for rec in "$replays"/seed-*.mkrec; do
    [ -e "$rec" ] || continue
    if ! msg=$("$build/mouseking" replay --verify "$rec" 2>&1 >/dev/null); then
        case $msg in # refused at the header ("made with"), damaged or empty: recorded again
        *"out of step"*) out_of_step=1 && say "out of step with the same versions: $msg" ;;
        esac
    fi
done

# 1. floors
floors=tests/golden_floors.txt
old_floors=$(head_file "$floors" | grep -v '^DUNGEON_VERSION') # read before rewriting it
old_version=$(head_file src/gen/gen.h | dungeon_version)
version=$(dungeon_version <"$src/src/gen/gen.h")
MOUSEKING_UPDATE_GOLDEN=1 quiet "$build/tests/test_gen_golden"
if [ "$old_floors" != "$(grep -v '^DUNGEON_VERSION' "$src/$floors")" ]; then
    floors_moved=1
else
    floors_moved=0
fi
if [ $((floors_moved + out_of_step)) -gt 0 ] && [ "$version" = "$old_version" ]; then
    version=$((old_version + 1))
    say "floors or play changed: DUNGEON_VERSION $old_version -> $version"
    sed -i "s/^#define DUNGEON_VERSION [0-9][0-9]*/#define DUNGEON_VERSION $version/" \
        "$src/src/gen/gen.h"
    # Everything: every test program built with the old number would refuse the new files.
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL cmake --build "$build" -j"$jobs" >/dev/null
    MOUSEKING_UPDATE_GOLDEN=1 quiet "$build/tests/test_gen_golden"
fi

# 2. the replay catalog
outcomes_ok() { # the .expect files hold a won and a lost game
    grep -qs '^won ' "$replays"/seed-*.expect && grep -qs '^died ' "$replays"/seed-*.expect
}
if "$build/tests/test_replay_catalog" >/dev/null 2>&1 && outcomes_ok &&
    [ -e "$replays/seed-$anchor.mkrec" ]; then
    say "the replay catalog still replays; kept"
else
    # The outcome of the bot's game of every seed 1..search_seeds and of the catalog's.
    declare -A outcome=()
    current=$(find "$replays" -maxdepth 1 -name 'seed-*.mkrec' | sed 's/.*seed-\([0-9]*\)\.mkrec/\1/' |
        sort -n)
    play() { "$build/mouseking" autoplay --seed "$1" --games "$2" --jobs "$jobs" 2>/dev/null |
        sed -n 's/^{"seed":\([0-9]*\),"result":"\([a-z_]*\)".*/\1 \2/p'; }
    while read -r s r; do outcome[$s]=$r; done < <(play 1 "$search_seeds")
    for s in $current $anchor; do
        [ -n "${outcome[$s]:-}" ] || while read -r t r; do outcome[$t]=$r; done < <(play "$s" 1)
    done
    # Keep the current seeds and the anchor; for an outcome missing, put its first seed in
    # place of the highest seed whose outcome another seed still shows.
    chosen=$(printf '%s\n' $current $anchor | sort -nu)
    count_of() { local n=0 c; for c in $chosen; do [ "${outcome[$c]}" = "$1" ] && n=$((n + 1)); done; echo $n; }
    for want in won died; do
        [ "$(count_of "$want")" -gt 0 ] && continue
        new=""
        for s in $(seq 1 "$search_seeds"); do
            [ "${outcome[$s]:-}" = "$want" ] && ! grep -qx "$s" <<<"$chosen" && new=$s && break
        done
        [ -n "$new" ] || { say "no $want game in seeds 1..$search_seeds"; exit 1; }
        drop=""
        for c in $(sort -nr <<<"$chosen"); do
            [ "$c" = "$anchor" ] && continue
            [ "$(count_of "${outcome[$c]}")" -gt 1 ] && drop=$c && break
        done
        n=$(wc -w <<<"$chosen")
        if [ -n "$drop" ] && [ "$n" -ge "$catalog_size" ]; then
            say "seed $drop (${outcome[$drop]}) leaves the catalog for seed $new ($want)"
            chosen=$(grep -vx "$drop" <<<"$chosen")
            rm -f "$replays/seed-$drop.mkrec" "$replays/seed-$drop.expect"
        else
            say "seed $new ($want) joins the catalog"
        fi
        chosen=$(printf '%s\n' $chosen "$new" | sort -n)
    done
    for s in $(seq 1 "$search_seeds"); do # at least catalog_size recordings
        [ "$(wc -w <<<"$chosen")" -ge "$catalog_size" ] && break
        grep -qx "$s" <<<"$chosen" || chosen=$(printf '%s\n' $chosen "$s" | sort -n)
    done
    for s in $chosen; do touch "$replays/seed-$s.mkrec"; done
    say "recording the catalog again: seeds $(echo $chosen)"
    MOUSEKING_UPDATE_REPLAYS=1 quiet "$build/tests/test_replay_catalog"
    quiet "$build/tests/test_replay_catalog"
    outcomes_ok || { say "the catalog holds no won or no lost game"; exit 1; }
fi

# 3. frames
MOUSEKING_UPDATE_GOLDEN=1 quiet "$build/tests/test_view_golden"

# 4. the tests that copy a recording at configure time
quiet cmake "$build"

say "done; changed: $(git -C "$src" status --porcelain -- tests/golden_floors.txt \
    tests/golden_frames.txt tests/replays src/gen/gen.h | wc -l) path(s)"
