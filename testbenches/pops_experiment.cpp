#include "testbenches/pops_experiment.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "testbenches/vcd_file.h"

namespace optinet {

PopsExperiment::PopsExperiment(const PopsExperimentConfig& config)
    : t0_(std::chrono::steady_clock::now()),
      config_(config),
      info_(&pops::protocol_info(config.protocol)),
      protocol_(info_->make(config.shape)),
      clock_("clk", config.period),
      control_("control", config.period),
      network_("pops", pops::PopsNetworkConfig{config.shape, protocol_.get(), config.coupler}),
      tally_(info_->slots_per_step) {
  network_.clk(clock_);
  network_.control(control_);
  control_.set_clock(clock_);
  control_.set_sink(&scoreboard_);
  const pops::PopsShape& s = config.shape;
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) network_.coupler(b, a).set_observer(&tally_);
  }
  if (!config.trace.vcd_path.empty()) open_trace();
  // Finish elaboration now (thread stacks are created here), so runs time only simulation.
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  elaboration_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
}

PopsExperiment::~PopsExperiment() { close_trace(); }

void PopsExperiment::close_trace() {
  if (trace_file_ != nullptr) sc_core::sc_close_vcd_trace_file(trace_file_);
  trace_file_ = nullptr;
}

void PopsExperiment::open_trace() {
  trace_file_ = open_vcd(config_.trace.vcd_path, clock_, control_);
  const pops::PopsShape& s = config_.shape;
  const auto traced = [&](std::uint32_t group) {
    return !config_.trace.group || *config_.trace.group == group;
  };
  for (NodeId i = 0; i < s.n(); ++i) {
    if (traced(s.group_of(i))) network_.processor(i).trace(trace_file_, config_.trace.slots);
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) {
      if (traced(a) || traced(b)) network_.coupler(b, a).trace(trace_file_, config_.trace.slots);
    }
  }
}

PopsRunResult PopsExperiment::run(std::uint64_t seed) {
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

  control_.arm(RunPlan{seed, runs_done_++, config_.max_slots, s.n()});
  const auto t0 = std::chrono::steady_clock::now();
  const RunOutcome outcome = control_.run_to_completion();
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (outcome.hit_limit) control_.wind_down();
  scoreboard_.finish();

  r.slots = outcome.slots;
  r.hit_limit = outcome.hit_limit;
  r.steps = info_->slots_per_step ? r.slots / info_->slots_per_step : 0;
  r.packets = scoreboard_.expected();
  r.delivered = scoreboard_.delivered();
  r.collisions = tally_.total();
  r.collisions_by_phase = tally_.by_phase();
  for (NodeId i = 0; i < s.n(); ++i) {
    r.max_buffers = std::max(r.max_buffers, network_.processor(i).max_buffers());
  }
  r.errors = scoreboard_.errors();
  if (!tally_.first_mismatch().empty()) r.errors.push_back(tally_.first_mismatch());
  if (r.hit_limit) {
    r.errors.push_back("stopped at the slot limit (--max-slots " +
                       std::to_string(config_.max_slots) + ") before every node finished");
  }
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
  return r;
}

}  // namespace optinet
