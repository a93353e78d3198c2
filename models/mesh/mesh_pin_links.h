#pragma once
/// \file
/// The pins view's links and routers of the mesh (the module `links`, as the grouped
/// MeshFabric is named): one MeshPinRouter router_x<X>_y<Y> per node and one MeshPinLink
/// link_x<X>_y<Y>_<D> per direction between neighbours, each clocked, wired through signals
/// named <link>_in_* (sending router to link), <link>_out_* (link to receiving router),
/// <link>_occupancy and <link>_far_occupancy. The processors, built beside it, are attached
/// for the link layer's counts.
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/mesh/mesh_fabric.h"
#include "models/mesh/mesh_pin_link.h"
#include "models/mesh/mesh_pin_processor.h"
#include "models/mesh/mesh_pin_router.h"

namespace optinet::mesh {

class MeshPinLinks : public sc_core::sc_module, public MeshLinkLayer {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  MeshPinLinks(const sc_core::sc_module_name& name, const MeshFabricConfig& config,
               const RunControlIf* control);
  ~MeshPinLinks() override;

  MeshPinRouter& router(std::uint32_t node) { return *routers_[node]; }
  /// What the processors share (their observer is the link layer's).
  const MeshPinShared& shared() const { return shared_; }
  void attach(MeshPinProcessor& p) { processors_.push_back(&p); }

  // MeshLinkLayer
  const MeshGeometry& geometry() const override { return shared_.geometry; }
  void set_observer(MeshFabricObserver* o) override { shared_.observer = o; }
  void reset() override;
  std::uint64_t unread() const override;
  void discard() override;
  std::uint64_t in_flight() const override;
  MeshLinkCounters link_counters(std::uint32_t link) const override;
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces each link's busy and occupancy (as the grouped view) and its wires.
  void trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) override;

 private:
  struct LinkWires {
    MeshLanePins<Signal> in, out;
    Signal<std::uint32_t> occupancy;
    SharedSignal<std::uint32_t> far_occupancy;
    explicit LinkWires(const std::string& link)
        : in(link + "_in_"),
          out(link + "_out_"),
          occupancy((link + "_occupancy").c_str()),
          far_occupancy((link + "_far_occupancy").c_str()) {}
  };

  MeshPinShared shared_;
  std::vector<std::unique_ptr<MeshPinRouter>> routers_;
  std::vector<std::unique_ptr<LinkWires>> wires_;    ///< by link id; null where none
  std::vector<std::unique_ptr<MeshPinLink>> links_;  ///< by link id; null where none
  std::vector<MeshPinProcessor*> processors_;
};

}  // namespace optinet::mesh
