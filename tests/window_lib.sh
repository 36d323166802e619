# Sourced by the window tests: starts an X server of its own for the test.
# window_xvfb WORK FIRST LAST [WxH]: starts Xvfb (1280x720 unless WxH) on the first free display
# number from FIRST to LAST, its log in WORK/xvfb.log; sets $display and $xvfb (its pid). Exits 77
# (skipped) when none could be started.
window_xvfb() {
    display=""
    for n in $(seq "$2" "$3"); do
        [ -e "/tmp/.X$n-lock" ] && continue
        Xvfb ":$n" -screen 0 "${4:-1280x720}x24" -nolisten tcp >"$1/xvfb.log" 2>&1 &
        xvfb=$!
        sleep 1
        if kill -0 "$xvfb" 2>/dev/null; then display=":$n"; return 0; fi
    done
    echo "skipped: no X server could be started"
    exit 77
}
