#pragma once
/// \file
/// A store-and-forward testbench: elaborates a network once, then runs experiments on it (new
/// traffic and seed each run), checking every run with the scoreboard; or open-loop runs (a
/// sustained load from an OpenLoopHost, which checks every delivered packet).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/sf/sf_deadlock.h"
#include "models/sf/sf_network.h"
#include "models/sf/sf_rtl_link.h"
#include "protocols/sf/schemes.h"
#include "testbenches/faults/fault_run.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/run/experiment_base.h"
#include "testbenches/traffic/h_relation.h"
#include "testbenches/traffic/traffic.h"

namespace optinet::sf {

struct SfExperimentConfig {
  std::shared_ptr<const sf::SfGraph> graph;
  std::string protocol;  ///< must be one of sf::scheme_names(*graph)
  sf::Discipline discipline = sf::Discipline::kFifo;
  unsigned capacity = 0;  ///< per queue, 0 = unbounded
  std::uint64_t phase_b_start = 0;
  /// The paper's set-up (section 7): each phase on its own. Phase B starts for every packet in
  /// the slot after the last packet finished Phase A, each node's held packets in random
  /// order. False: a packet starts Phase B as it finishes Phase A (or at phase_b_start).
  bool separate_phases = false;
  /// > 0: Theorem 4's set-up, every sub-phase given this many slots (SfRouterShared::phase_window).
  std::uint64_t phase_window = 0;
  PermutationKind traffic = PermutationKind::kRandom;
  /// An h-relation run (--traffic random-h-relation --h H, or --relation-file) instead of a
  /// permutation: h packets may start at a node; `traffic` is then unused.
  std::optional<RelationKind> relation;
  std::uint32_t h = 1;
  Relation file_relation;  ///< relation == kFile
  std::uint64_t max_slots = 100000;
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);
  std::string vcd_path;  ///< empty: no tracing
  /// A lit link's optical power at its far end, traced as the link's power_mw.
  double link_power_mw = 1.0;
  /// Traced nodes (with their outgoing links): first..last, inclusive.
  NodeId trace_first = 0;
  NodeId trace_last = kNoNode;
  /// Open-loop runs (a sustained load) instead of permutations.
  std::optional<OpenLoopConfig> open_loop;
  /// One SC_METHOD per node instead of the network's process (sf::SfNetworkConfig).
  bool node_processes = false;
  /// kPins: every node and link a module with pins (sf::SfNetworkConfig::view).
  NetworkView view = NetworkView::kGrouped;
  /// The pins view: links swapped for verilated RTL (each a link of the graph, once).
  std::vector<sf::LinkInstance> rtl_links;
  /// Injected faults (link, receiver = every link into the node, jammer = every link out of
  /// it, ber); empty: fault-free hardware.
  FaultPlan faults;
};

struct SfRunResult {
  std::uint64_t seed = 0;
  std::uint64_t slots = 0;
  std::uint64_t packets = 0;
  std::uint64_t delivered = 0;
  /// Longest Phase A of a packet from the slot it entered its source node: with every packet
  /// loaded at slot 0, the slot by which every packet had finished Phase A.
  std::uint64_t phase_a_slots = 0;
  std::uint64_t phase_b_slots = 0;  ///< longest Phase B of a packet (delivery - its B start)
  std::vector<std::uint64_t> subphase_slots;  ///< longest duration of each sub-phase
  unsigned max_node_population = 0;           ///< all packets at a node at an integral instant
  unsigned max_node_population_a = 0;         ///< the same, counting Phase A packets only
  unsigned max_node_population_b = 0;         ///< the same, counting Phase B packets only
  /// Phase A packets still travelling: the population if a packet left the simulation on
  /// reaching its Phase A destination (one reading of the paper's measure (c)).
  unsigned max_node_population_a_transit = 0;
  unsigned max_queue = 0;
  /// Windowed runs: sub-phases that ended after their window (each one a packet that needed
  /// the fall-back); 0 when every phase kept to its window.
  std::uint64_t window_overruns = 0;
  /// Slots a packet waited at nodes (delivery - the slot it entered its source node - hops).
  std::uint64_t max_delay = 0;
  std::uint64_t hops = 0;  ///< links traversed by all packets
  bool hit_limit = false;
  /// Ended where the deadlock test proved that nothing could move: its reason ("" otherwise).
  std::string deadlock;
  double wall_seconds = 0;
  std::vector<std::string> errors;
  /// Open-loop runs: the host's measures; saturated when the drain did not finish in time.
  std::optional<OpenLoopResult> open_loop;
  bool saturated = false;
  /// Open-loop runs: every link's counters over the measurement window, in link_names() order.
  std::vector<MediumCounters> links;
  /// Injected faults: what they kept from delivery; stopped for want of progress.
  FaultOutcome faults;
  bool ok() const { return errors.empty() && !hit_limit; }
};

class SfExperiment : public ExperimentBase,
                     private CountWindowListener,
                     public sf::SubphaseObserver {
 public:
  explicit SfExperiment(const SfExperimentConfig& config);
  ~SfExperiment() override;

  /// One run of the configured traffic: traffic (or the open-loop host's processes) and every
  /// node's stream from `seed`.
  SfRunResult run(std::uint64_t seed);
  /// One run of the given packets (distinct ids, any number per node), all present at slot 0.
  SfRunResult run_packets(std::uint64_t seed, const std::vector<Packet>& packets);

  sf::SfNetwork& network() { return network_; }
  /// Every link as "link X->Y", by source node then out-edge label (SfRunResult::links).
  std::vector<std::string> link_names() const;
  const sf::Scheme& scheme() const { return *scheme_; }
  /// The fault plan and its log of the last run.
  const FaultPlan& faults() const { return config_.faults; }
  /// Per packet id: slots waited in queues in the last run (delivery slot - hops).
  const std::vector<std::uint64_t>& delays() const { return delays_; }
  /// Per packet id: slots waited in queues during Phase A in the last run.
  const std::vector<std::uint64_t>& phase_a_delays() const { return phase_a_delays_; }

  void on_subphase_end(NodeId node, const sf::SfPacket& p, std::uint64_t slot) override;

  /// The open-loop host (null for closed-loop runs).
  OpenLoopHost* open_loop_host() { return host_.get(); }

 private:
  // CountWindowListener: the media count the open-loop window's slots.
  void window_opened(const TraceWindow& window) override;
  void window_closed(std::uint64_t last_slot) override;
  SfRunResult run_open_loop(std::uint64_t seed);
  /// Hands the fault plan to the links it names (directly or through their end nodes).
  void inject_faults();
  /// What every link carried in the count window, in link_names() order.
  std::vector<MediumCounters> link_counters() const;
  /// Populations and queues of the run just ended.
  void collect_node_measures(SfRunResult& r);
  /// The pins view's link stages: the RTL one of a link that config.rtl_links names, else null.
  std::unique_ptr<sf::LinkStage> make_link(const char* name, NodeId x, unsigned label,
                                           const sc_core::sc_port<RunControlIf>& control);

  SfExperimentConfig config_;
  std::unique_ptr<sf::Scheme> scheme_;
  RtlFirstMismatch rtl_mismatch_;  ///< the first lockstep mismatch of the swapped links
  sf::SfNetwork network_;
  /// Asked by run control where runs can deadlock: bounded buffers, closed loop, no faults.
  std::unique_ptr<sf::SfDeadlockTest> deadlock_test_;
  SfRunResult current_;
  std::uint64_t phase_a_pending_ = 0;  // packets yet to finish Phase A (separate phases)
  std::vector<std::uint64_t> delays_;
  std::vector<std::uint64_t> phase_a_delays_;
  std::unique_ptr<OpenLoopHost> host_;  ///< open-loop runs only
  FaultRun fault_run_;
};

}  // namespace optinet::sf
