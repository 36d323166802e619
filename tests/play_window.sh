#!/bin/bash
# play_window.sh EXE BOT_KEYS RULES SEED TURNS OUTDIR
# Plays the bot's game of SEED in the real window under Xvfb, key by key through xdotool,
# and saves a screenshot the first time each mechanic shows (OUTDIR/NAME.png) and at the end.
# A tool for looking at the game as a player sees it; not run by ctest.
set -u
exe=$1 keys=$2 rules=$3 seed=$4 turns=$5 out=$6
mkdir -p "$out"
export DISPLAY=:${PLAY_DISPLAY:-91}
Xvfb $DISPLAY -screen 0 1280x720x24 -noreset >/dev/null 2>&1 & xvfb=$!
trap 'kill $game $xvfb 2>/dev/null' EXIT
sleep 1
MOUSEKING_HOME=$(mktemp -d) "$exe" --seed "$seed" --no-sound >/dev/null 2>&1 & game=$!
sleep 1.5
wid=$(xdotool search --name "Mouse King" | head -1)
import -window root "$out/title.png"
xdotool key --window "$wid" Return   # the title's first choice: New game
sleep 0.5
batch=()
flush() { if ((${#batch[@]})); then xdotool key --window "$wid" --delay 12 "${batch[@]}"; batch=(); fi; }
"$keys" "$seed" "$turns" "$rules" | while read -r a b; do
  case $a in
    SHOT) flush; sleep 0.25; import -window root "$out/$b.png";;
    SLEEP) flush; sleep "$b";;
    *) batch+=("$a"); ((${#batch[@]} >= 24)) && flush;;
  esac
done
sleep 3   # a death's fade to red runs into the highscores by itself
import -window root "$out/end.png"
xdotool key --window "$wid" Return   # victory screen -> highscores; highscores -> title
sleep 0.5
import -window root "$out/after_end.png"
