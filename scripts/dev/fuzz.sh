#!/usr/bin/env bash
# usage: scripts/dev/fuzz.sh SANITIZE_BUILD SECONDS
# Runs every fuzz target of the sanitizer build (and the sweep spec fuzzer) for SECONDS, new inputs into a scratch folder,
# then merges them (libFuzzer -merge=1 keeps only inputs that add coverage) into the committed
# corpus tests/fuzz/corpus/<target>/. A crash stops the script with the artifact's path.
set -euo pipefail
if [ $# -ne 2 ] || [ ! -d "$1/tests" ] || ! [[ $2 =~ ^[1-9][0-9]{0,6}$ ]]; then
  echo "fuzz.sh: needs SANITIZE_BUILD (a sanitizer build folder, with tests/) and SECONDS (an" \
       "integer from 1 to 9999999); see its first lines" >&2
  exit 2
fi
build=$1
seconds=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
for target in fuzz_permutation_file fuzz_relation_file fuzz_device_file fuzz_command_line; do
  binary=$build/tests/$target
  scratch=$build/tests/fuzz-long/$target
  mkdir -p "$scratch"
  echo "fuzz: $target for $seconds s"
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$scratch/" "$scratch" "$root/tests/fuzz/corpus/$target"
  "$binary" -merge=1 "$root/tests/fuzz/corpus/$target" "$scratch" 2>/dev/null
  echo "fuzz: $target corpus now $(ls "$root/tests/fuzz/corpus/$target" | wc -l) inputs"
done
# The sweep spec reader is Python: its own mutation fuzzer, as long, from the same seed each time
# unless FUZZ_SEED is set.
echo "fuzz: sweep spec for $seconds s"
(cd "$build" && /usr/bin/python3 "$root/tests/scripts/fuzz_sweep_spec.py" "$root" "$seconds" "${FUZZ_SEED:-1}")
