#!/usr/bin/env python3
"""usage: splithash_views_match.py OPTINET WORKDIR [--sanitized | --full]

The split&hash network's two views are one hardware: `--view pins` and `--view grouped` give the
same runs for every protocol and every traffic it routes (split&hash has neither open-loop
traffic nor a fault model), on two small shapes (k = 8, depth 2; k = 6, depth 3; with --full
also k = 8, depth 3 and k = 16, depth 2, whose runs take seconds each in the pins view:
bench/splithash_views_full.sh), their JSON reports equal in every field but `view`,
the timings and the memory estimate. With --vcd, every signal both views trace (the nodes'
tx/rx registers and rx_collision, the buses' busy, drivers, collisions, frame_packet and
power_mw) changes at the same times to the same values. Exit status 1 on the first difference.
With --sanitized (the sanitizer build, whose runs are several times slower) the smallest shape
only.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from views_match import Views  # noqa: E402

views = Views(sys.argv[1], pathlib.Path(sys.argv[2]), "splithash", ["_bus", ".node"])
compared = 0
# Two runs on the smallest shape, one on the deeper; --full adds two larger (a benchmark's case).
shapes = [["--k", "8", "--depth", "2", "--runs", "2"],
          ["--k", "6", "--depth", "3", "--network-seed", "1", "--runs", "1"]]
SANITIZED = "--sanitized" in sys.argv[3:]
if SANITIZED:
    shapes = shapes[:1]
FULL = "--full" in sys.argv[3:]
if FULL:
    shapes += [["--k", "8", "--depth", "3", "--network-seed", "5", "--runs", "1"],
               ["--k", "16", "--depth", "2", "--batches", "3", "--network-seed", "3",
                "--runs", "1"]]
traffics = [["--traffic", "permutation"], ["--traffic", "random-function"],
            ["--traffic", "random-h-relation", "--h", "2"], ["--traffic", "lower-bound"]]
for protocol in views.protocols():
    for shape in shapes:
        for traffic in traffics:
            compared += views.compare(shape + ["--protocol", protocol, "--seed", "7"] + traffic)
    compared += views.compare(["--k", "8", "--depth", "2", "--protocol", protocol, "--seed", "5",
                               "--round-limit", "3"], vcd=True)
# Every run that optinet accepts: random-function refuses the depth-3 shapes (their level-1
# blocks have one node), the rest run.
if compared < (10 if SANITIZED else 29 if FULL else 19):
    sys.exit(f"FAIL: only {compared} runs compared")
print(f"ok: {compared} runs equal in the pins and grouped views of split&hash, VCD signals "
      "included")
