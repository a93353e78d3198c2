#!/usr/bin/python3
"""The buses to the sinks run the OCPC's gjlr unchanged: `splithash --depth 1 --protocol
random-function` (k level-1 nodes and their k sinks on one bus of length 2k, h = 2 with one
batch) must give the runs of `ocpc --p 2k --h 2 --protocol gjlr` on the same relation (OCPC
processors k + x are the level-1 nodes), one slot later (the adapter's prologue slot).

    tests/splithash/check_splithash_sink_bus.py build/optinet"""
import json
import os
import random
import subprocess
import sys
import tempfile


def runs(optinet, args, folder, name):
    path = os.path.join(folder, name + ".json")
    subprocess.run([optinet] + args + ["--quiet", "--json", path], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    with open(path) as f:
        return json.load(f)["runs"]


def main():
    optinet = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for k, seed in ((8, 1), (16, 4), (32, 7)):
            rng = random.Random(k * 100 + seed)
            while True:  # a derangement: the OCPC's relation files have no x -> x
                p = list(range(k))
                rng.shuffle(p)
                if all(p[x] != x for x in range(k)):
                    break
            sh_file = os.path.join(folder, f"sh{k}.txt")
            ocpc_file = os.path.join(folder, f"ocpc{k}.txt")
            with open(sh_file, "w") as f:
                f.writelines(f"{x} {p[x]}\n" for x in range(k))
            with open(ocpc_file, "w") as f:
                f.writelines(f"{k + x} {p[x]}\n" for x in range(k))
            common = ["--seed", str(seed), "--runs", "3"]
            a = runs(optinet, ["splithash", "--k", str(k), "--depth", "1", "--batches", "1",
                               "--protocol", "random-function", "--relation-file", sh_file] + common,
                     folder, f"a{k}")
            b = runs(optinet, ["ocpc", "--p", str(2 * k), "--h", "2", "--protocol", "gjlr",
                               "--relation-file", ocpc_file] + common, folder, f"b{k}")
            for x, y in zip(a, b):
                same = (x["slots"] == y["slots"] + 1 and x["collisions"] == y["collisions"] and
                        x["delivered"] == y["delivered"] == k and
                        x["fallbacks"] == y["fallbacks"] and x["ok"] and y["ok"])
                print(f"{'ok  ' if same else 'FAIL'} k = {k} seed {x['seed']}: splithash slots "
                      f"{x['slots']}, collisions {x['collisions']}; ocpc slots {y['slots']}, "
                      f"collisions {y['collisions']}")
                failures += not same
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
