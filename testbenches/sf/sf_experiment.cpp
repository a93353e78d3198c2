#include "testbenches/sf/sf_experiment.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace optinet::sf {

SfExperiment::SfExperiment(const SfExperimentConfig& config)
    : ExperimentBase(config.period),
      config_(config),
      scheme_(sf::make_scheme(config.protocol, *config.graph)),
      network_(config.graph->name().c_str(),
               sf::SfNetworkConfig{config.graph.get(), scheme_.get(), config.discipline,
                                   config.capacity, config.phase_b_start, this, config.phase_window,
                                   config.node_processes, config.view,
                                   [this](const char* name, NodeId x, unsigned label,
                                          const sc_core::sc_port<RunControlIf>& control) {
                                     return make_link(name, x, label, control);
                                   }}) {
  network_.clk(clock_);
  network_.control(control_);
  if (!config_.faults.empty()) inject_faults();
  if (!config.vcd_path.empty()) {
    open_trace_file(config.vcd_path);
    for (NodeId x = config.trace_first; x < network_.size() && x <= config.trace_last; ++x) {
      network_.trace(x, trace_file_, config.link_power_mw);
    }
  }
  if (config.capacity != 0 && !config.open_loop && config_.faults.empty()) {
    deadlock_test_ = std::make_unique<sf::SfDeadlockTest>(network_);
    control_.set_deadlock_test(deadlock_test_.get());
  }
  if (config.open_loop) {
    host_ = std::make_unique<OpenLoopHost>(*config.open_loop, network_.size(), config.max_slots);
    host_->set_window_listener(this);
    network_.set_injection(host_.get());
  }
  finish_elaboration();
}

SfExperiment::~SfExperiment() { discard_trace(); }

std::unique_ptr<sf::LinkStage> SfExperiment::make_link(
    const char* name, NodeId x, unsigned label, const sc_core::sc_port<RunControlIf>& control) {
  const NodeId y = config_.graph->neighbor(x, label);
  for (const sf::LinkInstance& l : config_.rtl_links) {
    if (l.source != x || l.target != y) continue;
#ifdef OPTINET_HAVE_VERILATOR
    auto stage = std::make_unique<sf::SfRtlLink>(name, l, control);
    stage->report_mismatches_to(rtl_mismatch_);
    return stage;
#else
    (void)name;
    (void)control;
    throw std::logic_error("an RTL link needs a build with Verilator");
#endif
  }
  return nullptr;
}

void SfExperiment::inject_faults() {
  FaultPlan& plan = config_.faults;
  const sf::SfGraph& g = *config_.graph;
  std::uint64_t key = 0;
  for (NodeId x = 0; x < g.nodes(); ++x) {
    for (unsigned label = 0; label < g.degree(); ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y == kNoNode) continue;
      // The link's own fault first, then a jammer at its source, then a dead receiver at its
      // far end (a point-to-point link has one transmitter and one receiver).
      int dead = plan.find(FaultKind::kLink, x, y);
      if (dead < 0) dead = plan.find(FaultKind::kJammer, x);
      if (dead < 0) dead = plan.find(FaultKind::kReceiver, y);
      network_.router(x).watch(label).set_faults(&plan, dead, key++);
    }
  }
  // The run ends when every packet is delivered: each delivery reports one finish, so the
  // progress watch (not a finish count) ends a run the faults block.
  fault_run_.attach(plan, scoreboard_, control_, clock_, g.nodes());
}

SfRunResult SfExperiment::run(std::uint64_t seed) {
  if (host_) return run_open_loop(seed);
  if (config_.relation) {
    return run_packets(seed, relation_packets(*config_.relation, config_.file_relation,
                                              network_.size(), config_.h, seed));
  }
  return run_packets(seed, permutation_packets(config_.traffic, {}, network_.size(), seed));
}

void SfExperiment::on_subphase_end(NodeId, const sf::SfPacket& p, std::uint64_t slot) {
  SfRunResult& r = current_;
  const unsigned sub = p.ticket.subphase;
  r.subphase_slots[sub] =
      std::max<std::uint64_t>(r.subphase_slots[sub], slot - p.clock.subphase_start);
  // Phase A starts where the packet enters the network (slot 0 for loaded packets).
  const std::uint64_t entered = slot - p.clock.start;
  if (sub + 1 == scheme_->randomizing()) {
    r.phase_a_slots = std::max(r.phase_a_slots, entered);
    // Separate phases: the last packet to finish Phase A starts Phase B everywhere, next slot.
    if (config_.separate_phases && --phase_a_pending_ == 0) network_.set_phase_b_start(slot + 1);
    if (p.packet.id < phase_a_delays_.size()) phase_a_delays_[p.packet.id] = entered - p.clock.hops;
  }
  // Theorem 4's windows: sub-phase `sub` had to end by slot (sub + 1) W.
  if (config_.phase_window != 0 && slot > (sub + 1) * config_.phase_window) ++r.window_overruns;
  if (sub + 1 == scheme_->subphases()) {
    r.phase_b_slots = std::max<std::uint64_t>(r.phase_b_slots, slot - p.clock.phase_b_start);
    const std::uint64_t delay = entered - p.clock.hops;
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
  for (NodeId x = 0; x < network_.size(); ++x) network_.load(x, by_node[x], seed);
  // A scheme without a Phase A (BASIC) has nothing to wait for.
  phase_a_pending_ = packets.size();
  const bool wait_for_phase_a =
      config_.separate_phases && scheme_->randomizing() > 0 && !packets.empty();
  network_.set_phase_b_start(wait_for_phase_a ? std::numeric_limits<std::uint64_t>::max()
                                              : config_.phase_b_start);

  // The run ends with the last delivery: each delivery reports one finish.
  fault_run_.begin(seed);
  const TimedOutcome timed =
      run_armed(seed, config_.max_slots, static_cast<std::uint32_t>(packets.size()));
  const RunOutcome& outcome = timed.outcome;
  r.wall_seconds = timed.wall_seconds;

  r.slots = outcome.slots;
  r.hit_limit = outcome.hit_limit;
  r.deadlock = outcome.deadlock;
  r.packets = scoreboard_.expected();
  r.delivered = scoreboard_.delivered();
  collect_node_measures(r);
  r.errors = scoreboard_.errors();
  r.faults = fault_run_.outcome();
  if (r.hit_limit) {
    r.errors.push_back(slot_limit_error(config_.max_slots, "every packet was delivered"));
  }
  if (!r.deadlock.empty()) r.errors.push_back(r.deadlock);
  const std::string mismatch = rtl_mismatch_.take();
  if (!mismatch.empty()) r.errors.push_back(mismatch);
  return r;
}

void SfExperiment::window_opened(const TraceWindow& window) { network_.count_slots(window); }

void SfExperiment::window_closed(std::uint64_t last_slot) { network_.end_count(last_slot); }

SfRunResult SfExperiment::run_open_loop(std::uint64_t seed) {
  current_ = SfRunResult{};
  SfRunResult& r = current_;
  r.seed = seed;
  r.subphase_slots.assign(scheme_->subphases(), 0);
  delays_.clear();  // per-packet delays are kept for closed-loop runs only
  phase_a_delays_.clear();
  for (NodeId x = 0; x < network_.size(); ++x) network_.load(x, {}, seed);
  network_.count_slots(TraceWindow::none());  // until the host opens its window
  const TimedOutcome timed = run_open_loop_armed(*host_, seed, host_->max_slots(), network_.size());
  r.wall_seconds = timed.wall_seconds;
  r.slots = timed.outcome.slots;
  r.open_loop = host_->result();
  r.saturated = r.open_loop->steady.saturated;
  r.packets = r.open_loop->created - r.open_loop->refused;
  r.delivered = r.open_loop->delivered;
  collect_node_measures(r);
  r.links = link_counters();
  r.errors = host_->errors();
  const std::string mismatch = rtl_mismatch_.take();
  if (!mismatch.empty()) r.errors.push_back(mismatch);
  return r;
}

void SfExperiment::collect_node_measures(SfRunResult& r) {
  for (NodeId x = 0; x < network_.size(); ++x) {
    const sf::SfRouter& n = network_.router(x);
    r.max_node_population = std::max(r.max_node_population, n.max_population());
    r.max_node_population_a = std::max(r.max_node_population_a, n.max_population_a());
    r.max_node_population_b = std::max(r.max_node_population_b, n.max_population_b());
    r.max_node_population_a_transit =
        std::max(r.max_node_population_a_transit, n.max_population_a_transit());
    r.max_queue = std::max(r.max_queue, n.max_queue());
  }
}

std::vector<MediumCounters> SfExperiment::link_counters() const {
  std::vector<MediumCounters> all;
  all.reserve(network_.links());
  for (NodeId x = 0; x < network_.size(); ++x) {
    const sf::SfRouter& router = network_.router(x);
    for (unsigned label = 0; label < config_.graph->degree(); ++label) {
      if (router.link(label) != nullptr) all.push_back(router.link_counters(label));
    }
  }
  return all;
}

std::vector<std::string> SfExperiment::link_names() const {
  const sf::SfGraph& g = *config_.graph;
  std::vector<std::string> names;
  for (NodeId x = 0; x < g.nodes(); ++x) {
    for (unsigned label = 0; label < g.degree(); ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y != kNoNode) names.push_back("link " + std::to_string(x) + "->" + std::to_string(y));
    }
  }
  return names;
}

}  // namespace optinet::sf
