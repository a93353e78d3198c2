#!/bin/sh
# usage: expect_one_line_error.sh OPTION PROGRAM ARGS...
# Runs PROGRAM ARGS... and expects bad input to be refused: exit status 2 and exactly one line on
# stderr, matching OPTION (grep). stdout is not checked.
option=$1
shift
e=$("$@" 2>&1 >/dev/null)
s=$?
[ "$s" -eq 2 ] && [ "$(printf '%s\n' "$e" | wc -l)" -eq 1 ] && printf '%s' "$e" | grep -q -e "$option" ||
  { echo "status $s: $e"; exit 1; }
exit 0
