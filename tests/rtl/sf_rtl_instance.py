#!/usr/bin/env python3
"""usage: sf_rtl_instance.py OPTINET WORKDIR [--sanitized]

Per-instance RTL in the store-and-forward pins view: `--rtl link:U:V=MODEL` (and
`...:lockstep`) swaps the link from node U to node V alone for a verilated link stage
(`sf_link_stage`, a register stage clocked twice a slot), and the runs are the behavioural runs,
field for field: every topology and scheme closed loop, with unbounded and bounded queues (where
the stage's registered ready line decides admissions), open loop, and several links at once.
The swapped link has the verilated model as its child `rtl`, clocked by its `rtl_clk`; the
others have none. Its waveforms are the behavioural run's but for the swapped link's own output
wires (which change a quarter slot later). In lockstep, the design with a planted bug
(`sf_link_drops_source`: the packet's source field lost) fails the run, exit 1, with an error
that names the first slot in which the link offered a packet from a source other than node 0
(read from the behavioural run's VCD) and the link; without lockstep the scoreboard finds the
packet corrupted. Exits 77 (skipped) in a build without Verilator. Exit status 1 on the first
difference. With --sanitized (the sanitizer build, whose runs are several times slower) the
hypercube and the grid only.
"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_runs import differences  # noqa: E402
from rtl_instances import (expect_lockstep_failure, fail, rtl_args, run_report,  # noqa: E402
                           swapped_hierarchy, vcd_signals)
from vcd_reader import full_names, parse  # noqa: E402
from views_match import Views  # noqa: E402

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)
STAGE, BUG = "sf_link_stage", "sf_link_drops_source"
# (network, size, links swapped: U:V pairs that are edges of the graph)
NETWORKS = [("hypercube", ["--n", "4"], ["0:1", "5:13", "12:8"]),
            ("shuffle", ["--d", "2", "--n", "4"], ["2:1", "4:10", "5:2"]),
            ("ccc", ["--s", "3"], ["0:1", "2:14", "3:4"]),
            ("shuffle-exchange", ["--n", "4"], ["1:2", "2:3", "4:8"]),
            ("grid", ["--n", "4", "--k", "2"], ["0:1", "1:5", "4:5"])]
if "--sanitized" in sys.argv[3:]:
    NETWORKS = [n for n in NETWORKS if n[0] in ("hypercube", "grid")]


def run(command):
    return run_report([OPTINET] + command, WORKDIR / "rtl.json")


compared = 0
for network, size, links in NETWORKS:
    swap_sets = [[f"link:{links[0]}={STAGE}"], [f"link:{links[1]}={STAGE}:lockstep"],
                 [f"link:{links[0]}={STAGE}", f"link:{links[1]}={STAGE}:lockstep",
                  f"link:{links[2]}={STAGE}"]]
    for protocol in Views(OPTINET, WORKDIR, network, []).protocols():
        for queues in (["--queue-capacity", "0"], ["--queue-capacity", "1"]):
            base = [network] + size + ["--protocol", protocol, "--traffic", "random", "--runs",
                                       "2", "--seed", "4"] + queues
            behavioural = run(base)
            for swaps in swap_sets:
                rtl = run(base + rtl_args(swaps))
                diffs = differences(behavioural, rtl)
                if diffs:
                    fail(f"{' '.join(base + rtl_args(swaps))}:\n  " + "\n  ".join(diffs[:10]))
                compared += len(rtl["runs"])
open_loop = ["grid", "--n", "4", "--k", "2", "--traffic", "bernoulli", "--rate", "0.3",
             "--warmup", "50", "--measure", "200", "--seed", "6", "--queue-capacity", "2"]
if differences(run(open_loop), run(open_loop + ["--rtl", f"link:5:6={STAGE}",
                                                "--rtl", f"link:6:5={STAGE}:lockstep"])):
    fail("an open-loop run with --rtl link:5:6 and link:6:5 differs from the behavioural run")
compared += 1


# The waveforms: every signal but the swapped link's own output wires is the behavioural run's.
waves = ["hypercube", "--n", "4", "--traffic", "random", "--seed", "9", "--queue-capacity", "1"]
link = "SystemC.hypercube.node0.link_d4"  # the link 0 -> 1
plain = vcd_signals([OPTINET] + waves, WORKDIR / "behavioural.vcd")
swapped = vcd_signals([OPTINET] + waves + ["--rtl", f"link:0:1={STAGE}"], WORKDIR / "swapped.vcd")
if link + "_dst_valid" not in plain:
    fail(f"the VCD has no {link}_dst_valid")
for name in sorted(set(plain) & set(swapped)):
    own = name.startswith(link + "_dst_") or name == link + "_src_ready"
    if not own and plain[name] != swapped[name]:
        fail(f"{name}: behavioural {plain[name][:6]}... against --rtl link:0:1 "
             f"{swapped[name][:6]}...")

swapped_hierarchy([OPTINET, "hypercube", "--n", "4", "--rtl", f"link:0:1={STAGE}"],
                  "hypercube.node0.link_d4", WORKDIR / "rtl_hierarchy.json")

# Lockstep against the planted bug: the run fails at the first slot in which link 0 -> 1
# offers a packet whose source is not node 0.
names, changes = parse(WORKDIR / "behavioural.vcd")
codes = full_names(names)
valid = changes[codes[link + "_src_valid"]]
source = changes[codes[link + "_src_source"]]
first = None
for t, v in valid:
    sources = [int(s, 2) for u, s in source if u <= t]
    if v == "1" and sources and sources[-1] != 0:
        first = t
        break
if first is None:
    fail(f"link 0 -> 1 carries no packet from another source in {' '.join(waves)}")
slot = [int(v, 2) for t, v in changes[codes["SystemC.control.slot"]] if t <= first][-1]
expect_lockstep_failure([OPTINET] + waves + ["--rtl", f"link:0:1={BUG}:lockstep"],
                        f"lockstep mismatch in slot {slot} at hypercube.node0.link_d4, link 0->1 "
                        "(behavioural: valid 1 packet")
expect_lockstep_failure([OPTINET] + waves + ["--rtl", f"link:0:1={BUG}"],
                        "arrived corrupted")
print(f"ok: {compared} runs with per-instance RTL links equal to the behavioural runs; "
      f"lockstep caught the planted bug in slot {slot} at hypercube.node0.link_d4")
