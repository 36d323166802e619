# Sourced by the window tests: starts an X server of its own for the test.
# window_xvfb WORK FIRST LAST [WxH]: starts Xvfb (1280x720 unless WxH) on the first free display
# number from FIRST to LAST, its log in WORK/xvfb.log; sets $display and $xvfb (its pid). Exits 77
# (skipped) when none could be started.
window_xvfb() {
    display=""
    WINDOW_WORK=$1 # scratch screenshots of the helpers below
    for n in $(seq "$2" "$3"); do
        [ -e "/tmp/.X$n-lock" ] && continue
        # -noreset: a game killed on purpose (kill -9) is often its last client, and a server
        # that resets then refuses the next game for a moment.
        Xvfb ":$n" -screen 0 "${4:-1280x720}x24" -nolisten tcp -noreset >"$1/xvfb.log" 2>&1 &
        xvfb=$!
        # Ours only when its lock names our Xvfb: two tests (of two checkouts) starting on one
        # number at once would both pass the check above, and on a busy machine the loser can
        # take more than a second to give up, while its test draws on the winner's screen
        # until the winner's test ends and takes it away. Polled for up to 10 s.
        for _ in $(seq 100); do
            kill -0 "$xvfb" 2>/dev/null || break
            if [ "$(tr -d ' \n' 2>/dev/null <"/tmp/.X$n-lock")" = "$xvfb" ] &&
                DISPLAY=":$n" xdotool getdisplaygeometry >/dev/null 2>&1; then
                display=":$n"
                return 0
            fi
            sleep 0.1
        done
        kill "$xvfb" 2>/dev/null
        wait "$xvfb" 2>/dev/null
    done
    echo "skipped: no X server could be started"
    exit 77
}

# Waiting for what a test checks, never for a fixed time: each helper polls (every 0.1 s) until
# its condition holds, and gives up after $WINDOW_WAIT seconds (60 unless set), so a loaded
# machine is slower, never wrong.
WINDOW_WAIT=${WINDOW_WAIT:-60}

# window_poll CMD...: true as soon as CMD succeeds, false when the time is up.
window_poll() {
    _end=$(($(date +%s) + WINDOW_WAIT))
    while ! "$@"; do
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep 0.1
    done
}

# window_find PID: the visible window titled "Mouse King" of that process into $window, raised
# and focused; false when none appeared in time or the process ended first.
window_find() {
    _end=$(($(date +%s) + WINDOW_WAIT))
    window=""
    while [ -z "$window" ]; do
        window=$(xdotool search --all --onlyvisible --pid "$1" --name "^Mouse King$" 2>/dev/null | head -1)
        # Focused and on top: with two windows (and no window manager) keys go to the
        # focused one, and the screenshots show the one on top.
        [ -n "$window" ] && xdotool windowraise "$window" windowfocus --sync "$window" && return 0
        kill -0 "$1" 2>/dev/null || return 1
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep 0.1
    done
}

# window_lit PNG: true when the picture is not (nearly) black.
window_lit() { [ "$(convert "$1" -colorspace Gray -format "%[fx:mean>0.02]" info: 2>/dev/null)" = 1 ]; }

# window_same A B: true when the two pictures are alike to the pixel.
window_same() { [ "$(compare -metric AE "$1" "$2" null: 2>&1 | cut -d' ' -f1)" = "0" ]; }

# window_shot PNG: the whole screen now.
window_shot() { import -window root "$1" 2>/dev/null; }

# window_settled PNG: a shot of the screen that is the same twice in a row (nothing moving), so
# a check never reads a frame half way through a change.
window_settled() {
    window_shot "$1" && window_shot "$1.again.png" && window_same "$1" "$1.again.png"
}

# window_drawn PNG: polls until the screen is lit and settled (the first frame is drawn).
window_drawn() { window_poll _window_drawn_once "$1"; }
_window_drawn_once() { window_settled "$1" && window_lit "$1"; }

# window_changed PNG FROM: polls until the settled screen differs from the picture FROM (a key's
# effect has been drawn); the shot is left in PNG.
window_changed() { window_poll _window_changed_once "$1" "$2"; }
_window_changed_once() { window_settled "$1" && ! window_same "$1" "$2"; }

# window_feed KEYS FIRST LAST SAVE: types lines FIRST..LAST of a bot_keys file (xdotool key
# names, "SHOT name", "SLEEP s") into $window. The window ignores keys while the screen is black
# after a floor change, so at each SLEEP (the key before it changed floor) it waits instead for
# that floor change's save (SAVE's content changes: the game saves on every floor change,
# then blanks the screen) and then for a lit, settled frame (the blank over). Call it once
# SAVE holds the game's last save.
window_feed() {
    _sum=$(cksum <"$4" 2>/dev/null)
    sed -n "$2,$3p" "$1" | {
        _batch=""
        while read -r _a _b; do
            case $_a in
                SHOT) ;;
                SLEEP)
                    [ -n "$_batch" ] && xdotool key --window "$window" $_batch
                    _batch=""
                    window_poll _window_saved_since "$4" "$_sum" || exit 1
                    _sum=$(cksum <"$4")
                    window_drawn "$WINDOW_WORK/feed.png" || exit 1
                    ;;
                *) _batch="$_batch $_a" ;;
            esac
        done
        [ -z "$_batch" ] || xdotool key --window "$window" $_batch
    }
}
_window_saved_since() { [ "$(cksum <"$1" 2>/dev/null)" != "$2" ]; }
