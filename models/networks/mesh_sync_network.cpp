#include "models/networks/mesh_sync_network.h"

#include <string>

namespace optinet::mesh {

MeshSyncNetwork::MeshSyncNetwork(const sc_core::sc_module_name& name,
                                 const MeshSyncNetworkConfig& config, MeshSyncProtocol& protocol,
                                 MeshSyncObserver& observer, const sc_core::sc_clock& clock,
                                 RunControlIf& control)
    : sc_core::sc_module(name),
      indexing_(config.n, config.indexing),
      links_("links", MeshFabricConfig{config.n, config.buffers, config.outbox}) {
  links_.clk(clock);
  links_.set_run_control(&control);
  for (std::uint32_t node = 0; node < config.n * config.n; ++node) {
    const Coord c = links_.coord_of(node);
    const std::string pname = "node_x" + std::to_string(c.x) + "_y" + std::to_string(c.y);
    processors_.push_back(std::make_unique<MeshSyncProcessor>(
        pname.c_str(), MeshSyncProcessorConfig{node, &links_, &indexing_, &protocol, &observer}));
    processors_.back()->control(control);
  }
}

}  // namespace optinet::mesh
