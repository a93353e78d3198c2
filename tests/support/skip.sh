#!/bin/sh
# usage: skip.sh REASON
# A test that cannot run in this build: says why and exits 77 (SKIP_RETURN_CODE).
echo "SKIPPED: $1"
exit 77
