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
# Each check polls (window_lib.sh) for what it reads: keys go out at once, and a screenshot is
# taken when the screen has changed from the one before and holds still.
key() { xdotool key --window "$window" "$@"; }
after() { window_changed "$work/$1.png" "$work/$2.png" || fail "$3"; }
settled() { window_poll window_settled "$work/$1.png" || fail "the screen never settled ($1)"; }
seeds() { grep -c "^Mouse King: seed" "$work/out.txt"; }
seeds_are() { [ "$(seeds)" = "$1" ]; }
has() { grep -q "$1" "$2" 2>/dev/null; }
gone() { ! kill -0 "$game" 2>/dev/null; }

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
window_find "$game" || fail "no window titled 'Mouse King'"
window_drawn "$work/title0.png" || fail "the title is not drawn"
key Return   # New game, saved at once
window_poll has "^Mouse King: seed $SEED\$" "$work/out.txt" || fail "New game did not start seed $SEED"
window_poll test -s "$work/home/save.json" || fail "New game was not saved"
window_feed "$work/keys.txt" 1 100000 "$work/home/save.json" || fail "a floor change was not drawn"
# The death screen is the map under a red fade; the highscores are dark blue. Once the fade
# is over (the frame holds still and is red), it must stay as it is: 3 s alike is the check
# itself, not a wait.
red() { [ "$(convert "$1" -format "%[fx:mean.r>2*mean.g && mean.r>2*mean.b]" info:)" = 1 ]; }
faded() { window_settled "$work/death1.png" && red "$work/death1.png"; }
window_poll faded || fail "after the death the screen is not the red death screen"
sleep 3
settled death2
window_same "$work/death1.png" "$work/death2.png" || fail "the death screen changed by itself (to the highscores?)"
key Return; after summary death2 "a key did not leave the death screen"
morgue=$(ls "$work"/home/recordings/*-seed"$SEED".txt 2>/dev/null | head -1)
[ -n "$morgue" ] || fail "no morgue file for seed $SEED in $work/home/recordings: $(ls -R "$work/home")"
[ -f "${morgue%.txt}.mkrec" ] || fail "no recording beside the morgue file: $(ls -R "$work/home")"
grep -q "^Seed $SEED\$" "$morgue" || fail "the morgue file does not name the seed: $(cat "$morgue")"
grep -q "^Killed by " "$morgue" || fail "the morgue file does not say what killed: $(cat "$morgue")"
key Return; after scores summary "a key did not leave the summary"
today=$(date +%Y-%m-%d)
grep -q "\"date\":[[:space:]]*\"$today\"" "$work/home/highscores.json" ||
    fail "the highscore has no date $today: $(cat "$work/home/highscores.json")"

# W on the highscore row watches the game: its recording replays (paused here, so the
# screen holds still), the first turns differ from the start, and Escape comes back.
key w space; after watch0 scores "W on the highscores did not open the replay"
key Right Right Right; after watch3 watch0 "Right did not step the replay"
grep -q "Cannot watch\|out of step" "$work/err.txt" && fail "the replay said: $(cat "$work/err.txt")"
key Escape; after scores2 watch3 "Escape did not leave the replay"

# The seed prompt: a seed too large is refused, a typed one starts.
key Return   # highscores -> title
after title scores2 "Return did not leave the highscores"
key Down Return   # New game with a seed... (no game in progress: New game is selected)
after prompt title "the seed prompt did not open"
key 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9
after typed prompt "the digits typed do not show"
key Return; after too_large typed "nothing was said of a seed too large"
seeds_are 1 || fail "a seed above 2^64-1 started a game"
for _ in $(seq 20); do key BackSpace; done
key 1 2 3 4 5 Return
window_poll has "^Mouse King: seed 12345\$" "$work/out.txt" ||
    fail "the seed typed did not start: $(cat "$work/out.txt")"

# New game over a game in progress asks first.
settled play
key Escape; after title2 play "Escape did not go to the title"   # Continue selected
key Down Return; after asked title2 "New game over a game in progress did not ask"
seeds_are 2 || fail "New game started without asking"
key Escape; after kept asked "Escape did not close the question"
seeds_are 2 || fail "Escape did not keep the game"
key Return Return
window_poll seeds_are 3 || fail "a second Return did not start a new game"
kill -TERM "$game"
window_poll gone || fail "SIGTERM did not end the game"
wait "$game" || fail "the game exited with status $?"
[ -n "$KEEP_SHOTS" ] && cp "$work"/*.png "$KEEP_SHOTS"/
echo "window run end test passed"
