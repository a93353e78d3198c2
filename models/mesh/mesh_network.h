#pragma once
/// \file
/// The synchronizing 2-D mesh: the links and routers (the module mesh.links) and one processor
/// per node, mesh.node_x<X>_y<Y>, as the view makes them (mesh_elements.h: one MeshFabric in the
/// grouped view; in the pins view every router, link and processor a clocked module with pins).
/// Instantiates and binds only.
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/network_view.h"
#include "models/mesh/mesh_elements.h"
#include "models/mesh/mesh_processor.h"

namespace optinet::mesh {

struct MeshNetworkConfig {
  std::uint32_t n = 4;
  std::uint32_t buffers = 2;
  Indexing indexing = Indexing::kHilbert;
  OutboxQueues outbox = OutboxQueues::kSingle;
  NetworkView view = NetworkView::kGrouped;
};

class MeshNetwork : public sc_core::sc_module {
 public:
  MeshNetwork(const sc_core::sc_module_name& name, const MeshNetworkConfig& config,
              MeshProtocol& protocol, MeshObserver& observer, const sc_core::sc_clock& clock,
              RunControlIf& control);
  ~MeshNetwork() override;

  MeshLinkLayer& links() { return elements_->links(); }
  const MeshIndexing& indexing() const { return indexing_; }
  std::uint32_t nodes() const { return static_cast<std::uint32_t>(processors_.size()); }
  MeshProcessor& processor(std::uint32_t node) { return *processors_[node]; }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces the links leaving nodes [first, last] and those nodes' processors (and, in the
  /// pins view, the processors' wires).
  void trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last);

 private:
  std::string node_name(std::uint32_t node) const;

  MeshIndexing indexing_;
  MeshProtocol& protocol_;
  MeshObserver& observer_;
  std::unique_ptr<MeshElements> elements_;  ///< the view's links
  std::vector<std::unique_ptr<MeshProcessor>> processors_;
};

}  // namespace optinet::mesh
