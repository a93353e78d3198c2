#include "models/mesh/mesh_network.h"

namespace optinet::mesh {

MeshNetwork::MeshNetwork(const sc_core::sc_module_name& name, const MeshNetworkConfig& config,
                         MeshProtocol& protocol, MeshObserver& observer,
                         const sc_core::sc_clock& clock, RunControlIf& control)
    : sc_core::sc_module(name),
      indexing_(config.n, config.indexing),
      protocol_(protocol),
      observer_(observer),
      elements_(make_mesh_elements(
          config.view, MeshFabricConfig{config.n, config.buffers, config.outbox}, clock, control)) {
  for (std::uint32_t node = 0; node < config.n * config.n; ++node) {
    processors_.push_back(elements_->build_processor(
        node_name(node), MeshProcessorConfig{node, nullptr, &indexing_, &protocol_, &observer_}));
  }
}

MeshNetwork::~MeshNetwork() {
  // Reverse creation order: processors (and their wires), then the links.
  processors_.clear();
  elements_.reset();
}

std::string MeshNetwork::node_name(std::uint32_t node) const {
  const Coord c = elements_->links().geometry().coord_of(node);
  return "node_x" + std::to_string(c.x) + "_y" + std::to_string(c.y);
}

void MeshNetwork::trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) {
  links().trace(tf, first, last);
  const std::string base = name();
  for (std::uint32_t node = first; node <= last && node < nodes(); ++node) {
    processors_[node]->trace(tf);
    elements_->trace_wires(node, tf, base + "." + node_name(node));
  }
}

}  // namespace optinet::mesh
