#pragma once
/// \file
/// Lockstep at the instants processors sample an RTL stage (docs/cosimulation.md). A stage that
/// presents slot k to its model ticks it a quarter slot later and drives the outcome once the
/// model has settled; a processor samples the stage's pins at the falling edge of slot k when it
/// is traced, else at the rising edge of slot k + 1. Comparing the model with the behavioural
/// law at the tick cannot see a tick that falls too late (a period whose quarter rounds to the
/// falling edge): the values are right, the instant is wrong. The watch checks, at both
/// sampling instants after each presented slot, that the stage had driven that slot's outcome,
/// and reports the first instant at which it had not. It costs two activations per presented
/// slot, and is made for lockstep only.
#include <cstdint>
#include <functional>
#include <string>
#include <systemc>

namespace optinet {

class RtlSampleWatch {
 public:
  /// Told the slot whose outcome was not yet on the stage's pins at a sampling instant, and
  /// that mismatch described ("rtl: ... at the falling edge, where the processors sample").
  using Late = std::function<void(std::uint64_t slot, const std::string& what)>;

  /// `slot_clk`: the slot clock port of the stage's module (bound later). Spawns the watch's
  /// method in the module being constructed.
  RtlSampleWatch(const sc_core::sc_in<bool>& slot_clk, Late late)
      : slot_clk_(slot_clk), late_(std::move(late)) {
    sc_core::sc_spawn_options options;
    options.spawn_method();
    options.dont_initialize();
    options.set_sensitivity(&presented_event_);
    sc_core::sc_spawn([this] { watch(); }, "sample_watch", &options);
  }

  /// The stage presented slot `slot` to its model (in the deltas of the slot's rising edge).
  void presented(std::uint64_t slot) {
    slot_ = slot;
    driven_ = false;
    state_ = State::kPresented;
    presented_event_.notify(sc_core::SC_ZERO_TIME);
  }
  /// The stage drove the outcome of the slot it presented onto its pins.
  void driven() { driven_ = true; }

 private:
  enum class State { kIdle, kPresented, kFalling, kRising };
  void watch() {
    switch (state_) {
      case State::kIdle:
        return;
      case State::kPresented:
        state_ = State::kFalling;
        sc_core::next_trigger(slot_clk_.negedge_event());
        return;
      case State::kFalling:
        if (!driven_) late(slot_, "the falling edge");
        state_ = State::kRising;
        sc_core::next_trigger(slot_clk_.posedge_event());
        return;
      case State::kRising:
        // In the first delta of the rising edge: before the stage presents the new slot.
        if (!driven_) late(slot_, "the next rising edge");
        state_ = State::kIdle;
        return;  // static sensitivity: the next presented slot
    }
  }

  void late(std::uint64_t slot, const char* instant) {
    late_(slot, std::string("rtl: the slot's outcome not yet on the pins at ") + instant +
                    ", where the processors sample");
  }

  const sc_core::sc_in<bool>& slot_clk_;
  Late late_;
  sc_core::sc_event presented_event_;
  std::uint64_t slot_ = 0;
  bool driven_ = true;
  State state_ = State::kIdle;
};

}  // namespace optinet
