#include "testbenches/sf_experiment.h"

#include <algorithm>

namespace optinet {

SfExperiment::SfExperiment(const SfExperimentConfig& config)
    : ExperimentBase(config.period),
      config_(config),
      scheme_(sf::make_scheme(config.protocol, *config.graph)),
      network_(config.graph->name().c_str(),
               sf::SfNetworkConfig{config.graph.get(), scheme_.get(), config.discipline,
                                   config.capacity, config.phase_b_start, this}) {
  network_.clk(clock_);
  network_.control(control_);
  if (!config.vcd_path.empty()) {
    open_trace_file(config.vcd_path);
    for (NodeId x = config.trace_first; x < network_.size() && x <= config.trace_last; ++x) {
      network_.node(x).trace(trace_file_);
    }
  }
  finish_elaboration();
}

SfExperiment::~SfExperiment() { close_trace(); }

SfRunResult SfExperiment::run(std::uint64_t seed) {
  return run_packets(seed, permutation_packets(config_.traffic, {}, network_.size(), seed));
}

void SfExperiment::on_subphase_end(NodeId, const sf::SfPacket& p, std::uint64_t slot) {
  SfRunResult& r = current_;
  const unsigned sub = p.ticket.subphase;
  r.subphase_slots[sub] =
      std::max<std::uint64_t>(r.subphase_slots[sub], slot - p.clock.subphase_start);
  if (sub + 1 == scheme_->randomizing()) {
    // Phase A starts at slot 0 for every packet, so its delay is its end slot minus its hops.
    r.phase_a_slots = std::max(r.phase_a_slots, slot);
    if (p.packet.id < phase_a_delays_.size()) phase_a_delays_[p.packet.id] = slot - p.clock.hops;
  }
  if (sub + 1 == scheme_->subphases()) {
    r.phase_b_slots = std::max<std::uint64_t>(r.phase_b_slots, slot - p.clock.phase_b_start);
    const std::uint64_t delay = slot - p.clock.hops;
    r.max_delay = std::max(r.max_delay, delay);
    r.hops += p.clock.hops;
    if (p.packet.id < delays_.size()) delays_[p.packet.id] = delay;
  }
}

SfRunResult SfExperiment::run_packets(std::uint64_t seed, const std::vector<Packet>& packets) {
  current_ = SfRunResult{};
  SfRunResult& r = current_;
  r.seed = seed;
  r.subphase_slots.assign(scheme_->subphases(), 0);
  std::uint32_t max_id = 0;
  for (const Packet& p : packets) max_id = std::max(max_id, p.id);
  delays_.assign(packets.empty() ? 0 : max_id + 1, 0);
  phase_a_delays_.assign(delays_.size(), 0);
  scoreboard_.expect(packets);
  std::vector<std::vector<Packet>> by_node(network_.size());
  for (const Packet& p : packets) by_node.at(p.source).push_back(p);
  for (NodeId x = 0; x < network_.size(); ++x) network_.node(x).load(by_node[x], seed);

  // The run ends with the last delivery: each delivery reports one finish.
  const TimedOutcome timed =
      run_armed(seed, config_.max_slots, static_cast<std::uint32_t>(packets.size()));
  const RunOutcome& outcome = timed.outcome;
  r.wall_seconds = timed.wall_seconds;

  r.slots = outcome.slots;
  r.hit_limit = outcome.hit_limit;
  r.packets = scoreboard_.expected();
  r.delivered = scoreboard_.delivered();
  for (NodeId x = 0; x < network_.size(); ++x) {
    const sf::SfNode& n = network_.node(x);
    r.max_node_population = std::max(r.max_node_population, n.max_population());
    r.max_node_population_a = std::max(r.max_node_population_a, n.max_population_a());
    r.max_queue = std::max(r.max_queue, n.max_queue());
  }
  r.errors = scoreboard_.errors();
  if (r.hit_limit) {
    r.errors.push_back(slot_limit_error(config_.max_slots, "every packet was delivered"));
  }
  return r;
}

}  // namespace optinet
