#!/bin/sh
# The play screen in a real window (Xvfb), checked against the saved game by view_probe:
# - the bot plays seed 6 key by key; the whole-floor view then shows every remembered cell of
#   the floor (and nothing else), and the sidebar a health bar per mouse in view with each
#   mouse's state in its colour;
# - killed with kill -9 at turn 60, the game comes back at turn 60 on Continue;
# - a click travels to the clicked cell at the close, the closer and the whole-floor zoom;
# - look mode moved onto a cell shows that cell's description;
# - the pointer's description and path go away at a key press and come back when it moves;
# - fullscreen (F11, and --fullscreen at start) fills the screen and back restores the window, and a click hits the right
#   cell both ways;
# - on an 800x600 screen the window fits and the whole floor shows.
# Each check reads pixels of a screenshot or the game's save. Exits 77 when a tool is missing.
EXE=$1 BOT_KEYS=$2 PROBE=$3 ASSETS=$4
for tool in Xvfb xdotool import compare; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 81 89
cleanup() { kill "$game" 2>/dev/null; wait "$game" 2>/dev/null; kill "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=$display SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work/home"
# The checks read the whole floor first: a player who left the game in it (the close view is
# the default, docs/RULES.md R-VIEW-1). Version 1: the oldest the game reads.
whole_floor() { mkdir -p "$MOUSEKING_HOME" && echo '{"version":1,"zoom":0}' >"$MOUSEKING_HOME/options.json"; }
whole_floor
SAVE=$MOUSEKING_HOME/save.json
fail() { echo "FAIL: $1"; cat "$work/err.txt" 2>/dev/null; exit 1; }
# Each check polls (window_lib.sh) for what it reads: keys go out at once, a screenshot is taken
# when the screen has changed from the one before and holds still, a save when it is written.
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
# Return on the title: a new game (saved at once) or Continue; waits for the play screen.
# A game just started sometimes drops the first key sent to its window (seen about once in
# three runs of this script on a loaded machine, never for a later key): when the title has not
# changed 5 s after Return, Return is sent once more. A second Return is harmless: on the play
# screen it does something only in look mode.
play() {
    key Return
    WINDOW_WAIT=5 window_changed "$work/play.png" "$work/title.png" && return 0
    key Return
    window_changed "$work/play.png" "$work/title.png" || fail "Return on the title did not play"
}
# Feeds the bot's keys from line $2 to line $3 of file $1 to the window, then waits for the
# last of them to be drawn (the screen holding still).
feed() {
    window_feed "$1" "$2" "$3" "$SAVE" || fail "a floor change was not drawn"
    settled fed
}
saved_since() { [ "$(cksum <"$SAVE")" != "$1" ]; }
# Escape saves the game on the way to the title (waited for: the probe reads it); Return
# continues it (the camera centred).
save_and_continue() {
    sum=$(cksum <"$SAVE")
    key Escape
    window_poll saved_since "$sum" || fail "Escape did not save the game"
    settled title
    play
}
size() { xdotool getwindowgeometry "$window" | sed -n 's/.*Geometry: //p'; }
size_is() { [ "$(size)" = "$1" ]; }
# size_becomes WxH: waits for the window to take that size.
size_becomes() { window_poll size_is "$1"; }
# click ZOOM MIN_STEPS W H: clicks a remembered cell at least MIN_STEPS away, checks the
# player walked there.
click_travel() {
    t=$(probe "$3" "$4" "$1" target "$2") || fail "$1 zoom: $t"
    set -- $t "$1"
    xdotool mousemove --sync --window "$window" "$3" "$4"
    settled aimed
    xdotool click --window "$window" 1
    after walked aimed "$5 zoom: a click on cell $1,$2 did nothing" # the walk over
    save_and_continue
    at=$(probe 1 1 floor player | cut -d' ' -f1,2)
    [ "$at" = "$1 $2" ] || fail "$5 zoom: a click on cell $1,$2 (pixel $3,$4) walked to $at"
    echo "ok: $5 zoom, a click on cell $1,$2 walked there"
}

# Turn 28: two mice hunting in view. Turn 500: floor 2, no mouse in view.
"$BOT_KEYS" 6 28 "$ASSETS/data/rules.json" >"$work/keys_a.txt"
"$BOT_KEYS" 6 60 "$ASSETS/data/rules.json" >"$work/keys_k.txt"
"$BOT_KEYS" 6 500 "$ASSETS/data/rules.json" >"$work/keys_b.txt"
a=$(wc -l <"$work/keys_a.txt")
k=$(wc -l <"$work/keys_k.txt")

# The bot's game to turn 28: the sidebar, then the whole floor.
start_game --seed 6 --windowed
[ "$(size)" = 1280x720 ] || fail "the window is $(size), not 1280x720 on a 1280x720 screen"
play
window_poll test -s "$SAVE" || fail "the new game was not saved"
feed "$work/keys_a.txt" 1 "$a"
xdotool mousemove --sync --window "$window" 2 2
settled turn28
save_and_continue
probe 1280 720 floor sidebar "$work/turn28.png" || fail "the sidebar does not list the mice in view"
probe 1280 720 floor known "$work/turn28.png" || fail "the whole floor is not drawn as remembered"

# To turn 60, then kill -9: the save is still turn 28's, the recording has the rest, and
# Continue brings back turn 60 exactly.
feed "$work/keys_k.txt" $((a + 1)) "$k"
kill -KILL "$game"; wait "$game" 2>/dev/null
start_game --windowed
play
save_and_continue
turn=$(probe 1 1 floor player | cut -d' ' -f4)
[ "$turn" = 60 ] || fail "after kill -9 at turn 60, Continue came back at turn $turn"
grep -q "Recovered 32 turns from the recording (turn 28 to 60)" "$work/err.txt" ||
    fail "Continue did not say what it recovered"
echo "ok: kill -9 at turn 60, Continue came back at turn 60"

# On to turn 500, with no mouse in view (else travel rightly refuses): clicks at each zoom.
feed "$work/keys_b.txt" $((k + 1)) 100000
save_and_continue
[ "$(probe 1280 720 floor mice)" = 0 ] || fail "setup: a mouse is in view at turn 500"
key v
click_travel close 4 1280 720
# The wheel, away from you: closer, and twice stays there (taken before the click).
xdotool click --window "$window" --repeat 2 4
click_travel closer 3 1280 720
key v # from a close view: the whole floor
click_travel floor 10 1280 720

# Look mode: the cursor starts on the player; one step right and one down (a cell beside her
# is always seen, whatever the game's loot made of the way to turn 500).
xdotool mousemove --sync --window "$window" 2 2
settled unlooked
at=$(probe 1 1 floor player)
set -- $at
key semicolon l j
after look unlooked "look mode did not open"
probe 1280 720 floor describe $(($1 + 1)) $(($2 + 1)) "$work/look.png" ||
    fail "look mode does not describe the cell under its cursor"
key Escape
after looked look "Escape did not leave look mode"

# The pointer over a remembered cell describes it and draws the way there; a key (any key,
# here one that does nothing) puts both away until the pointer moves again, as in Brogue.
t=$(probe 1280 720 floor target 3) || fail "hover: $t"
set -- $t
xdotool mousemove --sync --window "$window" "$3" "$4"
after hover looked "the pointer over cell $1,$2 shows nothing"
key F6
after hover_key hover "after a key the pointer's description and path stay"
# Moved away, nothing changes (that is the check); moved back, the description returns.
xdotool mousemove --sync --window "$window" 2 2
settled hover_away
xdotool mousemove --sync --window "$window" "$3" "$4"
after hover_back hover_away "moved again, the pointer does not describe cell $1,$2"
differ() { compare -metric AE "$work/$1.png" "$work/$2.png" null: 2>&1 | cut -d' ' -f1; }
[ "$(differ hover hover_away)" != 0 ] || fail "the pointer over cell $1,$2 shows nothing"
[ "$(differ hover_key hover_away)" = 0 ] ||
    fail "after a key the pointer's description or path stays ($(differ hover_key hover_away) pixels)"
[ "$(differ hover hover_back)" = 0 ] || fail "moved again, the pointer does not describe cell $1,$2"
echo "ok: a key puts the pointer's description away until it moves"

# Fullscreen and back, from a window of 900x560 the player left at (40, 30).
key Escape Up Return
wait "$game"
sed -i 's/"window_x":[^,]*/"window_x":40/; s/"window_y":[^,]*/"window_y":30/;
        s/"window_w":[^,]*/"window_w":900/; s/"window_h":[^,]*/"window_h":560/' \
    "$MOUSEKING_HOME/options.json"
start_game --windowed
[ "$(size)" = 900x560 ] || fail "the window left at 900x560 came back at $(size)"
play
key F11
size_becomes 1280x720 || fail "fullscreen: the window is $(size), not the screen's 1280x720"
click_travel floor 5 1280 720
key F11
size_becomes 900x560 || fail "back from fullscreen the window is $(size), not 900x560"
click_travel floor 5 900 560
# Started with --fullscreen (no window manager here, as on a bare X server or a kiosk): the
# window covers the screen and the game draws for that size, so a click lands where it is aimed.
key Escape Up Return
wait "$game"
start_game --fullscreen
# The window goes fullscreen once it is up: keys are sent after it has the screen's size, to
# the window found and focused again (a Return sent during the switch was lost under the
# sanitizer build).
size_becomes 1280x720 || fail "started fullscreen, the window is $(size), not the screen's 1280x720"
window_find "$game" || fail "no window titled 'Mouse King' after going fullscreen"
play
click_travel floor 5 1280 720
kill "$game"; wait "$game"; kill "$xvfb"; wait "$xvfb" 2>/dev/null

# An 800x600 screen: the window fits, and the whole floor shows.
window_xvfb "$work" 81 89 800x600
rm -rf "$MOUSEKING_HOME"; whole_floor
start_game --seed 6 --windowed
w=$(size | cut -dx -f1); h=$(size | cut -dx -f2)
[ "$w" -le 800 ] && [ "$h" -le 600 ] || fail "on an 800x600 screen the window is ${w}x$h"
play
window_poll test -s "$SAVE" || fail "800x600: the new game was not saved"
feed "$work/keys_a.txt" 1 "$a"
xdotool mousemove --sync --window "$window" 2 2
settled small
save_and_continue
probe "$w" "$h" floor known "$work/small.png" || fail "800x600: the whole floor is not drawn"
probe "$w" "$h" floor sidebar "$work/small.png" || fail "800x600: the sidebar is wrong"
echo "window view test passed"
