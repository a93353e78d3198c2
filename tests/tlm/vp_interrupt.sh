#!/bin/sh
# usage: vp_interrupt.sh OPTINET_VP
# Ctrl-C during a long optinet_vp session: exit status 130 and exactly one line on stderr,
# "optinet_vp: interrupted (SIGINT); nothing written".
vp=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$vp" --d 64 --g 64 --runs 100000 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid"
status=$?
fail=0
[ "$status" -eq 130 ] || { echo "FAIL: exit status $status, expected 130"; fail=1; }
grep -v -E '^(==[0-9]+==WARNING: ASan is ignoring|False positive error reports|For details see)' \
  "$tmp/err" >"$tmp/lines"
[ "$(wc -l <"$tmp/lines")" -eq 1 ] || { echo "FAIL: stderr is not one line"; fail=1; }
grep -q -x 'optinet_vp: interrupted (SIGINT); nothing written' "$tmp/lines" ||
  { echo "FAIL: stderr does not say it was interrupted"; fail=1; }
cat "$tmp/err"
exit $fail
