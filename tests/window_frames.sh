#!/bin/sh
# Frames in a real window under Xvfb (docs/RULES.md R-FRAME-1, R-FRAME-3): Xvfb's OpenGL is
# Mesa's software rasteriser, so the game must pick SDL's software renderer (test_window_pick
# with a display), `mouseking bench --frames` must time window_frame_us in a real window with
# it, and SDL_RENDER_DRIVER=opengl must still get OpenGL, which costs several times as much a
# frame. Prints the figures and their ratios. Exits 77 (skipped) without Xvfb or xdotool.
EXE=$1
PICK=$2
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 96 99 1280x720
cleanup() { kill "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=$display SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work"
unset SDL_RENDER_DRIVER SDL_FRAMEBUFFER_ACCELERATION

fail() { echo "FAIL: $1"; exit 1; }
# MK_GAME_PRELOAD (sanitizer builds, see CMakeLists.txt): the video drivers' modules stay
# loaded, so LeakSanitizer tells their memory from the game's own.
run() { env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$@"; }
# figure FILE NAME: the value of a `name value unit` line.
figure() { awk -v n="$2" '$1 == n { print $2 }' "$1"; }

run "$PICK" >"$work/pick.txt" 2>&1 || { cat "$work/pick.txt"; fail "test_window_pick failed"; }
grep -q SKIPPED "$work/pick.txt" && { cat "$work/pick.txt"; fail "test_window_pick skipped"; }

run "$EXE" bench --frames >"$work/ours.txt" 2>"$work/ours.err" || fail "bench: $(cat "$work/ours.err")"
SDL_RENDER_DRIVER=opengl run "$EXE" bench --frames >"$work/gl.txt" 2>"$work/gl.err" ||
    fail "bench with opengl: $(cat "$work/gl.err")"
cat "$work/ours.txt"
echo "with SDL_RENDER_DRIVER=opengl:"
grep '^window_' "$work/gl.txt"

frame=$(figure "$work/ours.txt" frame_us)
turn=$(figure "$work/ours.txt" frame_1280x720_close_turn_us)
window=$(figure "$work/ours.txt" window_frame_us)
window_turn=$(figure "$work/ours.txt" window_frame_turn_us)
gl=$(figure "$work/gl.txt" window_frame_us)
[ -n "$window" ] || fail "no window_frame_us with a display"
[ "$(figure "$work/ours.txt" window_software_renderer)" = 1.000 ] ||
    fail "the window did not get the software renderer"
[ "$(figure "$work/gl.txt" window_software_renderer)" = 0.000 ] ||
    fail "SDL_RENDER_DRIVER=opengl was not obeyed"
awk -v f="$frame" -v t="$turn" -v w="$window" -v wt="$window_turn" -v g="$gl" 'BEGIN {
    printf "window_frame_us / frame_us = %.2f (nothing changed)\n", w / f
    printf "window_frame_turn_us / frame_1280x720_close_turn_us = %.2f (after a turn)\n", wt / t
    printf "opengl window frame / ours = %.2f\n", g / w
    exit !(g >= 3 * w)
}' || fail "the OpenGL window frame ($gl us) is not 3 times ours ($window us)"
echo "PASS"
