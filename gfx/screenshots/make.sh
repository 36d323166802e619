#!/usr/bin/env bash
# make.sh [BUILD_DIR]: the README's screenshots, made again from the game itself.
#
# The play screens are drawn by `mouseking shot` (no window, no display): the bot's game of
# seed 42 at turn 2680, a Tough Mouse hunting in view. The title and the pack are taken from
# the real window under Xvfb (needs Xvfb, xdotool and ImageMagick's import, as the window
# tests do), the bot's keys for the same game typed into it by the test tool bot_keys.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
out=gfx/screenshots
exe=$build/mouseking
seed=42 turn=2680

"$exe" shot --seed $seed --turns $turn --size 1280x720 "$out/close.png"
"$exe" shot --seed $seed --turns $turn --size 1280x720 --view floor "$out/floor.png"
"$exe" shot --seed $seed --turns $turn --size 800x600 "$out/close-800x600.png"
"$exe" shot --seed $seed --turns $turn --size 1920x1080 "$out/close-1920x1080.png"
"$exe" gen --seed 7 --floor 6 --png "$out/gen_seed7_floor6.png"

export DISPLAY=:${SHOT_DISPLAY:-88}
Xvfb "$DISPLAY" -screen 0 1280x720x24 -noreset >/dev/null 2>&1 &
xvfb=$!
home=$(mktemp -d)
game=
trap 'kill $game $xvfb 2>/dev/null; rm -rf "$home"' EXIT
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
MOUSEKING_HOME=$home "$exe" --seed $seed --no-sound --windowed >/dev/null 2>&1 &
game=$!
wid=$(xdotool search --sync --pid $game --name "Mouse King" | head -1)
sleep 1 # the title's first frame
import -window root "$out/title.png"
xdotool key --window "$wid" Return # New game
sleep 0.5
batch=()
flush() {
  if ((${#batch[@]})); then xdotool key --window "$wid" --delay 8 "${batch[@]}"; batch=(); fi
}
# The turn before the close view's moment, so the pack shows what was carried then.
while read -r a b; do
  case $a in
    SHOT) ;;
    SLEEP) flush; sleep "$b" ;;
    *) batch+=("$a"); if ((${#batch[@]} >= 24)); then flush; fi ;;
  esac
done < <("$build/tests/bot_keys" $seed $((turn - 1)) data/rules.json 2>/dev/null)
flush
sleep 1
xdotool key --window "$wid" Tab
sleep 0.5
import -window root "$out/pack.png"
echo "screenshots written to $out"
