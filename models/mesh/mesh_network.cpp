#include "models/mesh/mesh_network.h"

namespace optinet::mesh {

MeshNetwork::MeshNetwork(const sc_core::sc_module_name& name, const MeshNetworkConfig& config,
                         MeshProtocol& protocol, MeshObserver& observer,
                         const sc_core::sc_clock& clock, RunControlIf& control)
    : sc_core::sc_module(name),
      indexing_(config.n, config.indexing),
      protocol_(protocol),
      observer_(observer) {
  if (config.view == NetworkView::kPins)
    build_pins(config, clock, control);
  else
    build_grouped(config, clock, control);
}

MeshNetwork::~MeshNetwork() {
  // Reverse creation order: processors, their wires, then the links.
  processors_.clear();
  wires_.clear();
  pin_links_.reset();
  fabric_.reset();
}

std::string MeshNetwork::node_name(std::uint32_t node) const {
  const Coord c = links_->geometry().coord_of(node);
  return "node_x" + std::to_string(c.x) + "_y" + std::to_string(c.y);
}

MeshProcessorConfig MeshNetwork::processor_config(std::uint32_t node) {
  return MeshProcessorConfig{node, fabric_.get(), &indexing_, &protocol_, &observer_};
}

void MeshNetwork::build_grouped(const MeshNetworkConfig& config, const sc_core::sc_clock& clock,
                                RunControlIf& control) {
  fabric_ = std::make_unique<MeshFabric>("links",
                                         MeshFabricConfig{config.n, config.buffers, config.outbox});
  fabric_->clk(clock);
  fabric_->set_run_control(&control);
  links_ = fabric_.get();
  for (std::uint32_t node = 0; node < config.n * config.n; ++node) {
    processors_.push_back(
        std::make_unique<MeshProcessor>(node_name(node).c_str(), processor_config(node)));
    processors_.back()->control(control);
  }
}

MeshNetwork::NodeWires::NodeWires(const std::string& node) {
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    const std::string l = lane_name(lane);
    offer[lane] = std::make_unique<MeshLanePins<Signal>>(node + "_offer_" + l + "_");
    take[lane] = std::make_unique<Signal<bool>>((node + "_take_" + l).c_str());
    eject[lane] = std::make_unique<MeshLanePins<SharedSignal>>(node + "_eject_" + l + "_");
  }
}

void MeshNetwork::build_pins(const MeshNetworkConfig& config, const sc_core::sc_clock& clock,
                             RunControlIf& control) {
  pin_links_ = std::make_unique<MeshPinLinks>(
      "links", MeshFabricConfig{config.n, config.buffers, config.outbox}, &control);
  pin_links_->clk(clock);
  links_ = pin_links_.get();
  for (std::uint32_t node = 0; node < config.n * config.n; ++node) {
    const std::string pname = node_name(node);
    wires_.push_back(std::make_unique<NodeWires>(pname));
    auto p = std::make_unique<MeshPinProcessor>(pname.c_str(), processor_config(node),
                                                pin_links_->shared());
    p->control(control);
    p->clk(clock);
    NodeWires& w = *wires_.back();
    MeshPinRouter& r = pin_links_->router(node);
    for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
      p->offer[lane]->bind(*w.offer[lane]);
      r.offer[lane]->bind(*w.offer[lane]);
      (*r.take[lane])(*w.take[lane]);
      (*p->take_pins[lane])(*w.take[lane]);
      r.eject[lane]->bind(*w.eject[lane]);
      p->eject[lane]->bind(*w.eject[lane]);
    }
    pin_links_->attach(*p);
    processors_.push_back(std::move(p));
  }
}

void MeshNetwork::trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) {
  links_->trace(tf, first, last);
  const std::string base = name();
  for (std::uint32_t node = first; node <= last && node < nodes(); ++node) {
    processors_[node]->trace(tf);
    if (wires_.empty()) continue;
    const std::string wire = base + "." + node_name(node);
    for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
      const std::string l = lane_name(lane);
      trace_pins_of(tf, *wires_[node]->offer[lane], wire + "_offer_" + l + "_");
      sc_core::sc_trace(tf, *wires_[node]->take[lane], wire + "_take_" + l);
      trace_pins_of(tf, *wires_[node]->eject[lane], wire + "_eject_" + l + "_");
    }
  }
}

}  // namespace optinet::mesh
