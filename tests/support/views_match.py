"""A network family's two views are one hardware: `--view pins` and `--view grouped` give the
same runs, their JSON reports equal in every field but `view`, the timings and the memory
estimate, and with --vcd every signal both views trace changes at the same times to the same
values. Used by pops_views_match.py and ocpc_views_match.py."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from compare_runs import differences, strip_timing  # noqa: E402
from vcd_reader import full_names, parse  # noqa: E402


def fail(message):
    sys.exit(f"FAIL: {message}")


class Views:
    """`optinet FAMILY` run in both views; `signals`: substrings of which the shared VCD
    signals must include one each."""

    def __init__(self, optinet, workdir, family, signals):
        self.optinet, self.workdir, self.family, self.signals = optinet, workdir, family, signals
        workdir.mkdir(parents=True, exist_ok=True)

    def protocols(self):
        help_text = subprocess.run([self.optinet, self.family, "--help"], check=True,
                                   capture_output=True, text=True).stdout
        line = re.search(r"--protocol TEXT=\S+\s+(.*)", help_text)
        if not line:
            fail(f"no --protocol line in optinet {self.family} --help")
        return [p.strip() for p in line.group(1).split(",")]

    def run(self, args, view, vcd=False):
        out = self.workdir / f"views_{view}.json"
        command = [self.optinet, self.family] + args + ["--view", view, "--json", str(out),
                                                        "--quiet"]
        if vcd:
            command += ["--vcd", str(self.workdir / f"views_{view}.vcd")]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if done.returncode == 2:
            return None  # refused (an open-loop traffic the protocol does not run)
        # 1: a run failed its checks (a randomized protocol may); 4: injected faults kept
        # packets from delivery. Both views must report them alike.
        if done.returncode not in (0, 1, 4):
            fail(f"optinet {self.family} {' '.join(args)} --view {view}: exit "
                 f"{done.returncode}: {done.stderr}")
        report = strip_timing(json.loads(out.read_text()))
        report.pop("memory_estimate_bytes")  # the elaboration's size, which the views differ in
        report["exit_status"] = done.returncode
        if report["parameters"].pop("view") != view:
            fail(f"optinet {self.family} {' '.join(args)}: the report does not say view {view}")
        return report

    def vcd_changes(self, view):
        names, changes = parse(self.workdir / f"views_{view}.vcd")
        return {name: changes.get(code, []) for name, code in full_names(names).items()}

    def compare(self, args, vcd=False):
        """Runs `args` in both views; the number of runs compared."""
        pins, grouped = self.run(args, "pins", vcd), self.run(args, "grouped", vcd)
        command = f"optinet {self.family} {' '.join(args)}"
        if pins is None or grouped is None:
            if (pins is None) != (grouped is None):
                fail(f"{command}: refused by one view only")
            return 0
        diffs = differences(grouped, pins)
        if diffs:
            fail(f"{command}: the views differ:\n  " + "\n  ".join(diffs[:10]))
        if vcd:
            a, b = self.vcd_changes("grouped"), self.vcd_changes("pins")
            common = sorted(set(a) & set(b))
            for signal in self.signals:
                if not any(signal in n for n in common):
                    fail(f"{command}: the VCDs share no {signal} signal")
            for name in common:
                if a[name] != b[name]:
                    fail(f"{name}: grouped {a[name][:6]}... against pins {b[name][:6]}...")
        return len(pins["runs"])
