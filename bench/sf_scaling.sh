#!/usr/bin/env bash
# Speed and memory of the store-and-forward networks at their largest sizes (N up to 2^16),
# random permutations, FIFO, unbounded queues, 3 runs each. For each: wall time and peak RSS of
# the whole process, the elaboration and simulation times optinet reports, links, and
# packet-hops per second of simulation.
# Usage: bench/sf_scaling.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build}/optinet
[ -x "$bin" ] || { echo "build first: $bin not found" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
configs=(
  "hypercube --n 12 --protocol cubes"
  "hypercube --n 16 --protocol cubes"
  "shuffle --d 2 --n 16 --protocol mshuffle"
  "shuffle --d 4 --n 8 --protocol mshuffle"
  "ccc --s 12 --protocol ccc"
  "shuffle-exchange --n 16 --protocol se"
  "grid --n 256 --k 2 --protocol grid3"
  "grid --n 16 --k 4 --protocol gridk"
)
printf '| network | N | links | mean slots | wall s | elaboration s | simulation s (3 runs) | peak RSS MiB | packet-hops/s |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
k=0
for c in "${configs[@]}"; do
  k=$((k + 1))
  json="$out/run_$k.json"
  # shellcheck disable=SC2086
  /usr/bin/time -f '%e %M' -o "$out/time_$k" "$bin" $c --traffic random --runs 3 --seed 1 \
    --quiet --json "$json" >/dev/null 2>&1
  read -r wall rss_kb <"$out/time_$k"
  python3 - "$json" "$c" "$wall" "$rss_kb" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); wall = float(sys.argv[3]); rss = int(sys.argv[4])
p = j["parameters"]; t = j["timing_seconds"]
hops = sum(r["hops"] for r in j["runs"])
rate = hops / t["simulation"] if t["simulation"] > 0 else float("nan")
print(f"| {sys.argv[2]} | {p['nodes']} | {p['links']} | {j['summary']['slots']['mean']:.1f} | "
      f"{wall:.2f} | {t['elaboration']:.2f} | {t['simulation']:.2f} | {rss / 1024:.0f} | {rate:.3g} |")
PY
done
