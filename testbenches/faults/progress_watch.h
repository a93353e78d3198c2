#pragma once
/// \file
/// Ends a run with injected faults when no progress is possible, so that it never runs on to
/// the slot limit for nothing. Progress is a delivery to the host. The watch stops the run when
/// every fault has taken effect (the slot is at or past the plan's last onset) and no packet has
/// been delivered for `window` slots since the later of the last delivery and that onset, while
/// packets are still missing. The hardware is then fixed, and a protocol that delivered nothing
/// in that long has nothing left it can deliver (the window is chosen far above the gap
/// between deliveries of a fault-free run; see docs/results/faults.md). It is a testbench
/// module: it reads the scoreboard, which no node can.
#include <algorithm>
#include <cstdint>
#include <systemc>

#include "models/core/compat.h"
#include "models/core/run_control.h"
#include "testbenches/run/scoreboard.h"

namespace optinet {

class ProgressWatch : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  /// The window: slots without a delivery after which a faulty run is stopped.
  static std::uint64_t window_for(std::uint64_t nodes) { return 2000 + 4 * nodes; }

  OPTINET_HAS_PROCESS(ProgressWatch);
  ProgressWatch(const sc_core::sc_module_name& name, RunControl& control,
                const Scoreboard& scoreboard, std::uint64_t window)
      : sc_core::sc_module(name), control_(control), scoreboard_(scoreboard), window_(window) {
    SC_METHOD(check);
    sensitive << clk.pos();
    dont_initialize();
  }

  /// Before each run: the slot from which every fault acts.
  void arm(std::uint64_t last_onset) {
    onset_ = last_onset;
    delivered_ = 0;
    last_delivery_ = 0;
    stalled_ = false;
  }
  /// The last run was stopped for want of progress.
  bool stalled() const { return stalled_; }
  std::uint64_t window() const { return window_; }

 private:
  void check() {
    if (!control_.running() || stalled_) return;
    const std::uint64_t slot = control_.current_slot();
    if (scoreboard_.delivered() != delivered_) {
      delivered_ = scoreboard_.delivered();
      last_delivery_ = slot;
    }
    const std::uint64_t since = std::max(last_delivery_, onset_);
    if (slot >= since && slot - since >= window_ && delivered_ < scoreboard_.expected()) {
      stalled_ = true;
      control_.stop();
    }
  }

  RunControl& control_;
  const Scoreboard& scoreboard_;
  std::uint64_t window_;
  std::uint64_t onset_ = 0;
  std::size_t delivered_ = 0;
  std::uint64_t last_delivery_ = 0;
  bool stalled_ = false;
};

}  // namespace optinet
