#include "models/networks/ocpc_network.h"

#include <string>

namespace optinet::ocpc {

OcpcNetwork::OcpcNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config)
    : sc_core::sc_module(name),
      shape_(config.shape),
      receivers_("receivers", config.shape.n()),
      bus_("bus", OpticalBusConfig{config.shape.p, 0, 1}) {
  bus_.clk(clk);
  bus_.receivers(receivers_);
  processors_.reserve(shape_.n());
  for (NodeId i = 0; i < shape_.n(); ++i) {
    const std::string proc = "proc" + std::to_string(i);
    processors_.emplace_back(std::make_unique<OcpcProcessor>(
        proc.c_str(),
        OcpcProcessorConfig{i, shape_, config.h, config.protocol, SlotWiring{&clk, &control}}));
    OcpcProcessor& p = *processors_.back();
    p.tx(bus_.inputs);
    p.rx(receivers_);
  }
  acks_ = make_hardware_acks(*this);
}

// Destroying in reverse creation order keeps SystemC's teardown linear (see PopsGroup).
OcpcNetwork::~OcpcNetwork() {
  while (!processors_.empty()) processors_.pop_back();
}

}  // namespace optinet::ocpc
