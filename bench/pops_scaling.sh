#!/usr/bin/env bash
# Speed and memory of POPS(d,d) with the randomized router, one random permutation per size.
# For each n: wall time and peak RSS of the whole process (elaboration, run, exit), the
# elaboration and simulation times optinet reports, and processor-slots per second of
# simulation. Usage: bench/pops_scaling.sh [d ...]   (default: 64 256 512, i.e. n = 2^12..2^18)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/optinet
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(64 256 512)
out=$(mktemp -d)
printf '| POPS(d,g) | n | slots | wall s | elaboration s | simulation s | peak RSS MiB | processor-slots/s |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for d in "${sizes[@]}"; do
  json="$out/pops_$d.json"
  /usr/bin/time -f '%e %M' -o "$out/time_$d" "$bin" pops --d "$d" --g "$d" --seed 1 --quiet \
    --json "$json" >/dev/null
  read -r wall rss_kb <"$out/time_$d"
  python3 - "$json" "$d" "$wall" "$rss_kb" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); d = int(sys.argv[2]); wall = float(sys.argv[3]); rss = int(sys.argv[4])
n = j["parameters"]["n"]; slots = j["runs"][0]["slots"]; t = j["timing_seconds"]
rate = n * slots / t["simulation"] if t["simulation"] > 0 else float("nan")
print(f"| POPS({d},{d}) | {n} | {slots} | {wall:.2f} | {t['elaboration']:.2f} | "
      f"{t['simulation']:.2f} | {rss / 1024:.0f} | {rate:.3g} |")
PY
done
rm -rf "$out"
