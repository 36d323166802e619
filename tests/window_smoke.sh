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

fail() { echo "FAIL: $1"; cat "$work/err.txt"; exit 1; }
gone() { ! kill -0 "$game" 2>/dev/null; }
# Each check waits (window_lib.sh) for the frame it reads: the keys go out at once, and the
# screenshot is taken when the screen has changed and holds still, or the check fails after
# $WINDOW_WAIT seconds.
key() { xdotool key --window "$window" "$@"; }
# after NAME FROM WHAT: polls for a settled frame other than FROM's, into NAME.
after() { window_changed "$work/$1.png" "$work/$2.png" || fail "$3"; }
cut_hud() { convert "$1" -crop 320x30+0+0 "$2"; }

window_find "$game" || fail "no window titled 'Mouse King'"

# The title: lit, and New game (the first choice without a game in progress) starts a game.
window_drawn "$work/title.png" || fail "the title screen is black"
key Return
after start title "Return on the title did not start a game"
window_lit "$work/start.png" || fail "the first frame of the game is black"
key Right
after moved start "an arrow key did not move the view"

# Floor 0: the start is six cells west of the Stairs (Up); five steps and a bump climb. The
# HUD's floor figure sits top left: it must change from "Floor 0/13", on a lit frame (the
# half second of black after a floor change is over, when keys are taken again).
cut_hud "$work/moved.png" "$work/hud0.png"
key --delay 100 Right Right Right Right Right
on_floor1() {
    window_settled "$work/floor1.png" && window_lit "$work/floor1.png" &&
        cut_hud "$work/floor1.png" "$work/hud1.png" && ! window_same "$work/hud0.png" "$work/hud1.png"
}
window_poll on_floor1 || fail "the HUD did not change floor (or the screen stayed blank)"

# The pack and the help open over the map and close again.
key Tab; after pack floor1 "Tab did not open the pack"
key Tab; after closed pack "Tab did not close the pack"
key F1; after help closed "F1 did not open the help"
key space; after closed2 help "space did not close the help"

# F12: a screenshot in the user folder, the size of the window, and not blank.
key F12
shot_saved() { ls "$work"/screenshot-*.png >/dev/null 2>&1 && grep -q "Screenshot saved" "$work/err.txt"; }
window_poll shot_saved || fail "F12 saved no screenshot in MOUSEKING_HOME"
shot=$(ls "$work"/screenshot-*.png 2>/dev/null | head -1)
size=$(identify -format %wx%h "$shot"); [ "$size" = 1280x720 ] || fail "the screenshot is $size, not 1280x720"
window_lit "$shot" || fail "the screenshot is black"

# Escape goes to the title (Continue now first); the options change a volume and are saved
# on the way out (five rows down: past New game with a seed... and Watch a game); the
# highscores show; Quit (Up from Continue wraps to it) ends the game. The screen with the
# screenshot's toast is the one Escape must change.
window_poll window_settled "$work/toast.png" || fail "the screen never settled after F12"
key Escape; after title2 toast "Escape did not go to the title"
key Down Down Down Down Down Return; after options title2 "Options did not open"
key Right; after volume options "Right did not change the volume"
key Escape; after title3 volume "Escape did not leave the options"
volume_saved() { grep -q '"sound_volume":[[:space:]]*90' "$work/options.json" 2>/dev/null; }
window_poll volume_saved ||
    fail "the options were not saved with the new volume (options.json: $(cat "$work/options.json" 2>&1))"
key Down Down Down Down Return; after scores title3 "Highscores did not open"
key Escape Up Return
window_poll gone || fail "the game did not quit from the title"
wait "$game"
status=$?
[ "$status" = 0 ] || fail "the game exited with status $status"
[ -s "$work/save.json" ] || fail "quitting left no save.json in the user folder"

# Started again, the title offers Continue (first), and it brings back floor 1 as it was.
env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$EXE" --windowed \
    >"$work/out2.txt" 2>"$work/err.txt" &
game=$!
window_find "$game" || fail "no window the second time"
window_drawn "$work/title4.png" || fail "the title is black the second time"
key Return
continued() {
    window_settled "$work/continued.png" && cut_hud "$work/continued.png" "$work/hud2.png" &&
        window_same "$work/hud1.png" "$work/hud2.png"
}
window_poll continued || fail "Continue did not bring back floor 1 (the HUD differs)"
kill -TERM "$game"   # SIGTERM saves too, and exits cleanly
window_poll gone || fail "SIGTERM did not end the game"
wait "$game"
status=$?
[ "$status" = 0 ] || fail "SIGTERM: the game exited with status $status"
[ -s "$work/save.json" ] || fail "SIGTERM left no save.json"
echo "window test passed"
