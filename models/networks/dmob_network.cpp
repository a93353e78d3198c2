#include "models/networks/dmob_network.h"

#include <string>

namespace optinet::ocpc {

DmobLevel::DmobLevel(std::uint32_t level, NodeId base, const OcpcNetworkConfig& config,
                     sc_core::sc_in<bool>& clk, sc_core::sc_port<RunControlIf>& control) {
  const topology::DmobIndexing mesh = config.shape.mesh();
  for (std::uint32_t v = 0; v < mesh.k(); ++v) {
    if (level == 0) {
      const std::string name = "proc" + std::to_string(v);
      processors.emplace_back(std::make_unique<OcpcProcessor>(
          name.c_str(), OcpcProcessorConfig{base + v, config.shape, config.h, config.protocol,
                                            SlotWiring{&clk, &control}, OcpcControlWiring{}}));
    } else {
      const std::string name = "x" + std::to_string(level) + "_" + std::to_string(v);
      scopes.emplace_back(std::make_unique<DmobScope>(name.c_str(), level - 1,
                                                      base + v * mesh.stride(level), config));
      scopes.back()->clk(clk);
      scopes.back()->control(control);
    }
  }
}

// Destroying in reverse creation order keeps SystemC's teardown linear (see PopsGroup).
DmobLevel::~DmobLevel() {
  while (!processors.empty()) processors.pop_back();
  while (!scopes.empty()) scopes.pop_back();
}

void DmobLevel::collect(std::vector<OcpcProcessor*>& by_id) const {
  for (const auto& p : processors) by_id.at(p->id()) = p.get();
  for (const auto& s : scopes) s->children.collect(by_id);
}

DmobNetwork::DmobNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config)
    : sc_core::sc_module(name), shape_(config.shape), receivers_("receivers", config.shape.n()) {
  const topology::DmobIndexing mesh = shape_.mesh();
  for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
    for (std::uint32_t line = 0; line < mesh.lines_per_dimension(); ++line) {
      const std::string bus = "bus_d" + std::to_string(j) + "_" + std::to_string(line);
      buses_.emplace_back(std::make_unique<MessageBus>(
          bus.c_str(), OpticalBusConfig{mesh.k(), mesh.line_first(line, j), mesh.stride(j)}));
      buses_.back()->clk(clk);
      buses_.back()->receivers(receivers_);
    }
  }
  nodes_ = std::make_unique<DmobLevel>(mesh.dim() - 1, 0, config, clk, control);
  by_id_.assign(mesh.nodes(), nullptr);
  nodes_->collect(by_id_);
  for (NodeId i = 0; i < mesh.nodes(); ++i) {
    OcpcProcessor& proc = *by_id_[i];
    for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
      proc.tx(bus(j, mesh.line(i, j)).inputs);  // tx[j]
    }
    proc.rx(receivers_);
  }
  acks_ = make_hardware_acks(*this);
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
