#pragma once
/// \file
/// An OCPC / MOB-PC testbench: elaborates the network once, then runs experiments on it (a new
/// h-relation and seed each run), checking every run with the scoreboard and a slot limit.
/// A communication step is two slots (data, acknowledgement): steps = slots / 2.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/ocpc/ocpc_network.h"
#include "models/optical/power_budget.h"
#include "protocols/ocpc/registry.h"
#include "testbenches/faults/fault_run.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/run/experiment_base.h"
#include "testbenches/traffic/h_relation.h"

namespace optinet::ocpc {

struct OcpcExperimentConfig {
  ocpc::OcpcShape shape;
  std::uint32_t h = 1;
  std::string protocol = "coinflip";
  /// Tests: run this protocol (owned by the caller) instead of the named one.
  const ocpc::OcpcProtocol* protocol_override = nullptr;
  /// Settings of the named protocol (gjlr's constants); defaults leave every protocol as it is.
  ocpc::ProtocolOptions options;
  RelationKind traffic = RelationKind::kRandom;
  Relation file_relation;        ///< used when traffic == kFile
  bool random_function = false;  ///< dmob --traffic random-function: instead of `traffic`
  std::uint64_t max_slots = 100000;
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);
  std::string vcd_path;     ///< empty: no tracing
  TraceWindow trace_slots;  ///< record only these slots of each run
  /// The devices whose power budget gives each bus's traced optical power (power_mw).
  DeviceParameters device;
  NodeId trace_first = 0;  ///< trace processors trace_first..trace_last only
  NodeId trace_last = kNoNode;
  /// Open-loop runs (a sustained load); the protocol must run open-loop.
  std::optional<OpenLoopConfig> open_loop;
  /// Injected faults (bus, receiver, jammer, ber); empty: fault-free hardware.
  FaultPlan faults;
  /// The OCPC's or MOB-PC's elaboration (network_view.h); the D-MOB is grouped.
  NetworkView view = NetworkView::kGrouped;
  /// The OCPC's pins view: receivers swapped one by one for verilated RTL (--rtl).
  std::vector<ocpc::ReceiverInstance> rtl_receivers;
};

struct OcpcRunResult {
  std::uint64_t seed = 0;
  std::uint64_t slots = 0;
  std::uint64_t steps = 0;
  std::uint64_t packets = 0;
  std::uint64_t delivered = 0;
  std::uint64_t collisions = 0;            ///< garbled receiver-slots
  std::uint64_t cross_bus_collisions = 0;  ///< MOB-PC: a row and a column bus lit one receiver
  std::uint64_t fallbacks = 0;             ///< sum over nodes of note_fallback()
  std::uint64_t recoveries = 0;            ///< sum over nodes of note_recovery()
  std::uint64_t stuck = 0;                 ///< sum over nodes of note_stuck()
  std::uint32_t max_rounds = 0;            ///< the most of any node's note_rounds()
  unsigned max_buffers = 0;
  bool hit_limit = false;
  double wall_seconds = 0;
  std::vector<std::string> errors;
  /// Open-loop runs: the host's measures; saturated when the drain did not finish in time.
  std::optional<OpenLoopResult> open_loop;
  bool saturated = false;
  /// Every bus's counters over the measurement window of an open-loop run.
  std::vector<MediumCounters> buses;
  /// The reservation control plane's channels over the run (empty without a control plane).
  std::vector<ControlCounters> control;
  /// Injected faults: what they kept from delivery; stopped for want of progress.
  FaultOutcome faults;
  bool ok() const { return errors.empty() && !hit_limit; }
};

class OcpcExperiment : public ExperimentBase, private CountWindowListener {
 public:
  /// Elaborates the network with the named protocol (which must exist and fit the topology).
  explicit OcpcExperiment(const OcpcExperimentConfig& config);
  ~OcpcExperiment();

  /// One run: traffic from `seed`, every node's random stream from `seed`.
  OcpcRunResult run(std::uint64_t seed);
  /// One run on the given packets (tests).
  OcpcRunResult run(std::uint64_t seed, const std::vector<Packet>& packets);
  /// The buses' names, in the order of OcpcRunResult::buses.
  std::vector<std::string> bus_names();

  ocpc::OcpcFabric& network() { return *fabric_; }
  /// The named protocol (null when a test overrides it).
  const ocpc::OcpcProtocol* protocol() const { return protocol_.get(); }
  /// The fault plan and its log of the last run.
  const FaultPlan& faults() const { return config_.faults; }

  /// The open-loop host (null for closed-loop runs).
  OpenLoopHost* open_loop_host() { return host_.get(); }

 private:
  // CountWindowListener: the media count the open-loop window's slots.
  void window_opened(const TraceWindow& window) override;
  void window_closed(std::uint64_t last_slot) override;
  /// Elaborates the network module `Network` under `name`.
  template <typename Network>
  void build(const char* name, const ocpc::OcpcNetworkConfig& net);
  void open_trace();
  /// Hands the fault plan to the buses and receivers it names.
  void inject_faults();
  OcpcRunResult run_open_loop(std::uint64_t seed);
  /// The control plane's counters; with one, a data or control collision is an error. A
  /// lockstep mismatch of an RTL receiver is an error too.
  void check_control(OcpcRunResult& r) const;

  OcpcExperimentConfig config_;
  std::unique_ptr<ocpc::OcpcProtocol> protocol_;  ///< the named protocol (null with an override)
  std::unique_ptr<sc_core::sc_module> module_;
  ocpc::OcpcFabric* fabric_ = nullptr;
  std::unique_ptr<OpenLoopHost> host_;  ///< open-loop runs only
  FaultRun fault_run_;
};

}  // namespace optinet::ocpc
