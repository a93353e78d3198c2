#!/usr/bin/env python3
"""usage: dmob_views_match.py OPTINET WORKDIR

The D-dimensional MOB's two views are one hardware: `--view pins` and `--view grouped` give the
same runs for every protocol (on three shapes, with random 2-relations and permutations, open
loop where a protocol runs it, and with injected faults), their JSON reports equal in every
field but `view`, the timings and the memory estimate. With --vcd, every signal both views trace
(the processors' tx/rx registers and rx_collision, the buses' busy, drivers, collisions,
frame_packet and power_mw) changes at the same times to the same values. Exit status 1 on the
first difference.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from views_match import Views  # noqa: E402

views = Views(sys.argv[1], pathlib.Path(sys.argv[2]), "dmob", ["bus_d", ".proc"])
compared = 0
shapes = [["--k", "3", "--dim", "3"], ["--k", "2", "--dim", "4"], ["--k", "4", "--dim", "2"]]
for protocol in views.protocols():
    for shape in shapes:
        for traffic in (["--traffic", "random-h-relation", "--h", "2"],
                        ["--traffic", "permutation"]):
            compared += views.compare(shape + ["--protocol", protocol, "--runs", "2", "--seed",
                                               "7"] + traffic)
    compared += views.compare(["--k", "3", "--dim", "3", "--protocol", protocol, "--seed", "3",
                               "--traffic", "bernoulli", "--rate", "0.05", "--warmup", "50",
                               "--measure", "200"])
    # k = 4, dim = 2 fits the funnel protocols' a * d <= k at their default a; random-function
    # needs blocks of two nodes or more (k >= 2 a d = 8).
    k = "8" if protocol == "random-function" else "4"
    compared += views.compare(["--k", k, "--dim", "2", "--protocol", protocol, "--seed", "5"],
                              vcd=True)
# Injected faults act on the same buses and receivers in both views, and are logged alike.
for fault in (["--fault", "jammer:5"], ["--fault", "ber:0.01"], ["--fault", "bus:bus_d1_2@3"],
              ["--fault", "receiver:6"]):
    compared += views.compare(["--k", "3", "--dim", "3", "--runs", "2", "--seed", "2"] + fault)
if compared < 30:
    sys.exit(f"FAIL: only {compared} runs compared")
print(f"ok: {compared} runs equal in the pins and grouped views of the D-MOB, VCD signals "
      "included")
