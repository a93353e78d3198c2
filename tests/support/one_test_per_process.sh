#!/bin/sh
# The test main (tests/support/test_main.cpp) run by hand: an executable whose tests elaborate SystemC
# refuses to run more than one test (exit status 2, one line on stderr, nothing run) but still
# lists them; an executable declared SHARE_A_PROCESS runs all its tests.
# Usage: one_test_per_process.sh ONE_TEST_EXE SHARED_EXE
one=$1
shared=$2
err=$("$one" 2>&1 >/dev/null)
s=$?
[ $s -eq 2 ] || { echo "$one without a filter: exit status $s, expected 2"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "expected one line on stderr, got: $err"; exit 1; }
printf '%s' "$err" | grep -q 'run through ctest, or select one test with --gtest_filter' ||
  { echo "unexpected message: $err"; exit 1; }
out=$("$one" 2>/dev/null)
[ -z "$out" ] || { echo "expected nothing on stdout, got: $out"; exit 1; }
listed=$("$one" --gtest_list_tests) || { echo "$one --gtest_list_tests failed"; exit 1; }
[ "$(printf '%s\n' "$listed" | grep -c '^  ')" -gt 1 ] ||
  { echo "expected more than one test listed, got: $listed"; exit 1; }
"$shared" >/dev/null || { echo "$shared (SHARE_A_PROCESS) without a filter failed"; exit 1; }
