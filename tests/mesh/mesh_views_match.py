#!/usr/bin/env python3
"""usage: mesh_views_match.py OPTINET WORKDIR

The synchronizing mesh's two views are one hardware: `--view pins` and `--view grouped` give the
same runs for every protocol (on several sides, indexings, buffer counts, both outboxes, the
experiment's loops, memberships and step 4 schedules, and a run stopped at the slot limit),
their JSON reports equal in every field but `view`, the timings and the memory estimate. With
--vcd, every signal both views trace (the processors' phase and level, the links' busy and
occupancy) changes at the same times to the same values. Exit status 1 on the first difference.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from views_match import Views  # noqa: E402

views = Views(sys.argv[1], pathlib.Path(sys.argv[2]), "mesh", [".node_x", "links.link_x"])
compared = 0
for protocol in views.protocols():
    for shape in (["--n", "4"], ["--n", "8", "--indexing", "snake"],
                  ["--n", "6", "--indexing", "row", "--buffers", "1"],
                  ["--n", "8", "--outbox", "per-link"]):
        compared += views.compare(shape + ["--protocol", protocol, "--runs", "2", "--seed", "7"])
    compared += views.compare(["--n", "4", "--protocol", protocol, "--seed", "5"], vcd=True)
for loop in (["--levels", "3", "--membership", "consecutive"], ["--loop", "paper"],
             ["--step4", "one-by-one", "--outbox", "per-link"],
             ["--levels", "2", "--buffers", "1", "--indexing", "column"]):
    compared += views.compare(["--n", "8", "--runs", "2", "--seed", "11"] + loop)
# A run stopped at the slot limit fails alike, and the next run starts from a clean mesh.
compared += views.compare(["--n", "8", "--max-slots", "20", "--runs", "2", "--seed", "3"])
print(f"ok: {compared} runs equal in the pins and grouped views of the mesh, VCD signals "
      "included")
