#pragma once
/// \file
/// What a view puts into the mesh: its link layer (the module `links`) and each node's
/// processor, wired to it. MeshNetwork wires either view through this interface once;
/// make_mesh_elements() picks the view's elements:
/// - grouped: the links and routers are one MeshFabric, which the processors reach through a
///   pointer;
/// - pins: every router and link is a module with pins (MeshPinLinks), and each processor is
///   bound to its router through the wires node_x<X>_y<Y>_offer_*, _take_* and _eject_*.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>

#include "models/core/network_view.h"
#include "models/core/run_control.h"
#include "models/mesh/mesh_fabric.h"
#include "models/mesh/mesh_link_layer.h"
#include "models/mesh/mesh_processor.h"

namespace optinet::mesh {

class MeshElements {
 public:
  virtual ~MeshElements() = default;
  virtual MeshLinkLayer& links() = 0;
  /// Builds the processor `name` of node `config.node` (beside the links, in the module under
  /// construction) and wires it to the links; `config.port` is the view's to set.
  virtual std::unique_ptr<MeshProcessor> build_processor(const std::string& name,
                                                         MeshProcessorConfig config) = 0;
  /// Traces the wires between node's processor and its router as `wire`_offer_<lane>_*,
  /// `wire`_take_<lane> and `wire`_eject_<lane>_* (only the pins view has them).
  virtual void trace_wires(std::uint32_t /*node*/, sc_core::sc_trace_file* /*tf*/,
                           const std::string& /*wire*/) {}
};

/// `view`'s link layer, built now as a child of the module under construction and clocked by
/// `clock`; its processors come from build_processor(). The processors must be destroyed before
/// the elements.
std::unique_ptr<MeshElements> make_mesh_elements(NetworkView view, const MeshFabricConfig& config,
                                                 const sc_core::sc_clock& clock,
                                                 RunControlIf& control);

}  // namespace optinet::mesh
