#!/usr/bin/env bash
# setup_line.sh: the line .ci/setup prints without root and without sudo. It must be one line
# on stderr, start with `apt-get update &&`, name every missing package that playing and the
# test kit (--tests) need, so one trip to root serves both quick-start commands, and setup
# must exit 1 having built nothing. Runs .ci/setup with PATH holding only stubs: dpkg-query
# (reports the packages in $STUB_MISSING, or every one for "*", as not installed), id (uid
# 1000), cmake (leaves a mark: it must not run) and the few real tools setup calls; no sudo.
# Needs bash and coreutils only; installs and builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=$work/bin
mkdir "$bin"
for tool in dirname grep nproc; do ln -s "$(command -v "$tool")" "$bin/$tool"; done
cat >"$bin/dpkg-query" <<'EOF'
#!/bin/sh
# dpkg-query -W -f='${Status}' NAME
for name; do :; done
case " $STUB_MISSING " in
  " * " | *" $name "*) echo "dpkg-query: no packages found matching $name" >&2; exit 1 ;;
esac
printf 'install ok installed'
EOF
printf '#!/bin/sh\necho 1000\n' >"$bin/id"
printf '#!/bin/sh\n: >"%s/built"\n' "$work" >"$bin/cmake"
chmod +x "$bin/dpkg-query" "$bin/id" "$bin/cmake"

fails=0
fail() { echo "setup_line.sh: $*" >&2; fails=$((fails + 1)); }
# The packages of one list of .ci/setup (play, tests or package), without the comments.
list() { sed -n "/^$1=(/,/^)/p" .ci/setup | sed -e 's/#.*//' -e '1d' -e '$d' | xargs; }
# Runs setup with $1 missing and the arguments after; sets rc, out, err.
run() {
  local missing=$1
  shift
  rm -f "$work/built"
  rc=0
  STUB_MISSING=$missing PATH=$bin "$BASH" .ci/setup "$@" >"$work/out" 2>"$work/err" || rc=$?
  out=$(cat "$work/out") err=$(cat "$work/err")
}
# Checks the one line of a run that should stop: status 1, nothing built, the line's words.
expect_line() {
  local what=$1 want=$2
  [ "$rc" -eq 1 ] || fail "$what: exit status $rc, expected 1"
  [ ! -e "$work/built" ] || fail "$what: cmake ran, but setup must build nothing"
  [ -z "$out" ] || fail "$what: stdout should be empty: $out"
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$what: not one line on stderr: $err"
  local head="setup: missing packages; as root, run: apt-get update && apt-get install -y"
  head+=" --no-install-recommends"
  [ "$err" = "$head $want" ] || fail "$what: the line is '$err', expected '$head $want'"
}

play=$(list play) tests=$(list tests) package=$(list package)
if [ -z "$play" ] || [ -z "$tests" ] || [ -z "$package" ]; then
  fail "cannot read the lists of .ci/setup"
fi

run "libcjson-dev libcmocka-dev"
expect_line "one package to play and one to test missing" "libcjson-dev libcmocka-dev"
run "libcjson-dev libcmocka-dev" --tests
expect_line "the same, with --tests" "libcjson-dev libcmocka-dev"
run "*"
expect_line "every package missing" "$play $tests"
run "*" --package
expect_line "every package missing, with --package" "$play $package $tests"
# All that playing needs is there: no line, setup goes on to build.
run "libcmocka-dev"
if [ "$rc" -ne 0 ] || [ ! -e "$work/built" ] || [ -n "$err" ]; then
  fail "only a test package missing, without --tests: status $rc, stderr '$err', expected a build"
fi

[ $fails -eq 0 ] && echo "setup_line.sh: the line names the test kit and apt-get update"
[ $fails -eq 0 ]
