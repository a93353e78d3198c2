#!/usr/bin/env bash
# Speed and memory of the OCPC (and the MOB-PC) at scale: one run per size and protocol.
# For each case: wall time and peak RSS of the whole process (elaboration, run, exit), the
# elaboration and simulation times optinet reports, steps, and processor-slots per second of
# simulation.
# Usage: bench/ocpc_scaling.sh [BIN]   (default build/optinet; cases listed below)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/optinet}
[ -x "$bin" ] || { echo "build first: make build (or pass the optinet binary)" >&2; exit 2; }
# network p h protocol traffic
cases=(
  "ocpc 4096 1 coinflip random-h-relation"
  "ocpc 16384 1 coinflip random-h-relation"
  "ocpc 65536 1 coinflip random-h-relation"
  "ocpc 65536 16 coinflip random-h-relation"
  "ocpc 65536 16 thinning random-h-relation"
  "ocpc 65536 2 valiant lower-bound"
  "ocpc 65536 2 gjlr random-h-relation"
  "mob 256 2 gjlr random-h-relation"
  "mob 256 1 row-column random-h-relation"
)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '| network | p | n | h | protocol | traffic | steps | wall s | elaboration s | simulation s | peak RSS MiB | processor-slots/s |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|\n'
k=0
for c in "${cases[@]}"; do
  read -r net p h protocol traffic <<<"$c"
  k=$((k + 1))
  json="$out/run_$k.json"
  /usr/bin/time -f '%e %M' -o "$out/time_$k" "$bin" "$net" --p "$p" --h "$h" \
    --protocol "$protocol" --traffic "$traffic" --seed 1 --quiet --json "$json" >/dev/null
  read -r wall rss_kb <"$out/time_$k"
  python3 - "$json" "$wall" "$rss_kb" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); wall = float(sys.argv[2]); rss = int(sys.argv[3])
pa = j["parameters"]; r = j["runs"][0]; t = j["timing_seconds"]
rate = pa["n"] * r["slots"] / t["simulation"] if t["simulation"] > 0 else float("nan")
print(f"| {j['network']} | {pa['p']} | {pa['n']} | {pa['h']} | {j['protocol']} | {j['traffic']} | "
      f"{r['steps']} | {wall:.2f} | {t['elaboration']:.2f} | {t['simulation']:.2f} | "
      f"{rss / 1024:.0f} | {rate:.3g} |")
PY
done
