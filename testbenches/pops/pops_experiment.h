#pragma once
/// \file
/// A POPS(d,g) testbench: elaborates the network once, then runs experiments on it (new traffic
/// and seed each run), checking every run with the scoreboard and the protocol's invariants.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/pops/pops_collision_tally.h"
#include "models/pops/pops_network.h"
#include "protocols/pops/registry.h"
#include "testbenches/faults/fault_run.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/run/experiment_base.h"
#include "testbenches/run/scoreboard.h"
#include "testbenches/traffic/traffic.h"

namespace optinet::pops {

struct PopsTraceOptions {
  std::string vcd_path;                ///< empty: no tracing
  std::optional<std::uint32_t> group;  ///< trace only this group's processors and couplers
  TraceWindow slots;                   ///< record only these slots of each run
  double input_power_mw = 1.0;         ///< one lit source's power at a coupler output (power_mw)
};

struct PopsExperimentConfig {
  pops::PopsShape shape;
  std::string protocol = "randomized";
  PermutationKind traffic = PermutationKind::kRandom;
  Permutation file_permutation;  ///< used when traffic == kFile
  std::uint64_t max_slots = 100000;
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);
  PopsTraceOptions trace;
  pops::CouplerKind coupler = pops::CouplerKind::kBehavioural;
  /// The elaboration: pins (a module with pins per processor and coupler) or grouped.
  pops::PopsView view = pops::PopsView::kGrouped;
  /// The pins view: couplers swapped one by one for verilated RTL (--rtl).
  std::vector<pops::CouplerInstance> rtl_couplers{};
  /// Open-loop runs (a sustained load) instead of one permutation per run; the protocol must
  /// run open-loop (ProtocolInfo::open_loop).
  std::optional<OpenLoopConfig> open_loop;
  /// Injected faults (coupler, receiver, jammer, ber); empty: fault-free hardware.
  FaultPlan faults;
};

struct PopsRunResult {
  std::uint64_t seed = 0;
  std::uint64_t slots = 0;
  std::uint64_t steps = 0;
  std::uint64_t packets = 0;
  std::uint64_t delivered = 0;
  std::uint64_t collisions = 0;
  std::vector<std::uint64_t> collisions_by_phase;  ///< per slot of a step (1-based phase = i+1)
  unsigned max_buffers = 0;
  bool hit_limit = false;
  double wall_seconds = 0;
  std::vector<std::string> errors;  ///< conservation or invariant violations
  /// Open-loop runs: the host's measures; `saturated` when the drain did not finish by the slot
  /// limit (a result, not a failure: hit_limit stays false).
  std::optional<OpenLoopResult> open_loop;
  bool saturated = false;
  /// Every coupler's counters over the counted slots (the measurement window of an open-loop
  /// run, the whole run otherwise), c(b,a) at b * g + a.
  std::vector<MediumCounters> couplers;
  /// The reservation control plane's channels over the whole run (request stars, then control
  /// planes; empty without a control plane).
  std::vector<ControlCounters> control;
  /// Injected faults: what they kept from delivery, and whether the run was stopped for want
  /// of progress.
  FaultOutcome faults;
  bool ok() const { return errors.empty() && !hit_limit; }
};

class PopsExperiment : public ExperimentBase, private CountWindowListener {
 public:
  /// Elaborates POPS(d,g) with the named protocol (which must exist).
  explicit PopsExperiment(const PopsExperimentConfig& config);
  ~PopsExperiment();

  /// One run: traffic from `seed`, every node's random stream from `seed`.
  PopsRunResult run(std::uint64_t seed);
  /// The slot limit of the following runs.
  void set_max_slots(std::uint64_t max_slots) { config_.max_slots = max_slots; }

  pops::PopsNetwork& network() { return network_; }
  /// Open-loop runs: whether idle nodes sleep until there is work for them (the default
  /// without faults) or step through every slot. Between runs only.
  void set_sleep_idle(bool sleep) { network_.connect_peers(sleep); }
  /// Open-loop runs of the grouped view: the nodes stepped from one process (true, the
  /// default) or each by its thread. Between runs only.
  void set_stepped(bool stepped) { network_.set_stepped(stepped); }
  const pops::ProtocolInfo& protocol() const { return *info_; }
  /// The fault plan and its log of the last run.
  const FaultPlan& faults() const { return config_.faults; }

  /// The open-loop host (null for closed-loop runs).
  OpenLoopHost* open_loop_host() { return host_.get(); }

 private:
  // CountWindowListener: the media count the open-loop window's slots.
  void window_opened(const TraceWindow& window) override;
  void window_closed(std::uint64_t last_slot) override;
  void open_trace();
  /// Hands the fault plan to the couplers and receivers it names.
  void inject_faults();
  /// Fills the measures every run has (slots, collisions, buffers, coupler counters, checks).
  void finish_run(PopsRunResult& r, const RunOutcome& outcome);
  PopsRunResult run_open_loop(std::uint64_t seed);

  PopsExperimentConfig config_;
  const pops::ProtocolInfo* info_;
  std::unique_ptr<pops::PopsProtocol> protocol_;
  pops::PopsNetwork network_;
  pops::CollisionTally tally_;
  std::unique_ptr<OpenLoopHost> host_;  ///< open-loop runs only
  FaultRun fault_run_;
};

}  // namespace optinet::pops
