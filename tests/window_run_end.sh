#!/bin/sh
# The end of a game in a real window, and the seed prompt. With rules whose player has 1 HP,
# the bot's game of a seed (bot_keys) dies within a few dozen turns; played key by key in the
# window it must: stay on the death screen (two screenshots 3 s apart alike), go on to the run
# summary on a key and to the highscores (with today's date in highscores.json) on another,
# and leave a morgue file naming the seed. Then the title's "New game with a seed...": a seed
# too large is refused, a typed one starts (stdout's "Mouse King: seed N"), and New game over
# a game in progress asks first (Escape keeps the game, Return starts another).
# Usage: window_run_end.sh EXE BOT_KEYS ASSETS. Exits 77 (skipped) without Xvfb, xdotool or
# ImageMagick.
EXE=$1 KEYS=$2 ASSETS=$3
SEED=5
for tool in Xvfb xdotool import compare convert; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 131 139
cleanup() { kill "$game" "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL: $1"; cat "$work/err.txt" 2>/dev/null; exit 1; }
differ() { [ "$(compare -metric AE "$1" "$2" null: 2>&1 | cut -d' ' -f1)" != "0" ]; }
shot() { import -window root "$work/$1.png" || fail "screenshot $1"; }
key() { xdotool key --window "$window" "$@"; sleep 0.4; }

# The game's assets with a player of 1 HP: the first bite kills.
cp -r "$ASSETS" "$work/assets" || fail "cannot copy the assets"
sed 's/"hp": 30,/"hp": 1,/' "$ASSETS/data/rules.json" >"$work/assets/data/rules.json"
grep -q '"hp": 1,' "$work/assets/data/rules.json" || fail "the player's hp was not found in rules.json"
"$KEYS" "$SEED" 3000 "$work/assets/data/rules.json" >"$work/keys.txt" 2>"$work/bot.txt" ||
    fail "bot_keys: $(cat "$work/bot.txt")"
grep -q "outcome 1" "$work/bot.txt" || fail "the bot's game of seed $SEED does not die: $(cat "$work/bot.txt")"

mkdir "$work/home"
export DISPLAY=$display SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work/home" MOUSEKING_DATA="$work/assets"
env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$EXE" --seed "$SEED" --windowed \
    >"$work/out.txt" 2>"$work/err.txt" &
game=$!
for _ in $(seq 50); do window=$(xdotool search --name "^Mouse King$" 2>/dev/null | head -1); [ -n "$window" ] && break; sleep 0.2; done
[ -n "$window" ] || fail "no window titled 'Mouse King'"
sleep 0.8
key Return   # New game
grep -q "^Mouse King: seed $SEED\$" "$work/out.txt" || fail "New game did not start seed $SEED"
while read -r a b; do
    case $a in
        SHOT) ;;
        SLEEP) sleep "$b" ;;
        *) xdotool key --window "$window" "$a"; sleep 0.05 ;;
    esac
done <"$work/keys.txt"
sleep 3
shot death1
sleep 3
shot death2
differ "$work/death1.png" "$work/death2.png" && fail "the death screen changed by itself (to the highscores?)"
# The death screen is the map under a red fade; the highscores are dark blue.
red() { convert "$1" -format "%[fx:mean.r>2*mean.g && mean.r>2*mean.b]" info:; }
[ "$(red "$work/death2.png")" = 1 ] || fail "6 s after the death the screen is not the red death screen"
key Return; shot summary
differ "$work/death2.png" "$work/summary.png" || fail "a key did not leave the death screen"
morgue=$(ls "$work"/home/recordings/*-seed"$SEED".txt 2>/dev/null | head -1)
[ -n "$morgue" ] || fail "no morgue file for seed $SEED in $work/home/recordings: $(ls -R "$work/home")"
[ -f "${morgue%.txt}.mkrec" ] || fail "no recording beside the morgue file: $(ls -R "$work/home")"
grep -q "^Seed $SEED\$" "$morgue" || fail "the morgue file does not name the seed: $(cat "$morgue")"
grep -q "^Killed by " "$morgue" || fail "the morgue file does not say what killed: $(cat "$morgue")"
key Return; shot scores
differ "$work/summary.png" "$work/scores.png" || fail "a key did not leave the summary"
today=$(date +%Y-%m-%d)
grep -q "\"date\":[[:space:]]*\"$today\"" "$work/home/highscores.json" ||
    fail "the highscore has no date $today: $(cat "$work/home/highscores.json")"

# W on the highscore row watches the game: its recording replays (paused here, so the
# screen holds still), the first turns differ from the start, and Escape comes back.
key w space; shot watch0
differ "$work/scores.png" "$work/watch0.png" || fail "W on the highscores did not open the replay"
key Right Right Right; shot watch3
differ "$work/watch0.png" "$work/watch3.png" || fail "Right did not step the replay"
grep -q "Cannot watch\|out of step" "$work/err.txt" && fail "the replay said: $(cat "$work/err.txt")"
key Escape; shot scores2
differ "$work/watch3.png" "$work/scores2.png" || fail "Escape did not leave the replay"

# The seed prompt: a seed too large is refused, a typed one starts.
key Return   # highscores -> title
shot title
key Down Return   # New game with a seed... (no game in progress: New game is selected)
shot prompt
differ "$work/title.png" "$work/prompt.png" || fail "the seed prompt did not open"
key 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9
key Return; shot too_large
[ "$(grep -c "^Mouse King: seed" "$work/out.txt")" = 1 ] || fail "a seed above 2^64-1 started a game"
differ "$work/prompt.png" "$work/too_large.png" || fail "nothing was said of a seed too large"
for _ in $(seq 20); do xdotool key --window "$window" BackSpace; done
key 1 2 3 4 5 Return
grep -q "^Mouse King: seed 12345\$" "$work/out.txt" || fail "the seed typed did not start: $(cat "$work/out.txt")"

# New game over a game in progress asks first.
key Escape; shot title2   # the title, Continue selected
key Down Return; shot asked
differ "$work/title2.png" "$work/asked.png" || fail "New game over a game in progress did not ask"
[ "$(grep -c "^Mouse King: seed" "$work/out.txt")" = 2 ] || fail "New game started without asking"
key Escape
[ "$(grep -c "^Mouse King: seed" "$work/out.txt")" = 2 ] || fail "Escape did not keep the game"
key Return Return
[ "$(grep -c "^Mouse King: seed" "$work/out.txt")" = 3 ] || fail "a second Return did not start a new game"
kill -TERM "$game"
for _ in $(seq 50); do kill -0 "$game" 2>/dev/null || break; sleep 0.1; done
wait "$game" || fail "the game exited with status $?"
[ -n "$KEEP_SHOTS" ] && cp "$work"/*.png "$KEEP_SHOTS"/
echo "window run end test passed"
