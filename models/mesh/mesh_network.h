#pragma once
/// \file
/// The synchronizing 2-D mesh: the links and routers (the module mesh.links) and one processor
/// per node, mesh.node_x<X>_y<Y>. In the grouped view the links and routers are one MeshFabric
/// that the processors reach through a pointer; in the pins view every router, link and
/// processor is a clocked module with pins (mesh_pin_links.h), each processor wired to its
/// router by the signals node_x<X>_y<Y>_offer_*, _take_* and _eject_*. Instantiates and binds
/// only.
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/network_view.h"
#include "models/mesh/mesh_fabric.h"
#include "models/mesh/mesh_pin_links.h"
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

  MeshLinkLayer& links() { return *links_; }
  const MeshIndexing& indexing() const { return indexing_; }
  std::uint32_t nodes() const { return static_cast<std::uint32_t>(processors_.size()); }
  MeshProcessor& processor(std::uint32_t node) { return *processors_[node]; }
  /// Traces the links leaving nodes [first, last] and those nodes' processors (and, in the
  /// pins view, the processors' wires).
  void trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last);

 private:
  /// A processor's wires to its router, by lane (E, W, N, S, L).
  struct NodeWires {
    std::unique_ptr<MeshLanePins<Signal>> offer[kInputs];
    std::unique_ptr<Signal<bool>> take[kInputs];
    std::unique_ptr<MeshLanePins<SharedSignal>> eject[kInputs];
    explicit NodeWires(const std::string& node);
  };
  void build_grouped(const MeshNetworkConfig& config, const sc_core::sc_clock& clock,
                     RunControlIf& control);
  void build_pins(const MeshNetworkConfig& config, const sc_core::sc_clock& clock,
                  RunControlIf& control);
  MeshProcessorConfig processor_config(std::uint32_t node);
  std::string node_name(std::uint32_t node) const;

  MeshIndexing indexing_;
  MeshProtocol& protocol_;
  MeshObserver& observer_;
  std::unique_ptr<MeshFabric> fabric_;       ///< the grouped view
  std::unique_ptr<MeshPinLinks> pin_links_;  ///< the pins view
  MeshLinkLayer* links_ = nullptr;
  std::vector<std::unique_ptr<NodeWires>> wires_;
  std::vector<std::unique_ptr<MeshProcessor>> processors_;
};

}  // namespace optinet::mesh
