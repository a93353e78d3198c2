#include "testbenches/splithash/splithash_experiment.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>

#include "testbenches/traffic/traffic.h"

namespace optinet::splithash {

namespace {
std::unique_ptr<splithash::SplitHashProtocol> make_protocol(const std::string& name) {
  const splithash::ProtocolInfo* info = splithash::find_protocol(name);
  if (info == nullptr) throw std::invalid_argument("unknown split&hash protocol '" + name + "'");
  return info->make();
}
}  // namespace

SplitHashExperiment::SplitHashExperiment(const SplitHashExperimentConfig& config)
    : ExperimentBase(config.period),
      config_(config),
      wiring_(std::make_unique<splithash::SplitHashWiring>(config.shape, config.network_seed)),
      protocol_(make_protocol(config.protocol)) {
  network_ = std::make_unique<splithash::SplitHashNetwork>(
      "splithash", splithash::SplitHashNetworkConfig{wiring_.get(), config.settings,
                                                     protocol_.get(), config.view});
  network_->clk(clock_);
  network_->control(control_);
  if (!config.vcd_path.empty()) open_trace();
  finish_elaboration();
}

SplitHashExperiment::~SplitHashExperiment() { discard_trace(); }

void SplitHashExperiment::open_trace() {
  open_trace_file(config_.vcd_path);
  const NodeId last =
      std::min<NodeId>(config_.trace_last, static_cast<NodeId>(config_.shape.nodes() - 1));
  for (NodeId i = config_.trace_first; i <= last; ++i) {
    network_->processor(i).trace_node(trace_file_, config_.trace_slots);
    network_->trace_pins(i, trace_file_);
  }
  for (splithash::MessageBus* bus : network_->buses()) {
    bus->set_input_power_mw(dbm_to_mw(
        link_budget(config_.device, MediumKind::kBus, bus->config().attached).received_power_dbm));
    bus->trace(trace_file_, config_.trace_slots);
  }
}

SplitHashRunResult SplitHashExperiment::run(std::uint64_t seed) {
  if (config_.traffic == RelationKind::kFile) {
    return run(seed, packets_of(config_.file_relation, seed));
  }
  Rng rng = traffic_rng(seed);
  if (config_.random_function) {
    return run(seed, packets_of(random_function(static_cast<std::uint32_t>(config_.shape.n()), rng),
                                seed));
  }
  const Relation r =
      make_relation(config_.traffic, static_cast<std::uint32_t>(config_.shape.n()), config_.h, rng);
  return run(seed, packets_of(r, seed));
}

std::vector<FunnelLevelStats> SplitHashExperiment::level_stats() {
  const splithash::SplitHashShape& s = config_.shape;
  std::vector<FunnelLevelStats> levels;
  for (std::uint32_t i = s.depth; i-- > 0;) {
    FunnelLevelStats st;
    st.level = i;
    st.round_bound = i == 0 ? 0.0 : s.round_bound(i);
    levels.push_back(st);
  }
  auto stats_of = [&](std::uint32_t i) -> FunnelLevelStats& { return levels[s.depth - 1 - i]; };
  for (const splithash::FunnelSuccess& r : network_->processor(0).level_rounds()) {
    stats_of(r.level).rounds.push_back(r.round);
  }
  // The last round of each (batch, funnel): a funnel is a group of level i+1 and a child.
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t, std::uint32_t>, std::uint32_t>
      last_round;
  for (std::uint32_t level = 1; level <= s.depth; ++level) {
    for (std::uint64_t x = 0; x < s.n(); ++x) {
      for (const splithash::FunnelSuccess& r :
           network_->processor(s.id(level, x)).funnel_successes()) {
        FunnelLevelStats& st = stats_of(r.level);
        if (st.successes_by_round.size() < r.round) st.successes_by_round.resize(r.round, 0);
        ++st.successes_by_round[r.round - 1];
        std::uint32_t& last = last_round[{r.batch, r.level, x / s.power(r.level + 1), r.child}];
        last = std::max(last, r.round);
      }
    }
  }
  for (NodeId id = 0; id < s.nodes(); ++id) {
    for (const splithash::FunnelSuccess& r : network_->processor(id).stuck())
      ++stats_of(r.level).stuck;
  }
  for (const auto& [key, rounds] : last_round) {
    FunnelLevelStats& st = stats_of(std::get<1>(key));
    ++st.funnels;
    if (st.level > 0 && rounds > st.round_bound) ++st.funnels_over;
  }
  return levels;
}

SplitHashRunResult SplitHashExperiment::run(std::uint64_t seed,
                                            const std::vector<Packet>& packets) {
  const splithash::SplitHashShape& s = config_.shape;
  const auto nodes = static_cast<std::uint32_t>(s.nodes());
  SplitHashRunResult r;
  r.seed = seed;
  scoreboard_.expect(packets);
  std::vector<std::vector<Packet>> loads(s.n());
  for (const Packet& p : packets) loads.at(p.source).push_back(p);
  for (NodeId i = 0; i < nodes; ++i) network_->processor(i).load({});
  for (std::uint64_t x = 0; x < s.n(); ++x) {
    network_->processor(s.id(s.depth, x)).load(std::move(loads[x]));
  }
  network_->reset_media();
  const std::uint64_t collisions0 = network_->receivers().collisions();

  const TimedOutcome timed = run_armed(seed, config_.max_slots, nodes);
  r.wall_seconds = timed.wall_seconds;
  r.slots = timed.outcome.slots;
  r.steps = r.slots / 2;
  r.hit_limit = timed.outcome.hit_limit;
  r.packets = scoreboard_.expected();
  r.delivered = scoreboard_.delivered();
  r.collisions = network_->receivers().collisions() - collisions0;
  for (NodeId i = 0; i < nodes; ++i) {
    r.max_buffers = std::max(r.max_buffers, network_->processor(i).max_buffers());
    r.fallbacks += network_->processor(i).fallbacks();
    r.remainder += network_->processor(i).remainder();
    r.remainder_applications =
        std::max(r.remainder_applications, network_->processor(i).applications());
  }
  std::vector<std::uint32_t> load(s.n(), 0);
  for (const Packet& p : packets)
    r.max_sink_load = std::max(r.max_sink_load, ++load.at(p.destination));
  r.levels = level_stats();
  r.errors = scoreboard_.errors();
  for (const FunnelLevelStats& st : r.levels) {
    r.stuck += st.stuck;
    if (st.stuck > 0) {
      r.errors.push_back(
          std::to_string(st.stuck) + " packet(s) stuck in the Funnel Algorithm below level " +
          std::to_string(st.level + 1) + " after " + std::to_string(config_.settings.round_limit) +
          " rounds (the round limit)");
    }
  }
  if (r.hit_limit) r.errors.push_back(slot_limit_error(config_.max_slots, "every node finished"));
  return r;
}

}  // namespace optinet::splithash
