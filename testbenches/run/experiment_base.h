#pragma once
/// \file
/// What every experiment driver shares: the slot clock, the run control with the scoreboard as
/// its delivery sink, the VCD file, the elaboration time, and the running of one armed run.
/// A driver elaborates its network after this base (so the clock and control exist to bind),
/// then calls finish_elaboration().
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>

#include "models/core/run_control.h"
#include "testbenches/io/trace_output.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/run/scoreboard.h"

namespace optinet {

class ExperimentBase {
 public:
  ExperimentBase(const ExperimentBase&) = delete;
  ExperimentBase& operator=(const ExperimentBase&) = delete;

  /// Wall time of elaboration (construction, binding and the first delta cycle).
  double elaboration_seconds() const { return elaboration_seconds_; }
  /// Closes the VCD file and gives it to `outputs`, which moves it into place with the
  /// command's other files: the one way a trace is committed. Throws OutputError if any write
  /// of it failed; the file is then removed.
  void close_trace(OutputSet& outputs);
  /// Closes the VCD file and removes it (an interrupted series leaves no waveform; the
  /// destructor does it to a trace not committed).
  void discard_trace();
  /// The last run's checks and delivery slots.
  const Scoreboard& scoreboard() const { return scoreboard_; }

 protected:
  /// The clock "clk" and run control "control" at the top of the hierarchy.
  explicit ExperimentBase(const sc_core::sc_time& period);
  ~ExperimentBase();

  /// Opens the VCD file `vcd_path` (clock and slot number traced first; written through a
  /// checked TraceOutput); drivers then add their signals.
  void open_trace_file(const std::string& vcd_path);
  /// Runs the first delta cycle (thread stacks are created there), so that runs time only
  /// simulation, and records the elaboration time.
  void finish_elaboration();

  struct TimedOutcome {
    RunOutcome outcome;
    double wall_seconds = 0;
  };
  /// One run: arms it (run index counted here), simulates until `nodes` finishes were reported
  /// or the slot limit, lets an aborted run unwind, and closes the scoreboard's books.
  TimedOutcome run_armed(std::uint64_t seed, std::uint64_t max_slots, std::uint32_t nodes);
  /// An open-loop run: arms `host` (the run's injection port and checker), runs until the host
  /// stops the run (every labelled packet delivered) or the slot limit, and closes the host's
  /// books.
  TimedOutcome run_open_loop_armed(OpenLoopHost& host, std::uint64_t seed, std::uint64_t max_slots,
                                   std::uint32_t nodes);
  /// The error line of a run stopped at the slot limit; `unfinished` says what was left.
  static std::string slot_limit_error(std::uint64_t max_slots, const std::string& unfinished);

  std::chrono::steady_clock::time_point t0_;
  sc_core::sc_clock clock_;
  RunControl control_;
  Scoreboard scoreboard_;
  sc_core::sc_trace_file* trace_file_ = nullptr;

 private:
  /// Closes SystemC's trace file, if open.
  void close_systemc_trace();

  std::unique_ptr<TraceOutput> trace_output_;
  double elaboration_seconds_ = 0;
  std::uint64_t runs_done_ = 0;
};

}  // namespace optinet
