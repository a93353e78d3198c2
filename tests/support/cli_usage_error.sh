#!/bin/sh
# usage: cli_usage_error.sh OPTINET OPTION ARGS...
# Runs OPTINET ARGS... and expects bad input to be refused before anything runs: exit status 2,
# nothing on stdout, and exactly one line on stderr that names OPTION.
optinet=$1
option=$2
shift 2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$optinet" "$@" >"$tmp/out" 2>"$tmp/err"
status=$?
fail=0
if [ "$status" -ne 2 ]; then
  echo "FAIL: exit status $status, expected 2"
  fail=1
fi
lines=$(wc -l <"$tmp/err")
if [ "$lines" -ne 1 ]; then
  echo "FAIL: stderr has $lines lines, expected 1"
  fail=1
fi
if ! grep -q -F -e "$option" "$tmp/err"; then
  echo "FAIL: stderr does not name '$option'"
  fail=1
fi
if [ -s "$tmp/out" ]; then
  echo "FAIL: stdout is not empty"
  fail=1
fi
echo "--- command: optinet $*"
echo "--- stderr:"
cat "$tmp/err"
echo "--- stdout:"
cat "$tmp/out"
exit $fail
