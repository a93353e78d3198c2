#pragma once
// A synchronizing mesh with any protocol and the run checker, for simulation tests.
#include <string>
#include <vector>

#include "models/mesh/mesh_network.h"
#include "testbenches/mesh/mesh_checker.h"
#include "testbenches/run/experiment_base.h"

namespace optinet::mesh {

class MeshTestBench : public ExperimentBase {
 public:
  MeshTestBench(MeshProtocol& protocol, const MeshNetworkConfig& config)
      : ExperimentBase(sc_core::sc_time(1, sc_core::SC_NS)),
        indexing_(config.n, config.indexing),
        checker_(indexing_),
        network_("mesh", config, protocol, checker_, clock_, control_) {
    network_.links().set_observer(&checker_);
    finish_elaboration();
  }
  struct Result {
    std::uint64_t slots = 0;
    bool hit_limit = false;
    std::vector<std::string> errors;
    std::vector<GroupOp> groups;
    std::uint32_t max_occupancy = 0;
    std::uint64_t packets = 0;
  };
  Result run(std::uint64_t seed, std::uint64_t max_slots = 200000) {
    checker_.reset();
    network_.links().reset();
    const TimedOutcome t = run_armed(seed, max_slots, network_.nodes());
    Result r;
    r.slots = t.outcome.slots;
    r.hit_limit = t.outcome.hit_limit;
    if (r.hit_limit) {
      network_.links().discard();
      return r;
    }
    r.errors = checker_.check(network_.links());
    r.groups = checker_.groups();
    r.packets = checker_.packets();
    for (std::uint32_t node = 0; node < network_.nodes(); ++node)
      for (std::uint32_t d = 0; d < kDirs; ++d)
        if (network_.links().has_link(node, d))
          r.max_occupancy = std::max(
              r.max_occupancy, network_.links().link_counters(node * kDirs + d).max_occupancy);
    return r;
  }
  MeshNetwork& network() { return network_; }

 private:
  MeshIndexing indexing_;
  MeshChecker checker_;
  MeshNetwork network_;
};

}  // namespace optinet::mesh
