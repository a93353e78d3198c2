#include "testbenches/mesh/mesh_experiment.h"

#include <algorithm>

namespace optinet::mesh {

MeshExperiment::MeshExperiment(const MeshExperimentConfig& config)
    : ExperimentBase(config.period), config_(config) {
  protocol_ = mesh::make_protocol(config.protocol, config.loop);
  indexing_ = std::make_unique<mesh::MeshIndexing>(config.network.n, config.network.indexing);
  checker_ = std::make_unique<mesh::MeshChecker>(*indexing_);
  network_ = std::make_unique<mesh::MeshNetwork>("mesh", config.network, *protocol_, *checker_,
                                                 clock_, control_);
  network_->links().set_observer(checker_.get());
  if (!config.vcd_path.empty()) {
    open_trace_file(config.vcd_path);
    const std::uint32_t last = std::min(config.trace_last, network_->nodes() - 1);
    network_->trace(trace_file_, config.trace_first, last);
  }
  finish_elaboration();
}

MeshRunResult MeshExperiment::run(std::uint64_t seed) {
  checker_->reset();
  network_->links().reset();
  const TimedOutcome t = run_armed(seed, config_.max_slots, network_->nodes());
  MeshRunResult r;
  r.seed = seed;
  r.slots = t.outcome.slots;
  r.hit_limit = t.outcome.hit_limit;
  r.wall_seconds = t.wall_seconds;
  if (r.hit_limit) {
    r.errors.push_back(slot_limit_error(config_.max_slots, "every processor finished"));
    // Messages left in the fabric and outboxes are the stopped run's; drop them with it.
    network_->links().discard();
    return r;
  }
  r.errors = checker_->check(network_->links());
  r.packets = checker_->packets();
  r.delivered = checker_->delivered();
  r.groups = checker_->groups();
  const mesh::MeshLinkLayer& f = network_->links();
  for (std::uint32_t node = 0; node < network_->nodes(); ++node)
    for (std::uint32_t d = 0; d < mesh::kDirs; ++d) {
      if (!f.has_link(node, d)) continue;
      const auto& c = f.link_counters(node * mesh::kDirs + d);
      r.busy_link_slots += c.busy_slots;
      r.max_occupancy = std::max(r.max_occupancy, c.max_occupancy);
    }
  return r;
}

}  // namespace optinet::mesh
