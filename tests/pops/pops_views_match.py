#!/usr/bin/env python3
"""usage: pops_views_match.py OPTINET WORKDIR

POPS's two views are one hardware: `--view pins` and `--view grouped` give the same runs for
every protocol (closed loop on three shapes and two traffics; open loop, Bernoulli and bursty,
for every protocol that runs it, and TDMA and reservation, whose grouped view steps its nodes
from one process, on three shapes and two loads; and with injected faults), their JSON reports equal in every
field but `view`, the timings and the memory estimate. With --vcd, every signal both views
trace (the processors' tx/rx registers, the couplers' busy, collision, frame_packet, frame_kind
and power_mw) changes at the same times to the same values. Exit status 1 on the first
difference.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from views_match import Views  # noqa: E402

views = Views(sys.argv[1], pathlib.Path(sys.argv[2]), "pops", [".coupler_", ".proc"])
compared = 0
shapes = [["--d", "4", "--g", "4"], ["--d", "8", "--g", "4"], ["--d", "4", "--g", "8"]]
for protocol in views.protocols():
    for shape in shapes:
        for traffic in (["--traffic", "random"], ["--traffic", "partial"]):
            compared += views.compare(shape + ["--protocol", protocol, "--runs", "2", "--seed",
                                               "7"] + traffic)
    for traffic in (["--traffic", "bernoulli", "--rate", "0.1"],
                    ["--traffic", "bursty", "--rate", "0.05", "--burst", "4"]):
        compared += views.compare(["--d", "4", "--g", "4", "--protocol", protocol, "--seed", "3",
                                   "--warmup", "50", "--measure", "200"] + traffic)
    compared += views.compare(["--d", "4", "--g", "4", "--protocol", protocol, "--seed", "5"],
                              vcd=True)
# The grouped view steps TDMA's and reservation's nodes from one process (pops_stepper.h), the
# pins view runs the same steps in every processor's thread: open loop on each shape, light and
# heavy loads.
for protocol in ("tdma", "reservation"):
    for shape in shapes:
        for rate in ("0.02", "0.6"):
            compared += views.compare(shape + ["--protocol", protocol, "--seed", "9", "--traffic",
                                               "bernoulli", "--rate", rate, "--warmup", "50",
                                               "--measure", "200"])
# Injected faults act on the same couplers and receivers in both views, and are logged alike.
for faults in (["--fault", "jammer:5"], ["--fault", "ber:0.01"],
               ["--fault", "coupler:1:2@3", "--fault", "receiver:6"],
               ["--fault", "jammer:3@10", "--protocol", "reservation"]):
    compared += views.compare(["--d", "4", "--g", "4", "--runs", "2", "--seed", "2"] + faults)
print(f"ok: {compared} runs equal in the pins and grouped views, VCD signals included")
