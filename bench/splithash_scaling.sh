#!/usr/bin/env bash
# Speed and memory of the split&hash network at scale (target: N = 2^16 permutations on depth
# 2 in under a minute): one run per case. For each: wall time and peak RSS of the whole process
# (elaboration, run, exit), the elaboration and simulation times optinet reports, steps, and
# node-slots per second of simulation ((d + 1) N nodes).
# Usage: bench/splithash_scaling.sh [BIN]   (default build/optinet; cases listed below)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/optinet}
[ -x "$bin" ] || { echo "build first: make build (or pass the optinet binary)" >&2; exit 2; }
# k depth a protocol traffic
cases=(
  "64 2 2 funnel permutation"
  "256 2 2 funnel permutation"
  "256 2 3 funnel permutation"
  "40 3 3 funnel permutation"
  "16 4 3 funnel permutation"
  "256 2 3 random-function random-function"
)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '| k | depth | a | N | nodes | protocol | steps | wall s | elaboration s | simulation s | peak RSS MiB | node-slots/s |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|\n'
i=0
for c in "${cases[@]}"; do
  read -r k depth a protocol traffic <<<"$c"
  i=$((i + 1))
  json="$out/run_$i.json"
  /usr/bin/time -f '%e %M' -o "$out/time_$i" "$bin" splithash --k "$k" --depth "$depth" --a "$a" \
    --protocol "$protocol" --traffic "$traffic" --seed 1 --quiet --json "$json" >/dev/null || true
  read -r wall rss <"$out/time_$i"
  python3 - "$json" "$k" "$depth" "$a" "$protocol" "$wall" "$rss" <<'PY'
import json, sys
path, k, depth, a, protocol, wall, rss = sys.argv[1:]
d = json.load(open(path))
run = d["runs"][0]
p = d["parameters"]
t = d["timing_seconds"]
rate = p["nodes"] * run["slots"] / max(t["simulation"], 1e-9)
print(f"| {k} | {depth} | {a} | {p['n']} | {p['nodes']} | {protocol} | {run['steps']} | {float(wall):.1f} "
      f"| {t['elaboration']:.2f} | {t['simulation']:.2f} | {int(rss) / 1024:.0f} | {rate:.3g} |")
PY
done
