#!/bin/sh
# The user folder and the signals, with a real window under Xvfb: a MOUSEKING_HOME that is a
# file, or too long to be used whole, gives one warning line and the game plays on; links
# planted at .write-test and at the temporary files are not written through; SIGHUP (the
# terminal closed) and SIGQUIT in the middle of a floor save the game and exit with status 0,
# as SIGTERM does; a damaged save offers its whole backup, and a crash's newer save is offered
# beside save.json. Exits 77 (skipped) when Xvfb or xdotool is missing.
EXE=$1
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not installed"; exit 77; }
done
work=$(mktemp -d)
. "$(dirname "$0")/window_lib.sh"
window_xvfb "$work" 81 89
game=""
cleanup() { [ -n "$game" ] && kill "$game" 2>/dev/null; kill "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=$display SDL_AUDIODRIVER=dummy
# A shell without job control starts background commands with SIGINT and SIGQUIT ignored, and
# the game rightly keeps a signal it was told to ignore; a terminal gives it them as default.
defaults=""
env --default-signal=QUIT true 2>/dev/null && defaults="--default-signal=INT,QUIT"

fail() { echo "FAIL: $1"; cat "$work/err.txt" 2>/dev/null; kill -0 "$xvfb" 2>/dev/null || cat "$work/xvfb.log"; exit 1; }

# start HOME: the game at the title with MOUSEKING_HOME=HOME, its window in $window.
start() {
    env $defaults ${MK_GAME_PRELOAD:+LD_PRELOAD="$MK_GAME_PRELOAD"} MOUSEKING_HOME="$1" "$EXE" --seed 1 \
        --windowed >"$work/out.txt" 2>"$work/err.txt" &
    game=$!
    window_find "$game" || fail "no window titled 'Mouse King'"
    window_drawn "$work/title.png" || fail "the title is not drawn"
}
gone() { ! kill -0 "$game" 2>/dev/null; }
# Each check polls (window_lib.sh) for what it reads: a file's content, a line, a new frame.
has() { grep -q "$1" "$2" 2>/dev/null; }
no_file() { [ ! -e "$1" ]; }

# stop SIGNAL WHAT: sends the signal and expects a clean exit.
stop() {
    kill "-$1" "$game"
    window_poll gone || fail "$2: the game did not end"
    wait "$game"
    status=$?
    game=""
    [ "$status" = 0 ] || fail "$2: the game exited with status $status"
}

key() { xdotool key --window "$window" "$@"; }

# A file where the folder should be: one line naming it, nothing else about it.
echo "a file" >"$work/home-file"
start "$work/home-file"
stop TERM "MOUSEKING_HOME a file"
lines=$(grep -c "home-file" "$work/err.txt")
[ "$lines" = 1 ] || fail "MOUSEKING_HOME a file: $lines lines about it on stderr, not 1"
grep -q "MOUSEKING_HOME=$work/home-file: not a folder; nothing will be saved" "$work/err.txt" ||
    fail "MOUSEKING_HOME a file: the line does not say it is not a folder"

# An escape sequence in the folder's name: the warning shows it as '?', never raw.
esc=$(printf '\033')
echo "a file" >"$work/home${esc}[31mred"
start "$work/home${esc}[31mred"
stop TERM "an escape in MOUSEKING_HOME"
grep -q "$esc" "$work/err.txt" && fail "an escape in MOUSEKING_HOME reached stderr raw"
grep -q "home?\[31mred: not a folder" "$work/err.txt" || fail "an escape: not quoted as '?'"

# 1,029 bytes, of which the first 1,023 are a folder that exists: it was cut to that one.
cut=$work
while [ ${#cut} -lt 1000 ]; do cut="$cut/dddddddddddddddddddd"; done
while [ ${#cut} -lt 1022 ]; do cut="${cut}d"; done
mkdir -p "$cut/extra1" || fail "cannot make the long folders"
start "$cut/extra1"
key Return # a new game is saved at once
window_poll has "^Mouse King: seed 1$" "$work/out.txt" || fail "a long MOUSEKING_HOME: no game started"
stop TERM "a long MOUSEKING_HOME"
grep -q "MOUSEKING_HOME is 1029 bytes long, more than the 1023 allowed; nothing will be saved" \
    "$work/err.txt" || fail "a long MOUSEKING_HOME: no line naming its length and the limit"
[ "$(ls -A "$cut/extra1")" = "" ] && [ ! -e "$cut/save.json" ] && [ ! -e "$cut/options.json" ] ||
    fail "a long MOUSEKING_HOME: something was written ($(ls -A "$cut" "$cut/extra1"))"
rm -rf "$work/dddddddddddddddddddd"

# Links planted in the folder to files outside it: never written through.
home=$work/home
mkdir "$home"
for name in keep-probe keep-save keep-options; do echo "not yours" >"$work/$name"; done
ln -s "$work/keep-probe" "$home/.write-test"
ln -s "$work/keep-save" "$home/save.json.tmp"
ln -s "$work/keep-options" "$home/options.json.tmp"
start "$home"
key Return # a new game: save.json written
window_poll test -f "$home/save.json" || fail "links: the new game was not saved"
key Escape Down Down Down Down Down Return Right Escape # a volume changed: options.json written
window_poll has '"sound_volume":[[:space:]]*90' "$home/options.json" || fail "links: options not saved"
stop TERM "links in the folder"
for name in keep-probe keep-save keep-options; do
    [ "$(cat "$work/$name")" = "not yours" ] || fail "$name, linked from the folder, was written"
done
[ -f "$home/save.json" ] && [ ! -L "$home/save.json" ] || fail "links: no save.json of its own"
grep -q '"sound_volume":[[:space:]]*90' "$home/options.json" || fail "links: options not saved"

# SIGHUP and SIGQUIT in the middle of a floor: saved (the turn moved on) and status 0.
sigs=HUP
if [ -n "$defaults" ]; then sigs="HUP QUIT"; else echo "SIGQUIT not tried: env has no --default-signal"; fi
for sig in $sigs; do
    home=$work/home-$sig
    mkdir "$home"
    start "$home"
    key Return
    window_poll test -s "$home/save.json" || fail "SIG$sig: a new game left no save.json"
    cp "$home/save.json" "$work/before.json"
    window_poll window_settled "$work/walk0.png" || fail "SIG$sig: the screen never settled"
    key Right Right Right
    window_changed "$work/walk3.png" "$work/walk0.png" || fail "SIG$sig: the steps were not drawn"
    stop "$sig" "SIG$sig"
    [ -s "$home/save.json" ] || fail "SIG$sig: no save.json"
    cmp -s "$home/save.json" "$work/before.json" && fail "SIG$sig: save.json was not written again"
done
# A damaged save.json beside a whole backup: the title says what broke and offers the backup
# with how far back it goes; "Continue from the backup" plays on from it.
home=$work/home-rec
mkdir "$home"
start "$home"
key Return # a new game, saved at turn 0
window_poll has '"turn":0,' "$home/save.json" || fail "recovery: no save at turn 0"
key l l l Escape # the title: saved at turn 3, the turn-0 save kept as the backup
window_poll has '"turn":3,' "$home/save.json" || fail "recovery: no save at turn 3"
stop TERM "recovery, first run" # saved again: save.json and its backup both at turn 3
grep -q '"turn":3,' "$home/save.json.bak" || fail "recovery: the backup is not at turn 3"
sed -i '0,/"turn":3,/s//"turn":7,/' "$home/save.json"
start "$home"
grep -q "save.json: checksum: .*its backup is on offer" "$work/err.txt" ||
    fail "recovery: the damaged save is not named"
grep -q "The save before it is whole: turn 3 on floor 0, saved .* before the damaged one" \
    "$work/err.txt" || fail "recovery: the backup is not offered with its turn and age"
key Return # the selected row: Continue from the backup
window_changed "$work/continued.png" "$work/title.png" || fail "recovery: Return did not continue"
key l
window_changed "$work/step.png" "$work/continued.png" || fail "recovery: the step was not drawn"
stop TERM "recovery, continued"
grep -q '"turn":4,' "$home/save.json" || fail "recovery: the backup's game did not go on"
ls "$home" | grep -q '^save.json.damaged-' || fail "recovery: the damaged save was not kept"

# A crash between writing save.json.tmp and the rename, made by hand: the newer .tmp is offered
# beside save.json; taking it plays on from it, leaving nothing behind.
mv "$home/save.json" "$home/save.json.tmp"  # turn 4
mv "$home/save.json.bak" "$home/save.json" # turn 3
start "$home"
grep -q "A newer save, written just before the game stopped, is whole: turn 4" "$work/err.txt" ||
    fail "crash save: not offered"
key Down Return # Continue is selected; the row below is the newer save
window_poll no_file "$home/save.json.tmp" || fail "crash save: the .tmp is still there"
stop TERM "crash save"
grep -q '"turn":4,' "$home/save.json" || fail "crash save: its game was not the one continued"
[ ! -e "$home/save.json.tmp" ] || fail "crash save: the .tmp is still there"
echo "user folder window test passed"
