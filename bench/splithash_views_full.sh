#!/usr/bin/env bash
# The full case of the split&hash views test: the pins and grouped views compared on the two
# small shapes of the ctest case (k = 8, depth 2; k = 6, depth 3) and on k = 8, depth 3 and
# k = 16, depth 2 (whose runs take seconds each in the pins view; left out of ctest to keep it
# well within a third of its timeout). Prints the test's verdict and the wall time.
# Usage: bench/splithash_views_full.sh [BIN]   (default build/optinet)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/optinet}
[ -x "$bin" ] || { echo "build first: make build (or pass the optinet binary)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS
/usr/bin/python3 tests/splithash/splithash_views_match.py "$bin" "$work" --full
echo "wall: $((SECONDS - start)) s"
