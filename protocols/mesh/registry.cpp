#include "protocols/mesh/registry.h"

#include <stdexcept>

namespace optinet::mesh {

namespace {

class ExperimentLoop : public mesh::MeshProtocol {
 public:
  explicit ExperimentLoop(const LoopConfig& c) : config_(c) {}
  void run(mesh::MeshContext& ctx) override { run_experiment_loop(ctx, config_); }

 private:
  LoopConfig config_;
};

class WholeMeshSync : public mesh::MeshProtocol {
 public:
  void run(mesh::MeshContext& ctx) override {
    TreeNode node(ctx);
    node.start_whole_mesh();
    node.sync();
    node.finish();
  }
};

}  // namespace

const std::vector<ProtocolInfo>& protocols() {
  static const std::vector<ProtocolInfo> list = {
      {"experiment", "L nested splits (each followed by a sync), then L joins (section 5)"},
      {"sync", "one synchronization of the whole mesh (combining, then broadcasting)"},
  };
  return list;
}

std::string protocol_unavailable(const std::string& name) {
  std::string names;
  for (const auto& p : protocols()) {
    if (name == p.name) return "";
    names += (names.empty() ? "" : ", ") + std::string(p.name);
  }
  return "'" + name + "' is not a mesh protocol (" + names + ")";
}

std::unique_ptr<mesh::MeshProtocol> make_protocol(const std::string& name, const LoopConfig& loop) {
  if (name == "experiment") return std::make_unique<ExperimentLoop>(loop);
  if (name == "sync") return std::make_unique<WholeMeshSync>();
  throw std::invalid_argument(protocol_unavailable(name));
}

}  // namespace optinet::mesh
