#pragma once
/// \file
/// The pins view's OCPC-family node, built in the scope being constructed (the OCPC, or a
/// MOB-PC row): its receiver module `receiver<L>` with the output wires `receiver<L>_*`, then
/// its processor `proc<L>` (split&hash: `node<L>`) with its transmitters' wires `proc<L>_tx_*`
/// (one bus) or `proc<L>_tx<j>_*` (bus j of several), L the node's index in the scope.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/ocpc/ocpc_pin_medium.h"
#include "models/ocpc/ocpc_pin_processor.h"

namespace optinet::ocpc {

struct OcpcPinNode {
  std::unique_ptr<OcpcPinReceiver> receiver;
  std::unique_ptr<ReceiverPins<Signal>> rx_wires;
  /// By bus; written by the processor's thread, by its method that lowers the valid line and
  /// by the network's acknowledgement logic (in different deltas).
  std::vector<std::unique_ptr<TransmitterPins<SharedSignal>>> tx_wires;

  /// Builds receiver<leaf> of node `config`'s id (`rtl`, `lanes`, `control`: as for
  /// OcpcPinReceiver), clocked by `clk`.
  OcpcPinNode(std::uint32_t leaf, const ReceiverSampleIf<Message>& light, sc_core::sc_in<bool>& clk,
              NodeId node, const ReceiverInstance* rtl = nullptr, std::uint32_t lanes = 0,
              const sc_core::sc_port<RunControlIf>* control = nullptr);
  /// Builds processor `P` <stem><leaf> lighting `buses` buses, bound to the node's wires
  /// <stem><leaf>_tx_* (or _tx<j>_*).
  template <class P = OcpcPinProcessor<>>
  std::unique_ptr<P> build_processor(std::uint32_t leaf, const typename P::Config& config,
                                     std::uint32_t buses, sc_core::sc_in<bool>& clk,
                                     const std::string& stem = "proc") {
    const std::string proc = stem + std::to_string(leaf);
    add_tx_wires(proc, buses);
    auto p = std::make_unique<P>(proc.c_str(), config, buses);
    p->clk(clk);
    for (std::uint32_t j = 0; j < buses; ++j) p->tx_pins[j]->bind(*tx_wires[j]);
    p->rx_pins.bind(*rx_wires);
    return p;
  }
  /// Traces the node's wires under their own names; `processor`: its processor's name.
  void trace(sc_core::sc_trace_file* tf, const std::string& processor) const;
  /// Destroys the receiver and the wires (after the processor: reverse creation order).
  ~OcpcPinNode();

 private:
  /// The wires of processor `proc`'s `buses` transmitters.
  void add_tx_wires(const std::string& proc, std::uint32_t buses);
};

}  // namespace optinet::ocpc
