#!/bin/sh
# The minimap in a real window (Xvfb), checked against the saved game by view_probe
# (docs/RULES.md R-MINIMAP-1, R-MINIMAP-2): the bot plays seed 6 key by key to turn 500; the
# minimap then shows the player's white dot on her cell, and a click on a remembered cell of
# the minimap walks her there, at 1280x720 (2x) and 800x600 (1x). Exits 77 when a tool is
# missing.
EXE=$1 BOT_KEYS=$2 PROBE=$3 ASSETS=$4
for tool in Xvfb xdotool import compare convert; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
cleanup() { kill "$game" 2>/dev/null; wait "$game" 2>/dev/null; kill "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work/home"
SAVE=$MOUSEKING_HOME/save.json
fail() { echo "FAIL: $1"; cat "$work/err.txt" 2>/dev/null; exit 1; }
key() { xdotool key --window "$window" "$@"; }
settled() { window_poll window_settled "$work/$1.png" || fail "the screen never settled ($1)"; }
after() { window_changed "$work/$1.png" "$work/$2.png" || fail "$3"; }
probe() { "$PROBE" "$ASSETS" "$SAVE" "$@"; }
start_game() {
    env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$EXE" "$@" --no-sound \
        >>"$work/out.txt" 2>>"$work/err.txt" &
    game=$!
    window_find "$game" || fail "no window titled 'Mouse King'"
    window_drawn "$work/title.png" || fail "the title is not drawn"
}
play() { # as in window_view.sh: a game just started may drop its first key
    key Return
    WINDOW_WAIT=5 window_changed "$work/play.png" "$work/title.png" && return 0
    key Return
    window_changed "$work/play.png" "$work/title.png" || fail "Return on the title did not play"
}
saved_since() { [ "$(cksum <"$SAVE")" != "$1" ]; }
return_to_play() {
    settled title
    play
}
save_and_continue() {
    sum=$(cksum <"$SAVE")
    key Escape
    # A walk still under way takes the first key to stop (docs/RULES.md R-WALK-6): when no save
    # has come 5 s after Escape, Escape once more opens the title.
    WINDOW_WAIT=5 window_poll saved_since "$sum" && return_to_play && return 0
    key Escape
    window_poll saved_since "$sum" || fail "Escape did not save the game"
    settled title
    play
}
size() { xdotool getwindowgeometry "$window" | sed -n 's/.*Geometry: //p'; }
colour_at() { convert "$1" -format "%[hex:p{$2,$3}]" info: 2>/dev/null | cut -c1-6; }

# minimap W H: the player's dot where she is, then a click on the minimap walks to its cell.
minimap() {
    xdotool mousemove --sync --window "$window" 2 2
    settled "still$1"
    set -- $(probe "$1" "$2" floor minimap-player) "$1" "$2"
    [ "$(colour_at "$work/still$3.png" "$1" "$2")" = FFFFFF ] ||
        fail "$3x$4: the minimap has no white dot at the player's cell (pixel $1,$2)"
    t=$(probe "$3" "$4" floor minimap 8) || fail "$3x$4: $t"
    set -- $t "$3" "$4"
    xdotool mousemove --sync --window "$window" "$3" "$4"
    settled aimed
    xdotool click --window "$window" 1
    after walked aimed "$5x$6: a click on the minimap's cell $1,$2 did nothing"
    # The walk ends before Escape: a key during a walk stops it where it is (R-WALK-6).
    settled arrived
    save_and_continue
    at=$(probe 1 1 floor player | cut -d' ' -f1,2)
    [ "$at" = "$1 $2" ] || fail "$5x$6: a click on the minimap's cell $1,$2 (pixel $3,$4) walked to $at"
    echo "ok: $5x$6, the player's dot on the minimap, and a click on its cell $1,$2 walked there"
}

"$BOT_KEYS" 6 500 "$ASSETS/data/rules.json" >"$work/keys.txt"
for screen in 1280x720 800x600; do
    window_xvfb "$work" 141 149 "$screen"
    export DISPLAY=$display
    rm -rf "$MOUSEKING_HOME"; mkdir -p "$MOUSEKING_HOME"
    start_game --seed 6 --windowed
    play
    window_poll test -s "$SAVE" || fail "the new game was not saved"
    window_feed "$work/keys.txt" 1 100000 "$SAVE" || fail "a floor change was not drawn"
    settled fed
    save_and_continue
    [ "$(probe 1280 720 floor mice)" = 0 ] || fail "setup: a mouse is in view at turn 500"
    w=$(size | cut -dx -f1); h=$(size | cut -dx -f2)
    minimap "$w" "$h"
    kill "$game"; wait "$game" 2>/dev/null; kill "$xvfb"; wait "$xvfb" 2>/dev/null
done
echo "window minimap test passed"
