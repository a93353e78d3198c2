"""What the coupler study runs (scripts/results/coupler_study.py): section 1's curves, the
POPS(d,g) shapes of a size, their runs' options and slot limits, the device sets and loads."""
import argparse
import re


SEED = 1


# Study 1: the curves, each one `--rates auto` run: the saturation search, then 0.1-0.95 of
# its throughput, every point in steady state. (label, network options, protocol, slot limit)
def curve_cases(quick):
    # TDMA's knee is a periodic server close to its bound, whose transient lasts hundreds of
    # frames: its runs may take 1,000,000 slots (the search runs only doubtful points that long).
    cases = [
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "randomized", 100000),
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "tdma", 1000000),
        ("POPS(64,64)", ["pops", "--d", "64", "--g", "64"], "randomized", 100000),
        ("POPS(64,64)", ["pops", "--d", "64", "--g", "64"], "reservation", 100000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "coinflip", 100000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "tdma", 1000000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "row-column", 100000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "tdma", 1000000),
        ("grid 16x16", ["grid", "--n", "16", "--k", "2"], "gridk", 100000),
        ("POPS(16,16)", ["pops", "--d", "16", "--g", "16"], "reservation", 100000),
        ("OCPC p=256", ["ocpc", "--p", "256"], "reservation", 100000),
        ("MOB-PC p=16", ["mob", "--p", "16"], "reservation", 100000),
    ]
    if quick:
        cases = [(l, n, p, 20000) for l, n, p, _ in cases if "64,64" not in l]
    return cases


def case_order(curves):
    """Curve rows in the order of the study's cases (a curve's rows keep their order)."""
    index = {(label, protocol): i for i, (label, _, protocol, _) in enumerate(curve_cases(False))}
    return sorted(curves, key=lambda c: index.get((c["network"], c["protocol"]), len(index)))


def network_list(text):
    """argparse type: curve networks of the study, comma-separated (a comma inside parentheses,
    as in POPS(64,64), belongs to the label)."""
    labels = list(dict.fromkeys(label for label, _, _, _ in curve_cases(False)))
    chosen = [x.strip() for x in re.split(r",(?![^()]*\))", text) if x.strip()]
    for label in chosen:
        if label not in labels:
            raise argparse.ArgumentTypeError(
                f"'{label}' is not accepted (networks of the study: {', '.join(labels)})")
    return chosen


def curve_command(network, protocol, limit):
    return network + ["--protocol", protocol, "--traffic", "bernoulli", "--rates", "auto",
                      "--max-slots", str(limit)]


def selected_cases(args):
    """The curves --quick, --protocols and --networks select."""
    return [c for c in curve_cases(args.quick)
            if (not args.protocols or c[2] in args.protocols)
            and (not args.networks or c[0] in args.networks)]


def shapes(n):
    d = 1
    while d <= n:
        yield d, n // d
        d *= 2


def knee_slot_limit(n, protocol, quick):
    """A run's slot limit in the shape study: TDMA's batch is its n-slot frame and its runs near
    the knee need tens of frames (a warm-up of relaxation, a window of 10 mean latencies of
    about 3n/2), so 64 frames; 100,000 slots otherwise."""
    if quick:
        return max(20000, 48 * n) if protocol == "tdma" else 20000
    return max(100000, 64 * n) if protocol == "tdma" else 100000


DEVICES = ("fibre", "onchip")  # the shipped device sets (docs/devices)


PARTS = ("laser", "modulator", "receiver", "serdes", "static")


# The protocols of the shape study under a sustained load (a shape a protocol refuses: "-").
SHAPE_LOADS = ("tdma", "reservation", "randomized")


# The curves drawn past the knee, on the square shape of each size.
CURVE_LOADS = ("tdma", "reservation")


KNEE_KEYS = ("throughput", "offered", "latency", "latency_ns", "zero_load_latency",
             "zero_load_latency_ns", "criterion", "under_rate", "over_rate", "bracketed", "upper",
             "upper_from")


def pops_network(d, g):
    """The POPS(d,g) options of every run of the shape study: the grouped view (the views run
    alike, tested; the grouped one costs less per slot)."""
    return ["pops", "--d", str(d), "--g", str(g), "--view", "grouped"]


def load_args(d, g, protocol):
    return pops_network(d, g) + ["--protocol", protocol, "--traffic", "bernoulli"]
