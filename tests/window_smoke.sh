#!/bin/sh
# A real window: start the game under Xvfb, walk into the stairs of floor 0 with the arrow
# keys, check on screenshots that the view changed (floor 1 is shown), save a screenshot with
# F12 and check it, quit with Escape and check the exit status. Exits 77 (skipped) when Xvfb, xdotool or ImageMagick is missing.
EXE=$1
for tool in Xvfb xdotool import compare convert identify; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
display=""
for n in 91 92 93 94 95 96 97 98 99; do
    [ -e "/tmp/.X$n-lock" ] && continue
    Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
    xvfb=$!
    sleep 1
    if kill -0 "$xvfb" 2>/dev/null; then display=":$n"; break; fi
done
[ -n "$display" ] || { echo "skipped: no X server could be started"; exit 77; }
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

import -window root "$work/start.png" || fail "screenshot"
[ "$(lit "$work/start.png")" = 1 ] || fail "the first frame is black"
xdotool key --window "$window" Right
sleep 0.3
import -window root "$work/moved.png"
differ "$work/start.png" "$work/moved.png" || fail "an arrow key did not move the view"

# Floor 0: the start is six cells west of the Stairs (Up); five steps and a bump climb.
for _ in 1 2 3 4 5; do xdotool key --window "$window" Right; sleep 0.1; done
sleep 1
import -window root "$work/floor1.png"
[ "$(lit "$work/floor1.png")" = 1 ] || fail "the screen stayed blank after the floor change"
# The HUD's floor figure sits top left: it must have changed from "Floor 0/13".
convert "$work/moved.png" -crop 320x30+0+0 "$work/hud0.png"
convert "$work/floor1.png" -crop 320x30+0+0 "$work/hud1.png"
differ "$work/hud0.png" "$work/hud1.png" || fail "the HUD did not change floor"

# F12: a screenshot in the user folder, the size of the window, and not blank.
xdotool key --window "$window" F12
for _ in $(seq 30); do ls "$work"/screenshot-*.png >/dev/null 2>&1 && break; sleep 0.1; done
shot=$(ls "$work"/screenshot-*.png 2>/dev/null | head -1)
[ -n "$shot" ] || fail "F12 saved no screenshot in MOUSEKING_HOME"
size=$(identify -format %wx%h "$shot"); [ "$size" = 1280x720 ] || fail "the screenshot is $size, not 1280x720"
[ "$(lit "$shot")" = 1 ] || fail "the screenshot is black"

xdotool key --window "$window" Escape
for _ in $(seq 50); do kill -0 "$game" 2>/dev/null || break; sleep 0.1; done
kill -0 "$game" 2>/dev/null && fail "the game did not quit on Escape"
wait "$game"
status=$?
[ "$status" = 0 ] || fail "the game exited with status $status"
echo "window test passed"
