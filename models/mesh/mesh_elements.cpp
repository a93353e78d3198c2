#include "models/mesh/mesh_elements.h"

#include <vector>

#include "models/mesh/mesh_pin_links.h"
#include "models/mesh/mesh_pin_processor.h"

namespace optinet::mesh {

namespace {

class GroupedMeshElements final : public MeshElements {
 public:
  GroupedMeshElements(const MeshFabricConfig& config, const sc_core::sc_clock& clock,
                      RunControlIf& control)
      : fabric_("links", config), control_(control) {
    fabric_.clk(clock);
    fabric_.set_run_control(&control);
  }

  MeshLinkLayer& links() override { return fabric_; }
  std::unique_ptr<MeshProcessor> build_processor(const std::string& name,
                                                 MeshProcessorConfig config) override {
    config.port = &fabric_;
    auto p = std::make_unique<MeshProcessor>(name.c_str(), config);
    p->control(control_);
    return p;
  }

 private:
  MeshFabric fabric_;
  RunControlIf& control_;
};

/// A processor's wires to its router, by lane (E, W, N, S, L).
struct NodeWires {
  std::unique_ptr<MeshLanePins<Signal>> offer[kInputs];
  std::unique_ptr<Signal<bool>> take[kInputs];
  std::unique_ptr<MeshLanePins<SharedSignal>> eject[kInputs];
  explicit NodeWires(const std::string& node) {
    for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
      const std::string l = lane_name(lane);
      offer[lane] = std::make_unique<MeshLanePins<Signal>>(node + "_offer_" + l + "_");
      take[lane] = std::make_unique<Signal<bool>>((node + "_take_" + l).c_str());
      eject[lane] = std::make_unique<MeshLanePins<SharedSignal>>(node + "_eject_" + l + "_");
    }
  }
};

class PinMeshElements final : public MeshElements {
 public:
  PinMeshElements(const MeshFabricConfig& config, const sc_core::sc_clock& clock,
                  RunControlIf& control)
      : links_("links", config, &control), clock_(clock), control_(control) {
    links_.clk(clock);
  }
  ~PinMeshElements() override { wires_.clear(); }

  MeshLinkLayer& links() override { return links_; }
  std::unique_ptr<MeshProcessor> build_processor(const std::string& name,
                                                 MeshProcessorConfig config) override {
    wires_.push_back(std::make_unique<NodeWires>(name));
    auto p = std::make_unique<MeshPinProcessor>(name.c_str(), config, links_.shared());
    p->control(control_);
    p->clk(clock_);
    NodeWires& w = *wires_.back();
    MeshPinRouter& r = links_.router(config.node);
    for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
      p->offer[lane]->bind(*w.offer[lane]);
      r.offer[lane]->bind(*w.offer[lane]);
      (*r.take[lane])(*w.take[lane]);
      (*p->take_pins[lane])(*w.take[lane]);
      r.eject[lane]->bind(*w.eject[lane]);
      p->eject[lane]->bind(*w.eject[lane]);
    }
    links_.attach(*p);
    return p;
  }
  void trace_wires(std::uint32_t node, sc_core::sc_trace_file* tf,
                   const std::string& wire) override {
    const NodeWires& w = *wires_[node];
    for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
      const std::string l = lane_name(lane);
      trace_pins_of(tf, *w.offer[lane], wire + "_offer_" + l + "_");
      sc_core::sc_trace(tf, *w.take[lane], wire + "_take_" + l);
      trace_pins_of(tf, *w.eject[lane], wire + "_eject_" + l + "_");
    }
  }

 private:
  MeshPinLinks links_;
  const sc_core::sc_clock& clock_;
  RunControlIf& control_;
  std::vector<std::unique_ptr<NodeWires>> wires_;  ///< by node, in build order
};

}  // namespace

std::unique_ptr<MeshElements> make_mesh_elements(NetworkView view, const MeshFabricConfig& config,
                                                 const sc_core::sc_clock& clock,
                                                 RunControlIf& control) {
  if (view == NetworkView::kPins) return std::make_unique<PinMeshElements>(config, clock, control);
  return std::make_unique<GroupedMeshElements>(config, clock, control);
}

}  // namespace optinet::mesh
