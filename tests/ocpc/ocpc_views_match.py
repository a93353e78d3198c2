#!/usr/bin/env python3
"""usage: ocpc_views_match.py OPTINET WORKDIR

The OCPC's and the MOB-PC's two views are one hardware: `--view pins` and `--view grouped` give
the same runs for every protocol (closed loop on two sizes and every h-relation traffic; open
loop, Bernoulli and bursty, for every protocol that runs it; and with injected faults), their
JSON reports equal in every field but `view`, the timings and the memory estimate. With --vcd,
every signal both views trace (the processors' tx/rx registers and rx_collision, the buses'
busy, drivers, collisions, frame_packet and power_mw) changes at the same times to the same
values. Exit status 1 on the first difference.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from views_match import Views  # noqa: E402

WORKDIR = pathlib.Path(sys.argv[2])
# family: (sizes, the size the VCD and open-loop runs use, fault specs)
FAMILIES = {
    "ocpc": (["8", "16"], "16", [["--fault", "bus:bus@3"], ["--fault", "receiver:6"]]),
    "mob": (["3", "4"], "4", [["--fault", "bus:row_bus1@3"], ["--fault", "receiver:6"]]),
}
compared = 0
for family, (sizes, size, faults) in FAMILIES.items():
    views = Views(sys.argv[1], WORKDIR / family, family, ["bus", ".proc"])
    for protocol in views.protocols():
        for p in sizes:
            for traffic in (["--traffic", "random-h-relation", "--h", "2"],
                            ["--traffic", "permutation"], ["--traffic", "lower-bound"]):
                compared += views.compare(["--p", p, "--protocol", protocol, "--runs", "2",
                                           "--seed", "7"] + traffic)
        for traffic in (["--traffic", "bernoulli", "--rate", "0.1"],
                        ["--traffic", "bursty", "--rate", "0.05", "--burst", "4"]):
            compared += views.compare(["--p", size, "--protocol", protocol, "--seed", "3",
                                       "--warmup", "50", "--measure", "200"] + traffic)
        compared += views.compare(["--p", sizes[0], "--protocol", protocol, "--seed", "5"],
                                  vcd=True)
    # Injected faults act on the same buses and receivers in both views, and are logged alike.
    for fault in [["--fault", "jammer:5"], ["--fault", "ber:0.01"],
                  ["--fault", "jammer:3@10", "--protocol", "reservation"]] + faults:
        compared += views.compare(["--p", size, "--runs", "2", "--seed", "2"] + fault)
print(f"ok: {compared} runs equal in the pins and grouped views of the OCPC and MOB-PC, VCD "
      "signals included")
