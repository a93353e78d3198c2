#pragma once
/// \file
/// The clock edge of a verilated model that an element of the pins view runs within a slot
/// (docs/cosimulation.md): a quarter slot after the element presents the model's inputs it
/// raises the model's clock, and reads the model's outputs once the edge has reached the model
/// and its outputs have changed, a given number of delta cycles later. For a method that steps
/// through these phases on successive activations.
#include <systemc>

namespace optinet {

class RtlClockEdge {
 public:
  /// A quarter of the period of the slot clock that `clk` is bound to: the wait from a slot
  /// clock's edge to the model's. Exact only for a period of a whole number of 4 time
  /// resolution units (the command refuses other periods with --rtl); otherwise rounded to the
  /// nearest unit, and at a period of 2 units it is half the slot, so the model's ticks fall on
  /// the slot clock's edges (lockstep's comparisons at the nodes' sampling instants see that).
  static sc_core::sc_time quarter_slot(const sc_core::sc_in<bool>& clk) {
    return dynamic_cast<const sc_core::sc_clock&>(*clk.get_interface()).period() / 4;
  }
  /// Raises `clock`; the outputs can be read `deltas` delta cycles later (settled()). Re-triggers
  /// the calling method a delta later.
  void raise(sc_core::sc_signal<bool>& clock, unsigned deltas = 2) {
    clock.write(true);
    pending_ = deltas;
    sc_core::next_trigger(sc_core::SC_ZERO_TIME);
  }
  /// At each activation after raise(): true once the outputs can be read, else false (and the
  /// calling method re-triggered a delta later).
  bool settled() {
    if (--pending_ > 0) {
      sc_core::next_trigger(sc_core::SC_ZERO_TIME);
      return false;
    }
    return true;
  }

 private:
  unsigned pending_ = 0;
};

}  // namespace optinet
