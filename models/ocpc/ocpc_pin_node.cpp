#include "models/ocpc/ocpc_pin_node.h"

namespace optinet::ocpc {

OcpcPinNode::OcpcPinNode(std::uint32_t leaf, const ReceiverSampleIf<Message>& light,
                         sc_core::sc_in<bool>& clk, NodeId node, const ReceiverInstance* rtl,
                         std::uint32_t lanes, const sc_core::sc_port<RunControlIf>* control) {
  const std::string name = "receiver" + std::to_string(leaf);
  receiver = std::make_unique<OcpcPinReceiver>(name.c_str(), node, light, rtl, lanes, control);
  rx_wires = std::make_unique<ReceiverPins<Signal>>(name + "_");
  receiver->clk(clk);
  receiver->output.bind(*rx_wires);
}

void OcpcPinNode::add_tx_wires(const std::string& proc, std::uint32_t buses) {
  for (std::uint32_t j = 0; j < buses; ++j) {
    const std::string prefix = buses == 1 ? proc + "_tx_" : proc + "_tx" + std::to_string(j) + "_";
    tx_wires.push_back(std::make_unique<TransmitterPins<SharedSignal>>(prefix));
  }
}

void OcpcPinNode::trace(sc_core::sc_trace_file* tf, const std::string& processor) const {
  // Under the wires' own names (the processor's trace registers are <proc>.tx_valid, ...).
  for (std::size_t j = 0; j < tx_wires.size(); ++j) {
    trace_pins_of(tf, *tx_wires[j],
                  processor + (tx_wires.size() == 1 ? "_tx_" : "_tx" + std::to_string(j) + "_"));
  }
  trace_pins_of(tf, *rx_wires, receiver->name() + std::string("_"));
}

OcpcPinNode::~OcpcPinNode() {
  tx_wires.clear();
  rx_wires.reset();
  receiver.reset();
}

}  // namespace optinet::ocpc
