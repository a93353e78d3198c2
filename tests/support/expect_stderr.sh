#!/bin/sh
# usage: expect_stderr.sh MESSAGE PROGRAM ARGS...
# Runs PROGRAM ARGS... and expects its stderr to be exactly MESSAGE (exit status not checked).
message=$1
shift
e=$("$@" 2>&1 >/dev/null)
[ "$e" = "$message" ] || { echo "got: $e"; exit 1; }
exit 0
