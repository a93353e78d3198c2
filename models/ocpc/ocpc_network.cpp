#include "models/ocpc/ocpc_network.h"

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
      view_(config.view),
      receivers_("receivers", config.shape.n()) {
  const OpticalBusConfig bus{config.shape.p, 0, 1};
  if (view_ == NetworkView::kPins) {
    bus_ = std::make_unique<OcpcPinBus>("bus", bus, &control, &receivers_by_node_);
  } else {
    bus_ = std::make_unique<MessageBus>("bus", bus);
  }
  bus_->clk(clk);
  bus_->receivers(receivers_);
  OcpcControlWiring wiring;
  if (config.control_plane) {
    control_ = std::make_unique<BusControl>("bus", shape_.p, clk);
    wiring.request[0] = control_->request.get();
    wiring.grant[0] = control_->grant.get();
  }
  processors_.reserve(shape_.n());
  if (view_ == NetworkView::kPins) {
    build_pins(config, wiring);
  } else {
    for (NodeId i = 0; i < shape_.n(); ++i) {
      const std::string proc = "proc" + std::to_string(i);
      processors_.emplace_back(std::make_unique<OcpcProcessor>(
          proc.c_str(), OcpcProcessorConfig{i, shape_, config.h, config.protocol,
                                            SlotWiring{&clk, &control}, wiring}));
      OcpcProcessor& p = *processors_.back();
      p.tx(bus_->inputs);
      p.rx(receivers_);
    }
  }
  acks_ = make_hardware_acks(*this);
}

void OcpcNetwork::build_pins(const OcpcNetworkConfig& config, const OcpcControlWiring& wiring) {
  const std::uint32_t n = shape_.n();
  pin_nodes_.reserve(n);
  receivers_by_node_.reserve(n);
  for (NodeId i = 0; i < n; ++i) {
    const ReceiverInstance* rtl = nullptr;
    for (const ReceiverInstance& r : config.rtl_receivers) {
      if (r.node == i) rtl = &r;
    }
    pin_nodes_.push_back(
        std::make_unique<OcpcPinNode>(i, receivers_, clk, i, rtl, shape_.p, &control));
    receivers_by_node_.push_back(pin_nodes_.back()->receiver.get());
    if (rtl != nullptr) rtl_receivers_.push_back(pin_nodes_.back()->receiver.get());
  }
  auto& bus = static_cast<OcpcPinBus&>(*bus_);
  for (NodeId i = 0; i < n; ++i) {
    OcpcPinNode& node = *pin_nodes_[i];
    processors_.push_back(
        node.build_processor(i,
                             OcpcProcessorConfig{i, shape_, config.h, config.protocol,
                                                 SlotWiring{nullptr, &control}, wiring},
                             1, clk));
    bus.transmitters[i]->bind(*node.tx_wires[0]);
  }
  for (OcpcPinReceiver* r : rtl_receivers_) {
    for (NodeId k = 0; k < n; ++k) r->lanes[k]->bind(*pin_nodes_[k]->tx_wires[0]);
    r->report_mismatches_to(rtl_mismatch_);
  }
}

std::string OcpcNetwork::take_rtl_mismatch() { return rtl_mismatch_.take(); }

void OcpcNetwork::trace_pins(NodeId i, sc_core::sc_trace_file* tf) {
  if (view_ == NetworkView::kPins) pin_nodes_.at(i)->trace(tf, processors_.at(i)->name());
}

// Destroying in reverse creation order keeps SystemC's teardown linear (see PopsGroup).
OcpcNetwork::~OcpcNetwork() {
  acks_.reset();
  while (!processors_.empty()) processors_.pop_back();
  while (!pin_nodes_.empty()) pin_nodes_.pop_back();
  control_.reset();
  bus_.reset();
}

std::vector<ControlChannel*> OcpcNetwork::control_channels() {
  if (!control_) return {};
  return {control_->request.get(), control_->grant.get()};
}

}  // namespace optinet::ocpc
