#!/bin/sh
# One running copy per user folder, with real windows under Xvfb: a second copy started on the
# folder of a running one says "Mouse King is already running for this user (process N)." once
# on stderr, and writes nothing in the folder, whatever it is asked (a screenshot, watching a
# game, the highscores, quitting): the folder's listing, sizes and times are the same after it,
# and the first copy plays on from its own save. The lock goes with its holder, SIGKILL
# included. Exits 77 (skipped) when Xvfb, xdotool or ImageMagick is missing.
EXE=$1
for tool in Xvfb xdotool import compare convert; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 71 79
first="" second=""
cleanup() {
    for p in $first $second; do kill -9 "$p" 2>/dev/null; done
    kill "$xvfb" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=$display SDL_AUDIODRIVER=dummy MOUSEKING_HOME="$work/home"
mkdir "$work/home"

fail() {
    echo "FAIL: $1"
    for f in err1 err2 err3; do [ -s "$work/$f.txt" ] && { echo "--- $f"; cat "$work/$f.txt"; }; done
    exit 1
}

# start N: a copy of the game, its pid in $pid, its stderr in WORK/errN.txt.
start() {
    env ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} "$EXE" --seed 1 --windowed \
        >"$work/out$1.txt" 2>"$work/err$1.txt" &
    pid=$!
}
# ended PID: polls until the process is gone, then its status in $status.
gone() { ! kill -0 "$1" 2>/dev/null; }
ended() {
    window_poll gone "$1" || fail "process $1 did not end"
    wait "$1"
    status=$?
}
saved_at() { grep -q "\"turn\":$1," "$work/home/save.json" 2>/dev/null; }
listing() { (cd "$work/home" && find . -printf '%p %y %s %T@ %m\n' | LC_ALL=C sort); }

# The first copy: a new game, three steps, back to the title (saved at turn 3).
start 1
first=$pid
window_find "$first" || fail "the first copy shows no window"
window_drawn "$work/title1.png" || fail "the first copy's title is not drawn"
xdotool key --window "$window" Return l l l Escape
window_poll saved_at 3 || fail "the first copy did not save its game at turn 3"
[ "$(cat "$work/home/mouseking.lock")" = "$first" ] || fail "the lock file does not hold $first"
listing >"$work/before.txt"
cp "$work/home/save.json" "$work/save-before.json"

# The second copy on the same folder: the line, once, and a title of its own.
start 2
second=$pid
line="Mouse King is already running for this user (process $first)."
said() { grep -qF "$line" "$work/err2.txt"; }
window_poll said || fail "the second copy did not say '$line'"
window_find "$second" || fail "the second copy shows no window"
window_drawn "$work/title2.png" || fail "the second copy's title is not drawn"
[ "$(grep -cF "$line" "$work/err2.txt")" = 1 ] || fail "the line is said more than once"
window_same "$work/title1.png" "$work/title2.png" && fail "the second copy's title is the first's"
# F12; Watch a game (the first row) and back; Highscores and back; Quit (Up wraps to it).
xdotool key --window "$window" F12 Return
window_changed "$work/watch.png" "$work/title2.png" || fail "Watch a game did not open"
xdotool key --window "$window" Escape
window_poll window_settled "$work/back.png" || fail "the screen never settled"
xdotool key --window "$window" Down Return
window_changed "$work/scores.png" "$work/back.png" || fail "Highscores did not open"
xdotool key --window "$window" Escape Up Return
ended "$second"
second=""
[ "$status" = 0 ] || fail "the second copy exited with status $status"
listing >"$work/after.txt"
diff "$work/before.txt" "$work/after.txt" >"$work/diff.txt" ||
    fail "the second copy changed the folder: $(cat "$work/diff.txt")"

# The first copy plays on from its save, untouched; its lock goes with it, even by SIGKILL.
window_find "$first" || fail "the first copy's window is gone"
xdotool key --window "$window" Return l Escape
window_poll saved_at 4 || fail "the first copy did not play on from turn 3"
kill -9 "$first"
ended "$first"
first=""
start 3
third=$pid
window_find "$third" || fail "a copy after the first was killed shows no window"
grep -q "already running" "$work/err3.txt" && fail "the lock outlived its holder (SIGKILL)"
kill -TERM "$third"
ended "$third"
[ "$status" = 0 ] || fail "the third copy exited with status $status"
[ "$(cat "$work/home/mouseking.lock")" = "$third" ] || fail "the lock file does not hold $third"
echo "one copy window test passed"
