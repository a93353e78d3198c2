#!/bin/sh
# usage: expect_exit_status.sh STATUS PATTERN PROGRAM ARGS...
# Runs PROGRAM ARGS... and expects exit status STATUS and, unless PATTERN is empty, a line of
# stdout matching PATTERN (grep).
status=$1
pattern=$2
shift 2
out=$("$@")
s=$?
if [ "$s" -ne "$status" ]; then
  echo "exit status $s, expected $status"
  printf '%s\n' "$out"
  exit 1
fi
if [ -n "$pattern" ] && ! printf '%s\n' "$out" | grep -q -e "$pattern"; then
  echo "stdout does not match '$pattern':"
  printf '%s\n' "$out"
  exit 1
fi
exit 0
