#!/usr/bin/env bash
# Speed and memory of one point of a latency-throughput curve: an open-loop run with W warm-up
# and M measured slots, then the drain. For each case: wall time and peak RSS of the whole
# process, the simulation time optinet reports, the run's slots, and node-slots per second.
# Usage: bench/open_loop_point.sh [CASE ...], a CASE being "NETWORK OPTIONS" in quotes;
# default: POPS(16,16) and POPS(64,64) at rate 0.01 (randomized) and 0.5 (tdma).
# Environment: OPTINET (default build/optinet), WARMUP (1000), MEASURE (10000).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${OPTINET:-build/optinet}
warmup=${WARMUP:-1000}
measure=${MEASURE:-10000}
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 2; }
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=("pops --d 16 --g 16 --protocol randomized --rate 0.01"
         "pops --d 16 --g 16 --protocol tdma --rate 0.5"
         "pops --d 64 --g 64 --protocol randomized --rate 0.01"
         "pops --d 64 --g 64 --protocol tdma --rate 0.5")
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '| case | slots | accepted | latency mean | wall s | simulation s | peak RSS MiB | node-slots/s |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f '%e %M' -o "$out/time" "$bin" $c --traffic bernoulli --warmup "$warmup" \
    --measure "$measure" --seed 1 --quiet --json "$out/run.json" >/dev/null
  read -r wall rss_kb <"$out/time"
  python3 - "$out/run.json" "$c" "$wall" "$rss_kb" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); case = sys.argv[2]; wall = float(sys.argv[3])
rss = int(sys.argv[4]); r = j["runs"][0]; p = j["parameters"]
n = p.get("n", p.get("nodes")); sim = j["timing_seconds"]["simulation"]
rate = n * r["slots"] / sim if sim > 0 else float("nan")
print(f"| `{case}` | {r['slots']} | {r['accepted']:.4f} | {r['latency_mean']:.1f} | {wall:.1f} | "
      f"{sim:.1f} | {rss / 1024:.0f} | {rate:.3g} |")
PY
done
