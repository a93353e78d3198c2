#!/bin/sh
# The runs behind docs/results/mesh-sync.md (one process at a time), then the plots.
# Usage: bench/mesh_sync_results.sh [BUILD_DIR]   (about 10 minutes on one core)
set -e
B=${1:-build}
D=docs/results/mesh-sync
R=$D/raw  # per-group CSVs, JSON reports and outputs: large, git-ignored
mkdir -p $R
run() {  # name, options...
  name=$1; shift
  /usr/bin/time -f "$name: %e s wall, %M KiB" $B/optinet mesh "$@" --quiet \
    --groups-csv $R/$name.csv --json $R/$name.json > $R/$name.txt
  tail -n 3 $R/$name.txt
}
run set12-hilbert16 --n 16 --indexing hilbert --runs 2000 --seed 1
run set3-hilbert16 --n 16 --indexing hilbert --membership consecutive --runs 2000 --seed 1
run set3-row16 --n 16 --indexing row --membership consecutive --runs 2000 --seed 1
run random-row16 --n 16 --indexing row --runs 2000 --seed 1
run random-snake16 --n 16 --indexing snake --runs 2000 --seed 1
run random-column16 --n 16 --indexing column --runs 2000 --seed 1
run set3-snake16 --n 16 --indexing snake --membership consecutive --runs 2000 --seed 1
run set12-hilbert32 --n 32 --indexing hilbert --runs 500 --seed 1
run set3-hilbert32 --n 32 --indexing hilbert --membership consecutive --runs 500 --seed 1
run set3-row32 --n 32 --indexing row --membership consecutive --runs 500 --seed 1
run set12-hilbert64 --n 64 --indexing hilbert --runs 100 --seed 1
run set3-hilbert64 --n 64 --indexing hilbert --membership consecutive --runs 100 --seed 1
run set3-row64 --n 64 --indexing row --membership consecutive --runs 100 --seed 1
# The loop's variants on set12-hilbert16 (scripts/results/mesh_sync_tree_routing.py: variants.csv).
run outbox-hilbert16 --n 16 --indexing hilbert --outbox per-link --runs 2000 --seed 1
run step4-hilbert16 --n 16 --indexing hilbert --step4 one-by-one --runs 2000 --seed 1
run paper-loop-hilbert16 --n 16 --indexing hilbert --loop paper --runs 2000 --seed 1
$B/mesh_sync_paths > $D/worst-case-paths.csv
/usr/bin/python3 scripts/results/mesh_sync_plots.py $D
/usr/bin/python3 scripts/results/mesh_sync_tree_routing.py $D
