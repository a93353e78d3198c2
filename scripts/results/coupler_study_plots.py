"""The coupler study's plots (scripts/results/coupler_study.py): section 1's curves and the knee
curves of the square shapes."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402
from coupler_study_tables import decided  # noqa: E402


# One colour per kind of protocol in every panel: random access, TDMA, reservation.
PROTOCOL_COLOURS = {"tdma": "C1", "reservation": "C2"}


def network_panels(rows, width):
    """One panel per network of ROWS, side by side, WIDTH inches each: the figure, and each
    panel's axes, network and rows."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    networks = list(dict.fromkeys(r["network"] for r in rows))
    fig, axes = plt.subplots(1, len(networks), figsize=(width * len(networks), 3.8),
                             constrained_layout=True, squeeze=False)
    return fig, [(axes[0][col], network, [r for r in rows if r["network"] == network])
                 for col, network in enumerate(networks)]


def plot_curves(curves, out):
    fig, panels = network_panels(curves, 3.8)
    for ax, network, mine in panels:
        for protocol in dict.fromkeys(c["protocol"] for c in mine):
            pts = sorted((c for c in decided([c for c in mine if c["protocol"] == protocol])
                          if not c["saturated"] and c["latency_mean"] is not None),
                         key=lambda c: c["accepted"])
            if not pts:
                continue
            ax.errorbar([p["accepted"] for p in pts], [p["latency_mean"] for p in pts],
                        yerr=[[p["latency_mean"] - p["latency_ci"][0] if p["latency_ci"] else 0
                               for p in pts],
                              [p["latency_ci"][1] - p["latency_mean"] if p["latency_ci"] else 0
                               for p in pts]],
                        fmt="o-", capsize=2, color=PROTOCOL_COLOURS.get(protocol, "C0"),
                        label=f"{protocol} (sat. "
                        f"{pts[0]['saturation_throughput']:.3g})")
        hardware, routing = mine[0]["hardware_bound"], mine[0]["routing_bound"]
        ax.axvline(hardware, color="black", linestyle="--", linewidth=1,
                   label=f"hardware bound {hardware:.3g}")
        if abs(routing - hardware) > 1e-6:
            ax.axvline(routing, color="grey", linestyle=":", linewidth=1.5,
                       label=f"routing bound {routing:.3g}")
        ax.set_xscale("log")  # random access saturates 10-50 times below TDMA
        ax.set_yscale("log")
        ax.set_xlabel("accepted (packets/sending node/slot)")
        ax.set_ylabel("mean latency (slots), 95% interval")
        ax.set_title(network, fontsize=10)
        ax.legend(fontsize=7)
    cli_guard.save_figure(fig, os.path.join(out, "coupler-evaluation-curves.png"), dpi=100)


def plot_knee_curves(rows, out):
    """Latency against accepted load of each knee curve, one panel per network, with the
    protocol's capacity (where known), the hardware bound and the knee drawn on it."""
    if not rows:
        return
    fig, panels = network_panels(rows, 4.2)
    for ax, network, mine in panels:
        for protocol in dict.fromkeys(r["protocol"] for r in mine):
            pts = sorted((r for r in mine if r["protocol"] == protocol
                          and r["latency_mean"] is not None), key=lambda r: r["accepted"])
            colour = PROTOCOL_COLOURS.get(protocol, "C0")
            ax.plot([p["accepted"] for p in pts], [p["latency_mean"] for p in pts], "o-",
                    color=colour, label=f"{protocol} (knee {pts[0]['knee_throughput']:.3g})")
            ax.axvline(pts[0]["knee_throughput"], color=colour, linestyle=":", linewidth=1)
            capacity = pts[0]["protocol_capacity"]
            if capacity is not None:
                ax.axvline(capacity, color=colour, linestyle="--", linewidth=1,
                           label=f"{protocol} capacity {capacity:.4g}")
        hardware = mine[0]["hardware_bound"]
        ax.axvline(hardware, color="black", linestyle="-", linewidth=0.8,
                   label=f"hardware bound {hardware:.4g}")
        ax.set_yscale("log")
        ax.set_xlabel("accepted (packets/node/slot)")
        ax.set_ylabel("mean latency (slots)")
        ax.set_title(network, fontsize=10)
        ax.legend(fontsize=7)
    cli_guard.save_figure(fig, os.path.join(out, "coupler-evaluation-knee-curves.png"), dpi=100)
