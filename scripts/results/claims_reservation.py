"""The statements of docs/reservation-protocol.md about the control plane's energy, rebuilt
from reservation-control-energy.csv (scripts/results/reservation_control_energy.py)."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import reservation_control_energy as rce  # noqa: E402
import results_data as rd  # noqa: E402

# The page is beside docs/results, not in it.
PAGE = os.path.join("..", "reservation-protocol.md")


def reservation_protocol():
    runs = rce.read_rows(rd.result(rce.CSV_NAME))
    pops16, onchip = runs["pops16_fibre"], runs["pops16_onchip"]
    ocpc, pops64 = runs["ocpc256_fibre"], runs["pops64_fibre"]
    return PAGE, [
        f"the control plane spends {pops16['control_energy_per_packet_pj']:,.0f} pJ per delivered "
        f"packet (`control.energy_per_packet_pj`) of the {pops16['energy_per_packet_pj']:,.0f} pJ "
        f"of `energy_per_packet_pj` (`energy_control_share` {pops16['energy_control_share']:.2g})",
        f"the {pops16['control_transmitters']:.0f} control transmitters' among it",
        f"control takes {onchip['control_energy_per_packet_pj']:,.0f} pJ of "
        f"{onchip['energy_per_packet_pj']:,.0f} pJ per packet "
        f"({onchip['energy_control_share']:.2g})",
        f"control costs {ocpc['control_energy_per_packet_pj']:.3g} pJ per packet",
        f"(+{ocpc['required_launch_dbm']:.2f} dBm: with the fibre devices a bus closes up to "
        f"{ocpc['max_fanout']:.0f} taps",
        "the report says `buildable: " + ("true" if ocpc["buildable"] else "false") + "`",
        f"it costs {pops64['control_energy_per_packet_pj']:,.0f} pJ per delivered packet of "
        f"{pops64['energy_per_packet_pj']:,.0f} pJ (`energy_control_share` "
        f"{pops64['energy_control_share']:.2g}), and the JSON says `control.slot_bits` "
        f"{pops64['control_slot_bits']:.0f}, `frames_per_slot` "
        f"{pops64['control_frames_per_slot']:g}: every listener decodes "
        f"{pops64['control_frames_per_slot']:g} frames of control words a slot",
        f"the modules' static power, {pops64['control_transmitters']:,.0f} control transmitters' "
        "among it",
        "the report also says `buildable: " + ("true" if pops64["buildable"] else "false")
        + f"`: its stars need {pops64['required_launch_dbm']:+.2f} dBm",
    ]
