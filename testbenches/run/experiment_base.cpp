#include "testbenches/run/experiment_base.h"

#include <sysc/tracing/sc_tracing_ids.h>

#include "testbenches/io/output_file.h"
#include "testbenches/io/process_guard.h"
#include "testbenches/io/vcd_file.h"

namespace optinet {

ExperimentBase::ExperimentBase(const sc_core::sc_time& period)
    : t0_(std::chrono::steady_clock::now()), clock_("clk", period), control_("control", period) {
  control_.clk(clock_);
  control_.set_sink(&scoreboard_);
  control_.set_interrupt_flag(interrupt_flag());
}

ExperimentBase::~ExperimentBase() {
  // A trace that close_trace() did not commit is unfinished: its temporary goes.
  discard_trace();
}

void ExperimentBase::close_systemc_trace() {
  if (trace_file_ != nullptr) sc_core::sc_close_vcd_trace_file(trace_file_);
  trace_file_ = nullptr;
}

void ExperimentBase::close_trace(OutputSet& outputs) {
  close_systemc_trace();
  if (trace_output_) trace_output_->commit(outputs);
}

void ExperimentBase::discard_trace() {
  // The file goes anyway: SystemC's warning that it holds no cycle yet would only add lines.
  using sc_core::sc_report_handler;
  const char* const empty_file = sc_core::SC_ID_TRACING_CLOSE_EMPTY_FILE_;
  const sc_core::sc_actions before =
      sc_report_handler::set_actions(empty_file, sc_core::SC_DO_NOTHING);
  close_systemc_trace();
  sc_report_handler::set_actions(empty_file, before);
  if (trace_output_) trace_output_->discard();
}

void ExperimentBase::open_trace_file(const std::string& vcd_path) {
  trace_output_ = std::make_unique<TraceOutput>(vcd_output_path(vcd_path));
  trace_file_ = open_vcd(trace_output_->systemc_name(), clock_, control_);
}

void ExperimentBase::finish_elaboration() {
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  elaboration_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
}

ExperimentBase::TimedOutcome ExperimentBase::run_armed(std::uint64_t seed, std::uint64_t max_slots,
                                                       std::uint32_t nodes) {
  control_.arm(RunPlan{seed, runs_done_++, max_slots, nodes});
  TimedOutcome r;
  const auto t0 = std::chrono::steady_clock::now();
  r.outcome = control_.run_to_completion();
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (r.outcome.hit_limit || r.outcome.stopped || !r.outcome.deadlock.empty()) {
    control_.wind_down();
  }
  scoreboard_.finish();
  return r;
}

ExperimentBase::TimedOutcome ExperimentBase::run_open_loop_armed(OpenLoopHost& host,
                                                                 std::uint64_t seed,
                                                                 std::uint64_t max_slots,
                                                                 std::uint32_t nodes) {
  host.arm(seed, &control_);
  control_.set_sink(&host);
  const TimedOutcome timed = run_armed(seed, max_slots, nodes);
  control_.set_sink(&scoreboard_);
  host.finish();
  return timed;
}

std::string ExperimentBase::slot_limit_error(std::uint64_t max_slots,
                                             const std::string& unfinished) {
  return "stopped at the slot limit (--max-slots " + std::to_string(max_slots) + ") before " +
         unfinished;
}

}  // namespace optinet
