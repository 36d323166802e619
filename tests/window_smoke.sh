#!/bin/sh
# A real window: start the game under Xvfb at the title, start a new game, walk into the
# stairs of floor 0 with the arrow keys, open and close the pack and the help, save a
# screenshot with F12 and check it, change an option and find it saved, look at the
# highscores, quit from the title and check the exit status and the save; start again,
# Continue, find floor 1 again, end with SIGTERM. Each step is checked on screenshots. Exits 77 (skipped) when Xvfb, xdotool or ImageMagick is missing.
EXE=$1
for tool in Xvfb xdotool import compare convert identify; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 91 99
cleanup() { kill "$game" "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=$display SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work"

# MK_GAME_PRELOAD (sanitizer builds, see CMakeLists.txt) applies to the game alone.
env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$EXE" --seed 1 --windowed \
    >"$work/out.txt" 2>"$work/err.txt" &
game=$!
xdotool search --sync --onlyvisible --name "^Mouse King$" >/dev/null 2>&1 &
finder=$!
for _ in $(seq 50); do kill -0 "$finder" 2>/dev/null || break; sleep 0.2; done
kill "$finder" 2>/dev/null
window=$(xdotool search --name "^Mouse King$" | head -1)
[ -n "$window" ] || { echo "FAIL: no window titled 'Mouse King'"; cat "$work/err.txt"; exit 1; }
sleep 0.5

fail() { echo "FAIL: $1"; cat "$work/err.txt"; exit 1; }
lit() { convert "$1" -colorspace Gray -format "%[fx:mean>0.02]" info:; }
differ() { [ "$(compare -metric AE "$1" "$2" null: 2>&1 | cut -d' ' -f1)" != "0" ]; }

key() { xdotool key --window "$window" "$@"; sleep 0.3; }
shot() { import -window root "$work/$1.png" || fail "screenshot $1"; }

# The title: lit, and New game (the first choice without a game in progress) starts a game.
shot title
[ "$(lit "$work/title.png")" = 1 ] || fail "the title screen is black"
key Return
shot start
[ "$(lit "$work/start.png")" = 1 ] || fail "the first frame of the game is black"
differ "$work/title.png" "$work/start.png" || fail "Return on the title did not start a game"
key Right
shot moved
differ "$work/start.png" "$work/moved.png" || fail "an arrow key did not move the view"

# Floor 0: the start is six cells west of the Stairs (Up); five steps and a bump climb.
for _ in 1 2 3 4 5; do xdotool key --window "$window" Right; sleep 0.1; done
sleep 1
shot floor1
[ "$(lit "$work/floor1.png")" = 1 ] || fail "the screen stayed blank after the floor change"
# The HUD's floor figure sits top left: it must have changed from "Floor 0/13".
convert "$work/moved.png" -crop 320x30+0+0 "$work/hud0.png"
convert "$work/floor1.png" -crop 320x30+0+0 "$work/hud1.png"
differ "$work/hud0.png" "$work/hud1.png" || fail "the HUD did not change floor"

# The pack and the help open over the map and close again.
key Tab; shot pack
differ "$work/floor1.png" "$work/pack.png" || fail "Tab did not open the pack"
key Tab; shot closed
differ "$work/pack.png" "$work/closed.png" || fail "Tab did not close the pack"
key F1; shot help
differ "$work/closed.png" "$work/help.png" || fail "F1 did not open the help"
key space

# F12: a screenshot in the user folder, the size of the window, and not blank.
xdotool key --window "$window" F12
for _ in $(seq 30); do ls "$work"/screenshot-*.png >/dev/null 2>&1 && break; sleep 0.1; done
shot=$(ls "$work"/screenshot-*.png 2>/dev/null | head -1)
[ -n "$shot" ] || fail "F12 saved no screenshot in MOUSEKING_HOME"
size=$(identify -format %wx%h "$shot"); [ "$size" = 1280x720 ] || fail "the screenshot is $size, not 1280x720"
[ "$(lit "$shot")" = 1 ] || fail "the screenshot is black"

# Escape goes to the title (Continue now first); the options change a volume and are saved
# on the way out (five rows down: past New game with a seed... and Watch a game); the highscores show; Quit (Up from Continue wraps to it) ends the game.
key Escape; shot title2
differ "$work/title2.png" "$work/closed.png" || fail "Escape did not go to the title"
key Down Down Down Down Down Return; shot options
differ "$work/title2.png" "$work/options.png" || fail "Options did not open"
key Right Escape
grep -q '"sound_volume":[[:space:]]*90' "$work/options.json" 2>/dev/null ||
    fail "the options were not saved with the new volume (options.json: $(cat "$work/options.json" 2>&1))"
key Down Down Down Down Return; shot scores
differ "$work/title2.png" "$work/scores.png" || fail "Highscores did not open"
key Escape
key Up Return
for _ in $(seq 50); do kill -0 "$game" 2>/dev/null || break; sleep 0.1; done
kill -0 "$game" 2>/dev/null && fail "the game did not quit from the title"
wait "$game"
status=$?
[ "$status" = 0 ] || fail "the game exited with status $status"
[ -s "$work/save.json" ] || fail "quitting left no save.json in the user folder"

# Started again, the title offers Continue (first), and it brings back floor 1 as it was.
env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$EXE" --windowed \
    >"$work/out2.txt" 2>"$work/err.txt" &
game=$!
for _ in $(seq 50); do window=$(xdotool search --name "^Mouse King$" 2>/dev/null | head -1); [ -n "$window" ] && break; sleep 0.2; done
[ -n "$window" ] || fail "no window the second time"
sleep 0.8
key Return; shot continued
convert "$work/continued.png" -crop 320x30+0+0 "$work/hud2.png"
differ "$work/hud1.png" "$work/hud2.png" && fail "Continue did not bring back floor 1 (the HUD differs)"
kill -TERM "$game"   # SIGTERM saves too, and exits cleanly
for _ in $(seq 50); do kill -0 "$game" 2>/dev/null || break; sleep 0.1; done
wait "$game"
status=$?
[ "$status" = 0 ] || fail "SIGTERM: the game exited with status $status"
[ -s "$work/save.json" ] || fail "SIGTERM left no save.json"
echo "window test passed"
