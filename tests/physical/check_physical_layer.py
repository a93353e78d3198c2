#!/usr/bin/python3
"""The physical layer through the command: transceiver counts per network, the laser power the
budget requires against hand values, energy per bit as the sum of its parts, ber:budget at a
positive and a negative margin, and the VCD's received power against the lit inputs.

usage: check_physical_layer.py OPTINET WORKDIR
"""
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from vcd_reader import parse  # noqa: E402


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(optinet, workdir, name, args, status=0):
    path = os.path.join(workdir, name + ".json")
    p = subprocess.run([optinet] + args + ["--quiet", "--json", path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    if p.returncode != status:
        fail("%s: exit %d, expected %d: %s" % (" ".join(args), p.returncode, status, p.stderr))
    with open(path) as f:
        return json.load(f), p.stdout


def close(a, b, what, tol=1e-9):
    if abs(a - b) > tol * max(1.0, abs(b)):
        fail("%s: %r, expected %r" % (what, a, b))


def check_counts(optinet, workdir):
    # POPS(d, g): n*g transmitters and receivers; OCPC: p each; MOB-PC (K x K): 2 transmitters
    # (row and column bus) and 1 receiver per node; a hypercube of 2^3 nodes: 24 links;
    # split&hash: one transmitter per bus attachment, one receiver per node.
    cases = [("pops", ["pops", "--d", "4", "--g", "2"], 16, 16),
             ("ocpc", ["ocpc", "--p", "16"], 16, 16),
             ("mob", ["mob", "--p", "4"], 32, 16),
             ("dmob", ["dmob", "--k", "2", "--dim", "3"], 24, 8),
             ("hypercube", ["hypercube", "--n", "3"], 24, 24),
             # split&hash k = 4, d = 2, a = 2 (N = 16): 4 funnel buses (a_1 = 4, b_1 = 1) of 4
             # bottom and 16 top nodes, 4 buses of 8 to the sinks; 48 nodes, one receiver each.
             ("splithash", ["splithash", "--k", "4", "--depth", "2", "--a", "2"], 112, 48)]
    for name, args, tx, rx in cases:
        report, _ = run(optinet, workdir, "counts_" + name, args + ["--device", "fibre"])
        b = report["power_budget"]
        if (b["transmitters"], b["receivers"]) != (tx, rx):
            fail("%s: %d transmitters, %d receivers; expected %d, %d" %
                 (name, b["transmitters"], b["receivers"], tx, rx))


def check_laser_and_energy(optinet, workdir):
    # POPS(4,2) fibre: star fan-out 4, loss 6.0206 + 1.2 + 1 + 0.004 dB; required launch
    # -3.1754 dBm; 16 transmitters at 5% wall-plug efficiency; an SFP+-class module's 1 W
    # static, 500 mW per transmitter (its laser's 15 mW bias among them) and per receiver.
    for device in ("fibre", "onchip"):
        report, out = run(optinet, workdir, "energy_" + device,
                          ["pops", "--d", "4", "--g", "2", "--protocol", "tdma", "--traffic",
                           "bernoulli", "--rate", "0.3", "--warmup", "100", "--measure", "400",
                           "--device", device])
        b = report["power_budget"]
        if device == "fibre":
            close(b["required_launch_dbm"], -14.4 + 10 * math.log10(4) + 1.2 + 1.004 + 3,
                  "required launch")
            close(b["laser_w"], 16 * 10 ** (b["required_launch_dbm"] / 10) / 0.05 / 1000, "laser_w")
            close(b["static_w"], (16 * 500 + 16 * 500) / 1000, "static_w")
            # A slot: the 51.2 ns frame, G-PON's 25.7 ns guard and 51.4 ns lock.
            close(report["runs"][0]["slot_ns"], 51.2 + 25.7 + 51.4, "slot_ns")
        r = report["runs"][0]
        parts = r["energy_parts_pj_per_bit"]
        close(sum(parts.values()), r["energy_per_bit_pj"], device + ": energy per bit = parts")
        close(r["energy_per_bit_pj"] * 512, r["energy_per_packet_pj"], device + ": per packet")
        if "energy: " not in out or "power: 16 transmitters, 16 receivers" not in out:
            fail(device + ": the summary has no energy or transceiver line:\n" + out)


def device_file(workdir, name, launch):
    path = os.path.join(workdir, name)
    with open(path, "w") as f:
        json.dump({"base": "fibre", "launch_power_dbm": launch}, f)
    return path


def check_budget_errors(optinet, workdir):
    # POPS(4,2) fibre: received = launch - 8.2246 dB; margin = received + 14.4 - 3.
    loss = 10 * math.log10(4) + 1.2 + 1.004
    # Received 3 dB above the sensitivity: Q = 14.07, no frame lost.
    good = device_file(workdir, "plus3.json", -14.4 + 3 + loss)
    report, _ = run(optinet, workdir, "ber_plus3",
                    ["pops", "--d", "4", "--g", "2", "--runs", "3", "--fault", "ber:budget",
                     "--device", good])
    for r in report["runs"]:
        if r["faults"][0]["frames_lost"] != 0:
            fail("+3 dB: %d frames lost" % r["faults"][0]["frames_lost"])
    fault = report["parameters"]["faults"][0]
    close(fault["received_power_dbm"], -11.4, "received power", 1e-9)
    # Received 6 dB below the sensitivity: Q = 7.03 / 3.98 = 1.76, BER 0.039: every frame lost
    # (1 - (1 - 0.039)^512 = 1 - 1e-9), so no packet arrives and the run stops: exit 4.
    bad = device_file(workdir, "minus6.json", -14.4 - 6 + loss)
    report, _ = run(optinet, workdir, "ber_minus6",
                    ["pops", "--d", "4", "--g", "2", "--fault", "ber:budget", "--device", bad],
                    status=4)
    r = report["runs"][0]
    if r["faults"][0]["frames_lost"] == 0 or r["undelivered_to_faults"] == 0:
        fail("-6 dB: no frame lost")
    fault = report["parameters"]["faults"][0]
    q = 7.034483 * 10 ** (-6 / 10)
    close(fault["bit_error_rate"], 0.5 * math.erfc(q / math.sqrt(2)), "BER at -6 dB", 1e-4)


# The run of traces/power_demo.gtkw.
DEMO = ["pops", "--d", "4", "--g", "1", "--traffic", "bernoulli", "--rate", "0.5", "--warmup", "20",
        "--measure", "40", "--max-slots", "200", "--seed", "3", "--trace-slots", "28:100"]


def check_vcd_power(optinet, workdir):
    # POPS(4,1): one coupler c(0,0), lit by the processors of group 0; the randomized protocol
    # under an open-loop load collides. In every slot the traced power is the number of lit
    # inputs times one input's received power.
    vcd = os.path.join(workdir, "power.vcd")
    report, _ = run(optinet, workdir, "vcd", DEMO + ["--vcd", vcd])
    one = 10 ** (report["power_budget"]["coupler"]["received_power_dbm"] / 10)
    names, changes = parse(vcd)
    code = {full: c for c, fulls in names.items() for full in fulls}

    def at(name, t):
        return value_at(changes, code[name], t)

    falling = [t for t, v in changes[code["SystemC.clk"]] if v == "0"]
    star = "SystemC.pops.group0.coupler_b0_a0."
    collision_slots = 0
    for t in falling:
        lit = sum(1 for k in range(4) if at("SystemC.pops.group0.proc%d.tx_valid" % k, t) == "1")
        power = float(at(star + "power_mw", t) or 0)
        close(power, lit * one, "power at %d ps (%d lit)" % (t, lit), 1e-6)
        if at(star + "collision", t) == "1":
            collision_slots += 1
            if lit < 2:
                fail("collision at %d ps with %d lit inputs" % (t, lit))
    if collision_slots == 0:
        fail("no collision slot in the VCD")
    # traces/power_demo.gtkw shows this run: every signal it names is in the VCD.
    gtkw = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "traces",
                        "power_demo.gtkw")
    with open(gtkw) as f:
        wanted = re.findall(r"\} (SystemC\.\S+)", f.read())
    missing = [w for w in wanted if re.sub(r"\[.*", "", w) not in code]
    if missing or not wanted:
        fail("power_demo.gtkw names signals not in the VCD: " + ", ".join(missing[:5]))
    print("ok: %d collision slots, power = lit inputs x %.4f mW" % (collision_slots, one))


def check_link_power(optinet, workdir):
    # A hypercube's links are point-to-point: at every slot's falling edge a traced link's power
    # is one lit transmitter's received power while it carries a packet (busy), else 0.
    vcd = os.path.join(workdir, "links.vcd")
    report, _ = run(optinet, workdir, "links", ["hypercube", "--n", "3", "--traffic", "random",
                                                "--device", "fibre", "--vcd", vcd])
    one = 10 ** (report["power_budget"]["link"]["received_power_dbm"] / 10)
    names, changes = parse(vcd)
    code = {full: c for c, fulls in names.items() for full in fulls}
    falling = [t for t, v in changes[code["SystemC.clk"]] if v == "0"]
    powers = [full for full in code if full.endswith(".power_mw")]
    busy_slots = 0
    for full in powers:
        busy = code[full[:-len("power_mw")] + "busy"]
        for t in falling:
            lit = value_at(changes, busy, t) == "1"
            close(float(value_at(changes, code[full], t) or 0), one if lit else 0.0,
                  "%s at %d ps" % (full, t), 1e-6)
            busy_slots += lit
    if not powers or busy_slots == 0:
        fail("no traced link power, or no link carried a packet")
    print("ok: %d links, power = %.4f mW in %d busy slots" % (len(powers), one, busy_slots))


def value_at(changes, code, t):
    """The value of signal `code` at time t (None before its first change)."""
    v = None
    for time, value in changes.get(code, []):
        if time > t:
            break
        v = value
    return v


def check_limits(optinet, workdir):
    # POPS(32,1) on fibre: star fan-out 32 needs -14.4 + 15.0515 + 0.7 + 1.25 + 1.004 + 3 =
    # +6.6055 dBm, above the +4 dBm ceiling (and so does its worst case); POPS(16,1) closes
    # within it (+3.3452 dBm, worst case +3.8452 dBm).
    report, out = run(optinet, workdir, "limits_32",
                      ["pops", "--d", "32", "--g", "1", "--device", "fibre"])
    b = report["power_budget"]
    names = [v["name"] for v in b["violations"]]
    if b["buildable"] or names != ["launch_ceiling", "launch_ceiling_worst_case"]:
        fail("POPS(32,1) fibre: buildable %r, violations %r" % (b["buildable"], names))
    close(b["violations"][0]["figure"], -14.4 + 10 * math.log10(32) + 0.7 + 1.25 + 1.004 + 3,
          "launch_ceiling figure")
    close(b["violations"][0]["limit"], 4.0, "launch ceiling")
    if "power: NOT BUILDABLE: launch_ceiling (the budget needs a launch of +6.61 dBm" not in out:
        fail("POPS(32,1): the summary does not say it cannot be built:\n" + out)
    if "margin -6.61 dB at the +0.00 dBm launch: needs +6.61 dBm, above the launch ceiling" \
            not in out:
        fail("POPS(32,1): the summary's budget line does not name the launch it needs:\n" + out)
    report, out = run(optinet, workdir, "limits_16",
                      ["pops", "--d", "16", "--g", "1", "--device", "fibre"])
    if not report["power_budget"]["buildable"] or report["power_budget"]["violations"]:
        fail("POPS(16,1) fibre: not buildable: %r" % report["power_budget"]["violations"])
    if "power: buildable" not in out:
        fail("POPS(16,1): the summary does not say it is buildable:\n" + out)
    # Its margin at the installed 0 dBm launch is negative, but the laser is sized to the
    # required launch, under the ceiling: the budget closes there, and the summary says so.
    if "margin -3.35 dB at the +0.00 dBm launch: closes at the required launch of +3.35 dBm" \
            not in out or "NOT CLOSE" in out:
        fail("POPS(16,1): the summary's budget line contradicts its buildability:\n" + out)
    # Receiver overload: a point-to-point link at +2 dBm receives +0.996 dBm > +0.5 dBm.
    path = os.path.join(workdir, "hot.dev.json")
    with open(path, "w") as f:
        json.dump({"base": "fibre", "launch_power_dbm": 2.0}, f)
    report, _ = run(optinet, workdir, "limits_overload",
                    ["hypercube", "--n", "3", "--device", path])
    names = [v["name"] for v in report["power_budget"]["violations"]]
    if names != ["receiver_overload"]:
        fail("overloaded receiver: violations %r" % names)
    close(report["power_budget"]["violations"][0]["figure"], 2.0 - 1.004, "received power")
    # Die power density: POPS(16,16) on chip, 4096 lasers of 7.6577 mW electrical and 0.8192 W
    # of ring tuning, 32.19 W: 0.0805 W/mm^2 on 400 mm^2; on 50 mm^2, 0.644 W/mm^2 > 0.5.
    report, _ = run(optinet, workdir, "limits_die", ["pops", "--d", "16", "--g", "16",
                                                     "--device", "onchip"])
    b = report["power_budget"]
    close(b["die_power_w"], b["laser_w"] + b["static_w"], "die power")
    close(b["power_density_w_per_mm2"], b["die_power_w"] / 400, "density")
    if not b["buildable"]:
        fail("POPS(16,16) on chip: not buildable: %r" % b["violations"])
    path = os.path.join(workdir, "small_die.dev.json")
    with open(path, "w") as f:
        json.dump({"base": "onchip", "die_area_mm2": 50, "max_transceivers": 8000}, f)
    report, _ = run(optinet, workdir, "limits_small_die",
                    ["pops", "--d", "16", "--g", "16", "--device", path])
    b = report["power_budget"]
    names = [v["name"] for v in b["violations"]]
    if b["buildable"] or names != ["die_power_density", "transceivers"]:
        fail("POPS(16,16) on a 50 mm^2 die, 8000 transceivers: %r" % names)
    close(b["violations"][0]["figure"], (b["laser_w"] + b["static_w"]) / 50, "density")
    close(b["violations"][1]["figure"], 8192, "transceivers")


def check_control_plane(optinet, workdir):
    # POPS(8,8) reservation: 512 data transmitters and receivers, and per node 1 control
    # transmitter and 9 control photodiodes (one wavelength: 72 bits a slot): 576 and 1088.
    report, out = run(optinet, workdir, "control",
                      ["pops", "--d", "8", "--g", "8", "--protocol", "reservation", "--traffic",
                       "bernoulli", "--rate", "0.3", "--warmup", "100", "--measure", "400",
                       "--seed", "3"])
    b, r = report["power_budget"], report["runs"][0]
    if (b["transmitters"], b["receivers"], b["control_transmitters"],
            b["control_receivers"]) != (576, 1088, 64, 576):
        fail("POPS(8,8) reservation counts: %r" % b)
    close(b["static_w"], (576 * 500 + 1088 * 500) / 1000, "static_w with the control plane")
    # The window's control bits: the run's, in proportion to the packets delivered.
    c = r["control"]
    control_pj_per_packet = c["energy_pj"] / r["delivered"]
    # Gated laser: each control bit sent costs its 0.1 ns of light; the fibre set's modules
    # cost nothing per bit (their power is static).
    laser_mw = b["laser_electrical_mw_per_transmitter"]
    close(c["energy_pj"], c["bits_sent"] * laser_mw * 0.1, "control energy")
    parts = r["energy_parts_pj_per_bit"]
    close(sum(parts.values()), r["energy_per_bit_pj"], "energy per bit = parts")
    close(r["energy_control_share"] * r["energy_per_bit_pj"], control_pj_per_packet / 512,
          "control share of the energy per bit", 1e-9)
    if "on the control plane" not in out or "control plane's 64 transmitters" not in out:
        fail("the summary has no control plane:\n" + out)


def main():
    optinet, workdir = sys.argv[1], sys.argv[2]
    os.makedirs(workdir, exist_ok=True)
    check_counts(optinet, workdir)
    check_laser_and_energy(optinet, workdir)
    check_budget_errors(optinet, workdir)
    check_vcd_power(optinet, workdir)
    check_link_power(optinet, workdir)
    check_limits(optinet, workdir)
    check_control_plane(optinet, workdir)


main()
