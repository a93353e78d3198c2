#!/usr/bin/env bash
# Speed and memory of POPS(d,g), one random permutation (seed 1) per shape. For each shape:
# wall time and peak RSS of the whole process (elaboration, run, exit), the elaboration and
# simulation times optinet reports, and processor-slots per second of simulation.
# Usage: bench/pops_scaling.sh [d | d:g ...]   (default: 64 256 512, i.e. POPS(d,d), n = 2^12..2^18)
# Environment: PROTOCOL (default randomized), OPTINET (default build/optinet; point it at an
# older build to compare before and after a change).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${OPTINET:-build/optinet}
protocol=${PROTOCOL:-randomized}
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(64 256 512)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT  # also after a failed run or a signal
printf '| POPS(d,g) | protocol | n | slots | wall s | elaboration s | simulation s | peak RSS MiB | processor-slots/s |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for shape in "${sizes[@]}"; do
  d=${shape%%:*}
  g=${shape#*:}
  json="$out/pops_${d}_${g}.json"
  /usr/bin/time -f '%e %M' -o "$out/time" "$bin" pops --d "$d" --g "$g" --protocol "$protocol" \
    --seed 1 --quiet --json "$json" >/dev/null
  read -r wall rss_kb <"$out/time"
  python3 - "$json" "$d" "$g" "$protocol" "$wall" "$rss_kb" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); d, g, protocol = sys.argv[2], sys.argv[3], sys.argv[4]
wall = float(sys.argv[5]); rss = int(sys.argv[6])
n = j["parameters"]["n"]; slots = j["runs"][0]["slots"]; t = j["timing_seconds"]
rate = n * slots / t["simulation"] if t["simulation"] > 0 else float("nan")
print(f"| POPS({d},{g}) | {protocol} | {n} | {slots} | {wall:.2f} | {t['elaboration']:.2f} | "
      f"{t['simulation']:.2f} | {rss / 1024:.0f} | {rate:.3g} |")
PY
done
