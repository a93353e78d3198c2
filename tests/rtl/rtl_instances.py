"""What the per-instance RTL tests (pops_rtl_instance.py, ocpc_rtl_instance.py,
sf_rtl_instance.py) share: the instances a hierarchy has verilated models in, the slot of a VCD
signal's first pulse, a VCD's signals, and a lockstep run that must fail naming a slot and an
instance."""
import json
import subprocess
import sys

from compare_runs import strip_timing
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from vcd_reader import full_names, parse  # noqa: E402


def fail(message):
    sys.exit(f"FAIL: {message}")


def run_report(command, out, refused=None):
    """`command`'s JSON report (written to `out`) less its timings and memory estimate, with its
    exit status (0, or 1 for a run that failed its checks); None if it was refused (exit 2)
    with `refused` in its message. Exits 77 (skipped) in a build without Verilator."""
    done = subprocess.run(command + ["--json", str(out), "--quiet"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode == 2 and "was not built" in done.stderr:
        print(f"SKIPPED: {done.stderr.strip()}")
        sys.exit(77)
    if done.returncode == 2 and refused is not None and refused in done.stderr:
        return None
    if done.returncode not in (0, 1):
        fail(f"{' '.join(command)}: exit {done.returncode}: {done.stderr}")
    report = strip_timing(json.loads(out.read_text()))
    report.pop("memory_estimate_bytes")
    report["exit_status"] = done.returncode
    return report


def swapped_hierarchy(command, instance, path):
    """The objects of `command`'s --hierarchy (written to `path`), checked: `instance` alone
    has a verilated child `rtl`, clocked by the instance's rtl_clk."""
    subprocess.run(command + ["--hierarchy", str(path), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    objects = {o["name"]: o for o in json.loads(path.read_text())["objects"]}
    if objects.get(f"{instance}.rtl.clk", {}).get("bound_to") != f"{instance}.rtl_clk":
        fail(f"{instance} has no verilated child rtl clocked by its rtl_clk")
    swapped = sorted({n.split(".rtl")[0] for n in objects if ".rtl." in n})
    if swapped != [instance]:
        fail(f"verilated models in {swapped}, expected {instance} only")
    return objects


def write_vcd(command, path):
    subprocess.run(command + ["--vcd", str(path), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)


def rtl_args(swaps):
    """`--rtl SPEC` for each spec of `swaps`."""
    return [a for spec in swaps for a in ("--rtl", spec)]


def vcd_signals(command, path):
    """Every signal of `command`'s VCD (written to `path`): full name -> [(time, value)]."""
    write_vcd(command, path)
    names, changes = parse(path)
    return {n: changes.get(code, []) for n, code in full_names(names).items()}


def first_pulse(vcd, signals):
    """(slot, signal) of the earliest '1' among `signals` (names under SystemC.), the slot read
    from control.slot; None if none of them pulses."""
    names, changes = parse(vcd)
    codes = full_names(names)
    first = None
    for signal in signals:
        pulses = [t for t, v in changes[codes["SystemC." + signal]] if v == "1"]
        if pulses and (first is None or pulses[0] < first[0]):
            first = (pulses[0], signal)
    if first is None:
        return None
    slot = None
    for t, v in changes[codes["SystemC.control.slot"]]:
        if t <= first[0]:
            slot = int(v, 2)
    return slot, first[1]


def expect_lockstep_failure(command, expected):
    """Runs `command`, which must exit 1 with `expected` in its output."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 1 or expected not in done.stdout + done.stderr:
        fail(f"{' '.join(command)}: exit {done.returncode}, expected 1 and '{expected}':\n"
             f"{done.stdout}{done.stderr}")
