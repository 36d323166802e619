#!/bin/sh
# The help and the run summary in a real window, at one screen size (R-HELP-2, R-SUMMARY-1):
# ? and F1 open the help on the title (the same picture both ways) and any other key closes
# it; in play F1 opens it and Down scrolls it; a game played to its death by the bot's keys
# (rules whose player has 1 HP) ends on a run summary, and the morgue file lists the worn
# gear, the pack and a line per floor.
# Usage: window_help_summary.sh EXE BOT_KEYS ASSETS WxH. Exits 77 (skipped) without Xvfb,
# xdotool or ImageMagick. KEEP_SHOTS=DIR keeps the screenshots.
EXE=$1 KEYS=$2 ASSETS=$3 SIZE=${4:-1280x720}
SEED=5
for tool in Xvfb xdotool import compare convert; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 95 99 "$SIZE"
cleanup() { kill "$game" "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL ($SIZE): $1"; cat "$work/err.txt" 2>/dev/null; exit 1; }
key() { xdotool key --window "$window" "$@"; }
after() { window_changed "$work/$1.png" "$work/$2.png" || fail "$3"; }
has() { grep -q "$1" "$2" 2>/dev/null; }

cp -r "$ASSETS" "$work/assets" || fail "cannot copy the assets"
sed 's/"hp": 30,/"hp": 1,/' "$ASSETS/data/rules.json" >"$work/assets/data/rules.json"
grep -q '"hp": 1,' "$work/assets/data/rules.json" || fail "the player's hp was not found in rules.json"
"$KEYS" "$SEED" 3000 "$work/assets/data/rules.json" >"$work/keys.txt" 2>"$work/bot.txt" ||
    fail "bot_keys: $(cat "$work/bot.txt")"
grep -q "outcome 1" "$work/bot.txt" || fail "the bot's game of seed $SEED does not die"

mkdir "$work/home"
export DISPLAY=$display SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work/home" MOUSEKING_DATA="$work/assets"
"$EXE" --seed "$SEED" --windowed >"$work/out.txt" 2>"$work/err.txt" &
game=$!
window_find "$game" || fail "no window titled 'Mouse King'"
window_drawn "$work/title.png" || fail "the title is not drawn"
key F1; after title_help title "F1 on the title did not open the help"
key Next; after title_help2 title_help "Page Down did not scroll the help on the title"
key Escape; after title2 title_help2 "Escape did not close the help on the title"
window_same "$work/title.png" "$work/title2.png" || fail "the title is not as it was after the help"
key question; after title_help3 title2 "? on the title did not open the help"
window_same "$work/title_help.png" "$work/title_help3.png" || fail "? and F1 show different help"
key Escape; after title3 title_help3 "Escape did not close the help again"

key Return # New game
window_poll has "^Mouse King: seed $SEED\$" "$work/out.txt" || fail "New game did not start"
window_poll test -s "$work/home/save.json" || fail "New game was not saved"
window_drawn "$work/play.png" || fail "the game is not drawn"
key F1; after play_help play "F1 in play did not open the help"
key Down; after play_help2 play_help "Down did not scroll the help in play"
key Escape; after play2 play_help2 "Escape did not close the help in play"

window_feed "$work/keys.txt" 1 100000 "$work/home/save.json" || fail "a floor change was not drawn"
red() { [ "$(convert "$1" -format "%[fx:mean.r>2*mean.g && mean.r>2*mean.b]" info:)" = 1 ]; }
faded() { window_settled "$work/death.png" && red "$work/death.png"; }
window_poll faded || fail "after the death the screen is not the red death screen"
key Return; after summary death "a key did not leave the death screen"
morgue=$(ls "$work"/home/recordings/*-seed"$SEED".txt 2>/dev/null | head -1)
[ -n "$morgue" ] || fail "no morgue file"
for line in "^Worn: " "^Pack ([0-9]* of [0-9]*): " "^By floor:\$" "^  Floor 0: [0-9]* turns\?, "; do
    grep -q "$line" "$morgue" || fail "the morgue has no line $line: $(cat "$morgue")"
done
[ -n "$KEEP_SHOTS" ] && cp "$work"/*.png "$KEEP_SHOTS"/ && cp "$morgue" "$KEEP_SHOTS"/
kill -TERM "$game"
echo "window help and summary test passed ($SIZE)"
