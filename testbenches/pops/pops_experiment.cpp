#include "testbenches/pops/pops_experiment.h"

#include <algorithm>
#include <stdexcept>

namespace optinet::pops {

PopsExperiment::PopsExperiment(const PopsExperimentConfig& config)
    : ExperimentBase(config.period),
      config_(config),
      info_(&pops::protocol_info(config.protocol)),
      protocol_(info_->make(config.shape)),
      network_("pops",
               pops::PopsNetworkConfig{config.shape, protocol_.get(), config.coupler,
                                       info_->control_plane, config.view, config.rtl_couplers}),
      tally_(info_->slots_per_step) {
  network_.clk(clock_);
  network_.control(control_);
  const pops::PopsShape& s = config.shape;
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) network_.coupler(b, a).set_observer(&tally_);
  }
  if (!config_.faults.empty()) inject_faults();
  if (!config.trace.vcd_path.empty()) open_trace();
  if (config.open_loop) {
    if (!info_->open_loop) {
      throw std::invalid_argument("protocol " + info_->name + " does not run open-loop");
    }
    host_ = std::make_unique<OpenLoopHost>(*config.open_loop, s.n(), config.max_slots);
    host_->set_window_listener(this);
    for (NodeId i = 0; i < s.n(); ++i) network_.processor(i).set_injection(host_.get());
    if (!config_.faults.empty()) {
      // The host accounts for the packets of lost frames (ProtocolInfo::open_loop_losses).
      if (!info_->open_loop_losses) {
        throw std::invalid_argument("protocol " + info_->name +
                                    " does not run open-loop with faults");
      }
      config_.faults.log().set_listener(host_.get());
    }
    // Idle nodes sleep until their host or a peer has work for them; with faults every node
    // steps, so that each fault acts on a receiver that is listening as the protocol tunes it.
    if (config_.faults.empty()) network_.connect_peers();
    // The grouped view steps the nodes of a protocol with a stepped form from one process.
    network_.set_stepped(true);
  }
  finish_elaboration();
}

PopsExperiment::~PopsExperiment() { discard_trace(); }

void PopsExperiment::inject_faults() {
  const pops::PopsShape& s = config_.shape;
  FaultPlan& plan = config_.faults;
  // A jammer of group a lights every coupler c(b, a); several jammers in one group act as one.
  std::vector<int> jammer(s.g, -1);
  for (std::size_t i = 0; i < plan.faults().size(); ++i) {
    const Fault& f = plan.faults()[i];
    if (f.kind == FaultKind::kJammer && jammer[s.group_of(f.first)] < 0) {
      jammer[s.group_of(f.first)] = static_cast<int>(i);
    }
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    // Every lit source is logged, so a jammed or dead coupler names each packet it lost.
    network_.group(b).tx_bundle.record_sources(true);
    for (std::uint32_t a = 0; a < s.g; ++a) {
      network_.coupler(b, a).set_faults(&plan, plan.find(FaultKind::kCoupler, b, a), jammer[a],
                                        std::uint64_t{b} * s.g + a);
    }
  }
  for (NodeId i = 0; i < s.n(); ++i) {
    network_.processor(i).set_receiver_fault(&plan, plan.find(FaultKind::kReceiver, i));
  }
  // The scoreboard and its progress watch check closed-loop runs; the open-loop host checks its
  // own (losses included).
  if (!config_.open_loop) fault_run_.attach(plan, scoreboard_, control_, clock_, s.n());
}

void PopsExperiment::open_trace() {
  open_trace_file(config_.trace.vcd_path);
  const pops::PopsShape& s = config_.shape;
  const auto traced = [&](std::uint32_t group) {
    return !config_.trace.group || *config_.trace.group == group;
  };
  for (NodeId i = 0; i < s.n(); ++i) {
    if (traced(s.group_of(i))) network_.trace_processor(i, trace_file_, config_.trace.slots);
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) {
      if (!traced(a) && !traced(b)) continue;
      network_.coupler(b, a).set_input_power_mw(config_.trace.input_power_mw);
      network_.trace_coupler(b, a, trace_file_, config_.trace.slots);
    }
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    pops::PopsGroup& group = network_.group(b);
    if (!traced(b) || !group.request_star) continue;
    group.request_star->trace(trace_file_, group.request_star->name());
    group.claim_plane->trace(trace_file_, group.claim_plane->name());
    group.grant_plane->trace(trace_file_, group.grant_plane->name());
  }
}

PopsRunResult PopsExperiment::run(std::uint64_t seed) {
  if (host_) return run_open_loop(seed);
  const pops::PopsShape& s = config_.shape;
  PopsRunResult r;
  r.seed = seed;

  const std::vector<Packet> packets =
      permutation_packets(config_.traffic, config_.file_permutation, s.n(), seed);
  protocol_->plan(packets);  // offline protocols: the planner, outside the nodes
  scoreboard_.expect(packets);
  for (NodeId i = 0; i < s.n(); ++i) network_.processor(i).load({});
  for (const Packet& p : packets) network_.processor(p.source).load({p});
  tally_.reset();
  network_.reset_media();
  for (std::uint32_t c = 0; c < s.g * s.g; ++c) network_.coupler(c / s.g, c % s.g).count_slots({});
  fault_run_.begin(seed);

  const TimedOutcome timed = run_armed(seed, config_.max_slots, s.n());
  r.wall_seconds = timed.wall_seconds;
  r.hit_limit = timed.outcome.hit_limit;
  r.packets = scoreboard_.expected();
  r.delivered = scoreboard_.delivered();
  r.errors = scoreboard_.errors();
  r.faults = fault_run_.outcome();
  if (r.hit_limit) {
    r.errors.push_back(slot_limit_error(config_.max_slots, "every node finished"));
  }
  finish_run(r, timed.outcome);
  return r;
}

PopsRunResult PopsExperiment::run_open_loop(std::uint64_t seed) {
  const pops::PopsShape& s = config_.shape;
  PopsRunResult r;
  r.seed = seed;
  for (NodeId i = 0; i < s.n(); ++i) network_.processor(i).load({});
  tally_.reset();
  network_.reset_media();
  config_.faults.begin_run(seed);
  const TimedOutcome timed = run_open_loop_armed(*host_, seed, host_->max_slots(), s.n());
  r.wall_seconds = timed.wall_seconds;
  r.open_loop = host_->result();
  r.saturated = r.open_loop->steady.saturated;
  r.packets = r.open_loop->created - r.open_loop->refused;
  r.delivered = r.open_loop->delivered;
  r.errors = host_->errors();
  finish_run(r, timed.outcome);
  return r;
}

void PopsExperiment::window_opened(const TraceWindow& window) {
  const std::uint32_t g = config_.shape.g;
  for (std::uint32_t c = 0; c < g * g; ++c) network_.coupler(c / g, c % g).count_slots(window);
}

void PopsExperiment::window_closed(std::uint64_t last_slot) {
  const std::uint32_t g = config_.shape.g;
  for (std::uint32_t c = 0; c < g * g; ++c) network_.coupler(c / g, c % g).end_count(last_slot);
}

void PopsExperiment::finish_run(PopsRunResult& r, const RunOutcome& outcome) {
  const pops::PopsShape& s = config_.shape;
  r.slots = outcome.slots;
  r.steps = info_->slots_per_step ? r.slots / info_->slots_per_step : 0;
  r.couplers.clear();
  for (std::uint32_t c = 0; c < s.g * s.g; ++c) {
    r.couplers.push_back(network_.coupler(c / s.g, c % s.g).counters());
  }
  r.control.clear();
  std::uint64_t control_collisions = 0;
  for (const ControlChannel* c : network_.control_channels()) {
    r.control.push_back(c->counters());
    control_collisions += c->counters().collisions;
  }
  if (control_collisions != 0) {
    r.errors.push_back(std::to_string(control_collisions) +
                       " control minislots with two senders, which the protocol never allows");
  }
  r.collisions = tally_.total();
  r.collisions_by_phase = tally_.by_phase();
  for (NodeId i = 0; i < s.n(); ++i) {
    r.max_buffers = std::max(r.max_buffers, network_.processor(i).max_buffers());
  }
  if (!tally_.first_mismatch().empty()) r.errors.push_back(tally_.first_mismatch());
  for (unsigned phase : info_->collision_free_phases) {
    const std::uint64_t c = r.collisions_by_phase.at(phase - 1);
    if (c != 0) {
      r.errors.push_back(std::to_string(c) + " collisions in slot " + std::to_string(phase) +
                         " of a step, which the protocol guarantees collision-free");
    }
  }
  if (info_->collision_free && r.collisions != 0) {
    r.errors.push_back(std::to_string(r.collisions) +
                       " collisions, which the protocol guarantees never happen");
  }
}

}  // namespace optinet::pops
