#pragma once
/// \file
/// A split&hash testbench: elaborates the network once (wiring from the network seed), then
/// runs experiments on it (a new relation and seed each run), checking every run with the
/// scoreboard and a slot limit. A communication step is two slots: steps = slots / 2.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/optical/power_budget.h"
#include "models/splithash/splithash_network.h"
#include "protocols/splithash/registry.h"
#include "testbenches/run/experiment_base.h"
#include "testbenches/traffic/h_relation.h"

namespace optinet::splithash {

struct SplitHashExperimentConfig {
  splithash::SplitHashShape shape;
  std::uint64_t network_seed = 1;
  splithash::SplitHashSettings settings;
  std::uint32_t h = 1;
  std::string protocol = "funnel";
  RelationKind traffic = RelationKind::kPermutation;
  /// A random function instead of `traffic`: every source one packet to a random sink.
  bool random_function = false;
  Relation file_relation;  ///< used when traffic == kFile
  std::uint64_t max_slots = 100000;
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);
  std::string vcd_path;     ///< empty: no tracing
  TraceWindow trace_slots;  ///< record only these slots of each run
  /// The devices whose power budget gives each bus's traced optical power (power_mw).
  DeviceParameters device;
  NodeId trace_first = 0;  ///< trace nodes trace_first..trace_last (global ids) only
  NodeId trace_last = kNoNode;
  NetworkView view = NetworkView::kGrouped;  ///< the network's elaboration (network_view.h)
};

/// What the Funnel Algorithm did at one level (bottom level i) over a run's batches.
struct FunnelLevelStats {
  std::uint32_t level = 0;            ///< i: the funnels between levels i+1 and i (0: to the sinks)
  double round_bound = 0;             ///< t_i (0 for the sinks)
  std::vector<std::uint32_t> rounds;  ///< rounds per batch
  /// Packets that went down in round r (index r - 1), over all batches.
  std::vector<std::uint64_t> successes_by_round;
  std::uint64_t funnels = 0;       ///< (batch, funnel) pairs that carried a packet
  std::uint64_t funnels_over = 0;  ///< of those, the ones whose last packet needed > t_i rounds
  std::uint64_t stuck = 0;         ///< packets given up at the round limit
};

struct SplitHashRunResult {
  std::uint64_t seed = 0;
  std::uint64_t slots = 0;
  std::uint64_t steps = 0;
  std::uint64_t packets = 0;
  std::uint64_t delivered = 0;
  std::uint64_t collisions = 0;  ///< garbled receiver-slots
  std::uint64_t stuck = 0;       ///< packets given up at a round limit
  std::uint64_t fallbacks = 0;   ///< sum over nodes of note_fallback()
  std::uint64_t remainder = 0;   ///< h-relation: packets the batches left (note_remainder())
  /// h-relation: the most applications of the random-function algorithm at one level.
  std::uint32_t remainder_applications = 0;
  std::uint32_t max_sink_load = 0;  ///< the most packets any sink was the destination of
  unsigned max_buffers = 0;
  std::vector<FunnelLevelStats> levels;  ///< from level d-1 down to the sinks
  bool hit_limit = false;
  double wall_seconds = 0;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty() && !hit_limit; }
};

class SplitHashExperiment : public ExperimentBase {
 public:
  explicit SplitHashExperiment(const SplitHashExperimentConfig& config);
  ~SplitHashExperiment();

  /// One run: traffic from `seed`, every node's random stream from `seed`.
  SplitHashRunResult run(std::uint64_t seed);
  /// One run on the given packets (sources and destinations in [N]).
  SplitHashRunResult run(std::uint64_t seed, const std::vector<Packet>& packets);

  splithash::SplitHashNetwork& network() { return *network_; }
  const splithash::SplitHashWiring& wiring() const { return *wiring_; }

 private:
  void open_trace();
  std::vector<FunnelLevelStats> level_stats();

  SplitHashExperimentConfig config_;
  std::unique_ptr<splithash::SplitHashWiring> wiring_;
  std::unique_ptr<splithash::SplitHashProtocol> protocol_;
  std::unique_ptr<splithash::SplitHashNetwork> network_;
};

}  // namespace optinet::splithash
