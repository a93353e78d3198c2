#include "models/networks/ocpc_pin_node.h"

namespace optinet::ocpc {

PinNode::PinNode(std::uint32_t leaf, const ReceiverSampleIf<Message>& light,
                 sc_core::sc_in<bool>& clk, NodeId node, const ReceiverInstance* rtl,
                 std::uint32_t lanes, const sc_core::sc_port<RunControlIf>* control) {
  const std::string name = "receiver" + std::to_string(leaf);
  receiver = std::make_unique<PinOcpcReceiver>(name.c_str(), node, light, rtl, lanes, control);
  rx_wires = std::make_unique<ReceiverPins<Signal>>(name + "_");
  receiver->clk(clk);
  receiver->output.bind(*rx_wires);
}

std::unique_ptr<PinOcpcProcessor> PinNode::build_processor(std::uint32_t leaf,
                                                           const OcpcProcessorConfig& config,
                                                           std::uint32_t buses,
                                                           sc_core::sc_in<bool>& clk) {
  const std::string proc = "proc" + std::to_string(leaf);
  for (std::uint32_t j = 0; j < buses; ++j) {
    const std::string prefix = buses == 1 ? proc + "_tx_" : proc + "_tx" + std::to_string(j) + "_";
    tx_wires.push_back(std::make_unique<TransmitterPins<SharedSignal>>(prefix));
  }
  auto p = std::make_unique<PinOcpcProcessor>(proc.c_str(), config, buses);
  p->clk(clk);
  for (std::uint32_t j = 0; j < buses; ++j) p->tx_pins[j]->bind(*tx_wires[j]);
  p->rx_pins.bind(*rx_wires);
  return p;
}

void PinNode::trace(sc_core::sc_trace_file* tf, const std::string& processor) const {
  // Under the wires' own names (the processor's trace registers are <proc>.tx_valid, ...).
  for (std::size_t j = 0; j < tx_wires.size(); ++j) {
    trace_pins_of(tf, *tx_wires[j],
                  processor + (tx_wires.size() == 1 ? "_tx_" : "_tx" + std::to_string(j) + "_"));
  }
  trace_pins_of(tf, *rx_wires, receiver->name() + std::string("_"));
}

PinNode::~PinNode() {
  tx_wires.clear();
  rx_wires.reset();
  receiver.reset();
}

}  // namespace optinet::ocpc
