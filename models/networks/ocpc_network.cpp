#include "models/networks/ocpc_network.h"

#include <string>

namespace optinet::ocpc {

BusControl::BusControl(const std::string& prefix, std::uint32_t p, sc_core::sc_in<bool>& clk) {
  std::uint32_t bits = 1;
  while ((std::uint64_t{1} << bits) < p) ++bits;
  const ControlChannelConfig config{p, bits, p};
  request = std::make_unique<ControlChannel>((prefix + "_request").c_str(), config);
  grant = std::make_unique<ControlChannel>((prefix + "_grant").c_str(), config);
  request->clk(clk);
  grant->clk(clk);
}

OcpcNetwork::OcpcNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config)
    : sc_core::sc_module(name),
      shape_(config.shape),
      receivers_("receivers", config.shape.n()),
      bus_("bus", OpticalBusConfig{config.shape.p, 0, 1}) {
  bus_.clk(clk);
  bus_.receivers(receivers_);
  OcpcControlWiring wiring;
  if (config.control_plane) {
    control_ = std::make_unique<BusControl>("bus", shape_.p, clk);
    wiring.request[0] = control_->request.get();
    wiring.grant[0] = control_->grant.get();
  }
  processors_.reserve(shape_.n());
  for (NodeId i = 0; i < shape_.n(); ++i) {
    const std::string proc = "proc" + std::to_string(i);
    processors_.emplace_back(std::make_unique<OcpcProcessor>(
        proc.c_str(), OcpcProcessorConfig{i, shape_, config.h, config.protocol,
                                          SlotWiring{&clk, &control}, wiring}));
    OcpcProcessor& p = *processors_.back();
    p.tx(bus_.inputs);
    p.rx(receivers_);
  }
  acks_ = make_hardware_acks(*this);
}

// Destroying in reverse creation order keeps SystemC's teardown linear (see PopsGroup).
OcpcNetwork::~OcpcNetwork() {
  while (!processors_.empty()) processors_.pop_back();
  control_.reset();
}

std::vector<ControlChannel*> OcpcNetwork::control_channels() {
  if (!control_) return {};
  return {control_->request.get(), control_->grant.get()};
}

}  // namespace optinet::ocpc
