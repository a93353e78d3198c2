#include "models/ocpc/dmob_network.h"

#include <string>

namespace optinet::ocpc {

DmobLevel::DmobLevel(std::uint32_t level, NodeId base, const OcpcNetworkConfig& config,
                     const ReceiverSampleIf<Message>& light, sc_core::sc_in<bool>& clk,
                     sc_core::sc_port<RunControlIf>& control) {
  const topology::DmobIndexing mesh = config.shape.mesh();
  const bool pins = config.view == NetworkView::kPins;
  for (std::uint32_t v = 0; pins && level == 0 && v < mesh.k(); ++v) {
    pin_nodes.push_back(std::make_unique<OcpcPinNode>(v, light, clk, base + v));
  }
  for (std::uint32_t v = 0; v < mesh.k(); ++v) {
    if (level == 0) {
      const std::string name = "proc" + std::to_string(v);
      const OcpcProcessorConfig processor{
          base + v,           config.shape, config.h, config.protocol, SlotWiring{&clk, &control},
          OcpcControlWiring{}};
      if (pins) {
        processors.push_back(pin_nodes[v]->build_processor(v, processor, mesh.dim(), clk));
      } else {
        processors.emplace_back(std::make_unique<OcpcProcessor>(name.c_str(), processor));
      }
    } else {
      const std::string name = "x" + std::to_string(level) + "_" + std::to_string(v);
      scopes.emplace_back(std::make_unique<DmobScope>(
          name.c_str(), level - 1, base + v * mesh.stride(level), config, light));
      scopes.back()->clk(clk);
      scopes.back()->control(control);
    }
  }
}

// Destroying in reverse creation order keeps SystemC's teardown linear (see PopsGroup).
DmobLevel::~DmobLevel() {
  while (!processors.empty()) processors.pop_back();
  while (!pin_nodes.empty()) pin_nodes.pop_back();
  while (!scopes.empty()) scopes.pop_back();
}

void DmobLevel::collect(std::vector<OcpcProcessor*>& by_id,
                        std::vector<OcpcPinNode*>& pins_by_id) const {
  for (std::size_t v = 0; v < processors.size(); ++v) {
    by_id.at(processors[v]->id()) = processors[v].get();
    if (!pin_nodes.empty()) pins_by_id.at(processors[v]->id()) = pin_nodes[v].get();
  }
  for (const auto& s : scopes) s->children.collect(by_id, pins_by_id);
}

DmobNetwork::DmobNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config)
    : sc_core::sc_module(name), shape_(config.shape), receivers_("receivers", config.shape.n()) {
  const topology::DmobIndexing mesh = shape_.mesh();
  const bool pins = config.view == NetworkView::kPins;
  for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
    for (std::uint32_t line = 0; line < mesh.lines_per_dimension(); ++line) {
      const std::string bus = "bus_d" + std::to_string(j) + "_" + std::to_string(line);
      const OpticalBusConfig c{mesh.k(), mesh.line_first(line, j), mesh.stride(j)};
      // A bus of the pins view has pins for its K transmitters and tells the receivers it lit.
      if (pins) {
        buses_.emplace_back(
            std::make_unique<OcpcPinBus>(bus.c_str(), c, &control, &receivers_by_node_));
      } else {
        buses_.emplace_back(std::make_unique<MessageBus>(bus.c_str(), c));
      }
      buses_.back()->clk(clk);
      buses_.back()->receivers(receivers_);
    }
  }
  nodes_ = std::make_unique<DmobLevel>(mesh.dim() - 1, 0, config, receivers_, clk, control);
  by_id_.assign(mesh.nodes(), nullptr);
  pins_by_id_.assign(pins ? mesh.nodes() : 0, nullptr);
  nodes_->collect(by_id_, pins_by_id_);
  for (NodeId i = 0; i < mesh.nodes(); ++i) {
    if (pins) {  // its transmitter j is input x_j of its dimension-j bus
      OcpcPinNode& node = *pins_by_id_[i];
      for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
        static_cast<OcpcPinBus&>(bus(j, mesh.line(i, j)))
            .transmitters[mesh.local_index(i, j)]
            ->bind(*node.tx_wires[j]);
      }
      receivers_by_node_.push_back(node.receiver.get());
      continue;
    }
    OcpcProcessor& proc = *by_id_[i];
    for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
      proc.tx(bus(j, mesh.line(i, j)).inputs);  // tx[j]
    }
    proc.rx(receivers_);
  }
  acks_ = make_hardware_acks(*this);
}

void DmobNetwork::trace_pins(NodeId i, sc_core::sc_trace_file* tf) {
  if (pins_by_id_.empty()) return;
  pins_by_id_.at(i)->trace(tf, by_id_.at(i)->name());
}

std::vector<MessageBus*> DmobNetwork::buses() {
  std::vector<MessageBus*> all;
  for (auto& b : buses_) all.push_back(b.get());
  return all;
}

DmobNetwork::~DmobNetwork() {
  nodes_.reset();
  while (!buses_.empty()) buses_.pop_back();
}

}  // namespace optinet::ocpc
