#pragma once
/// \file
/// What an experiment with injected faults adds to its runs, the same on every network: the
/// scoreboard classifies losses against the plan's log, a progress watch ends a run that can no
/// longer progress, and each run starts the plan's log and bit-error streams from its seed.
#include <cstdint>
#include <memory>
#include <systemc>

#include "models/core/fault_plan.h"
#include "models/core/run_control.h"
#include "testbenches/faults/fault_option.h"
#include "testbenches/faults/progress_watch.h"
#include "testbenches/run/scoreboard.h"

namespace optinet {

class FaultRun {
 public:
  /// Before elaboration ends: `plan` (kept by the experiment) is checked by `scoreboard`, and a
  /// progress watch on `clock` may stop runs of `nodes` processors through `control`.
  void attach(FaultPlan& plan, Scoreboard& scoreboard, RunControl& control,
              sc_core::sc_clock& clock, std::uint64_t nodes) {
    plan_ = &plan;
    scoreboard_ = &scoreboard;
    scoreboard.set_faults(&plan);
    watch_ = std::make_unique<ProgressWatch>("progress_watch", control, scoreboard,
                                             ProgressWatch::window_for(nodes));
    watch_->clk(clock);
  }
  bool attached() const { return plan_ != nullptr; }
  /// Before each run (nothing without faults).
  void begin(std::uint64_t seed) {
    if (plan_ == nullptr) return;
    plan_->begin_run(seed);
    watch_->arm(plan_->last_onset());
  }
  /// After each run, once the scoreboard has finished.
  FaultOutcome outcome() const {
    if (plan_ == nullptr) return {};
    return FaultOutcome{scoreboard_->fault_losses(), scoreboard_->fault_duplicates(),
                        watch_->stalled(), watch_->window(), scoreboard_->last_delivery_slot()};
  }

 private:
  FaultPlan* plan_ = nullptr;
  const Scoreboard* scoreboard_ = nullptr;
  std::unique_ptr<ProgressWatch> watch_;
};

}  // namespace optinet
