# Sourced by the window tests: starts an X server of its own for the test.
# window_xvfb WORK FIRST LAST [WxH]: starts Xvfb (1280x720 unless WxH) on the first free display
# number from FIRST to LAST, its log in WORK/xvfb.log; sets $display and $xvfb (its pid). Exits 77
# (skipped) when none could be started.
window_xvfb() {
    display=""
    for n in $(seq "$2" "$3"); do
        [ -e "/tmp/.X$n-lock" ] && continue
        # -noreset: a game killed on purpose (kill -9) is often its last client, and a server
        # that resets then refuses the next game for a moment.
        Xvfb ":$n" -screen 0 "${4:-1280x720}x24" -nolisten tcp -noreset >"$1/xvfb.log" 2>&1 &
        xvfb=$!
        sleep 1
        # Ours only when its lock names our Xvfb: two tests (of two checkouts) starting on one
        # number at once would both pass the check above, and on a busy machine the loser can
        # take more than a second to give up, while its test draws on the winner's screen
        # until the winner's test ends and takes it away.
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 "$xvfb" 2>/dev/null || break
            if [ "$(tr -d ' \n' <"/tmp/.X$n-lock" 2>/dev/null)" = "$xvfb" ]; then
                display=":$n"
                return 0
            fi
            sleep 0.5
        done
        kill "$xvfb" 2>/dev/null
        wait "$xvfb" 2>/dev/null
    done
    echo "skipped: no X server could be started"
    exit 77
}
