#!/bin/sh
# usage: sanitizer_main_stack.sh TEST_BINARY GTEST_FILTER
# In a sanitizer build, LeakSanitizer's check at exit must scan the main thread's own stack:
# with SystemC's ended thread processes, AddressSanitizer kept an ended coroutine's stack as the
# main thread's (models/core/sanitizer_stack.h), and the check then read unmapped pages by chance.
# The check's log names the stack it scans; "stack pointer not in stack range" is that defect.
log=$(LSAN_OPTIONS=verbosity=1:log_threads=1 "$1" --gtest_filter="$2" 2>&1)
status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: exit status $status"
  echo "$log" | tail -n 20
  exit 1
fi
if ! echo "$log" | grep -q 'Stack at'; then
  echo "FAIL: LeakSanitizer's log names no stack (not a sanitizer build?)"
  exit 1
fi
if echo "$log" | grep -q 'stack pointer not in stack range'; then
  echo "FAIL: LeakSanitizer scans a stack that is not the main thread's"
  echo "$log" | grep -A2 'Stack at'
  exit 1
fi
echo "ok: $(echo "$log" | grep 'Stack at' | head -n 1)"
