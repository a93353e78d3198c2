#!/bin/sh
# usage: expect_in_file.sh FILE CHECK... -- PROGRAM ARGS...
# Removes FILE, runs PROGRAM ARGS... (exit status 0 expected; stdout discarded), then checks FILE:
# a CHECK +PATTERN must match a line of it, a CHECK -PATTERN must match none (grep).
file=$1
shift
n=0
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  n=$((n + 1))
  eval "check_$n=\$1"
  shift
done
[ "$1" = "--" ] || { echo "usage: expect_in_file.sh FILE CHECK... -- PROGRAM ARGS..."; exit 2; }
shift
rm -f "$file"
"$@" >/dev/null
s=$?
[ "$s" -eq 0 ] || { echo "exit status $s, expected 0: $*"; exit 1; }
i=0
while [ $i -lt $n ]; do
  i=$((i + 1))
  eval "check=\$check_$i"
  pattern=${check#?}
  case $check in
    +*) grep -q -e "$pattern" "$file" || { echo "missing in $file: $pattern"; exit 1; } ;;
    -*) ! grep -q -e "$pattern" "$file" || { echo "unexpected in $file: $pattern"; exit 1; } ;;
    *) echo "a check starts with + or -: $check"; exit 2 ;;
  esac
done
exit 0
