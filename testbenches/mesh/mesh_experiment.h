#pragma once
/// \file
/// The synchronizing-mesh experiment: elaborates the mesh once and runs the protocol with a
/// seed per run; every run is checked by MeshChecker.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/mesh/mesh_network.h"
#include "protocols/mesh/registry.h"
#include "testbenches/mesh/mesh_checker.h"
#include "testbenches/run/experiment_base.h"

namespace optinet::mesh {

struct MeshExperimentConfig {
  mesh::MeshNetworkConfig network;
  std::string protocol = "experiment";
  mesh::LoopConfig loop;
  std::uint64_t max_slots = 100000;
  sc_core::sc_time period{1, sc_core::SC_NS};
  std::string vcd_path;
  /// Nodes (y * n + x) whose processors and outgoing links are traced.
  std::uint32_t trace_first = 0, trace_last = UINT32_MAX;
};

struct MeshRunResult {
  std::uint64_t seed = 0;
  std::uint64_t slots = 0;
  bool hit_limit = false;
  double wall_seconds = 0;
  std::uint64_t packets = 0, delivered = 0;
  std::uint64_t busy_link_slots = 0;
  std::uint32_t max_occupancy = 0;
  std::vector<mesh::GroupOp> groups;
  std::vector<std::string> errors;
};

class MeshExperiment : public ExperimentBase {
 public:
  explicit MeshExperiment(const MeshExperimentConfig& config);
  MeshRunResult run(std::uint64_t seed);
  mesh::MeshNetwork& network() { return *network_; }

 private:
  MeshExperimentConfig config_;
  std::unique_ptr<mesh::MeshProtocol> protocol_;
  std::unique_ptr<mesh::MeshIndexing> indexing_;
  std::unique_ptr<mesh::MeshChecker> checker_;
  std::unique_ptr<mesh::MeshNetwork> network_;
};

}  // namespace optinet::mesh
