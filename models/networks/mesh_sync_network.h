#pragma once
/// \file
/// The synchronizing 2-D mesh: the links (one fabric module) and one processor per node,
/// named mesh.links and mesh.node_x<X>_y<Y>. Instantiates and binds only.
#include <memory>
#include <systemc>
#include <vector>

#include "models/networks/mesh_fabric.h"
#include "models/networks/mesh_sync_processor.h"

namespace optinet::mesh {

struct MeshSyncNetworkConfig {
  std::uint32_t n = 4;
  std::uint32_t buffers = 2;
  Indexing indexing = Indexing::kHilbert;
  OutboxQueues outbox = OutboxQueues::kSingle;
};

class MeshSyncNetwork : public sc_core::sc_module {
 public:
  MeshSyncNetwork(const sc_core::sc_module_name& name, const MeshSyncNetworkConfig& config,
                  MeshSyncProtocol& protocol, MeshSyncObserver& observer,
                  const sc_core::sc_clock& clock, RunControlIf& control);

  MeshFabric& fabric() { return links_; }
  const MeshIndexing& indexing() const { return indexing_; }
  std::uint32_t nodes() const { return static_cast<std::uint32_t>(processors_.size()); }
  MeshSyncProcessor& processor(std::uint32_t node) { return *processors_[node]; }

 private:
  MeshIndexing indexing_;
  MeshFabric links_;
  std::vector<std::unique_ptr<MeshSyncProcessor>> processors_;
};

}  // namespace optinet::mesh
