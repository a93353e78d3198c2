#pragma once
/// \file
/// The OCPC (p processors, one optical bus that connects every processor to every other) and
/// what the testbench needs of any OCPC-like network (OcpcFabric, also the MOB-PC's base). This
/// module only instantiates and binds: ocpc.proc17 is processor 17, ocpc.bus the bus,
/// ocpc.receivers the processors' photodetectors. In the pins view (network_view.h) processor
/// 17 and the bus have pins, wired through ocpc.proc17_tx_* (its transmitter) and
/// ocpc.receiver17_* (its receiver module ocpc.receiver17's output).
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/network_view.h"
#include "models/core/rtl_stage.h"
#include "models/core/run_control.h"
#include "models/ocpc/ocpc_hardware_acks.h"
#include "models/ocpc/ocpc_pin_node.h"
#include "models/ocpc/ocpc_processor.h"
#include "models/optical/optical_bus.h"

namespace optinet::ocpc {

using MessageBus = OpticalBus<Message>;
using MessageReceivers = ReceiverArray<Message>;

struct OcpcNetworkConfig {
  OcpcShape shape;
  std::uint32_t h = 1;
  const OcpcProtocol* protocol = nullptr;
  /// Build the reservation control plane: a request and a grant channel beside every bus
  /// (OCPC and MOB-PC).
  bool control_plane = false;
  NetworkView view = NetworkView::kGrouped;
  /// The OCPC's pins view: receivers swapped for verilated RTL.
  std::vector<ReceiverInstance> rtl_receivers{};
};

/// The request and grant channels beside one bus of `p` processors (word: ceil(log2 p) bits).
struct BusControl {
  std::unique_ptr<ControlChannel> request;
  std::unique_ptr<ControlChannel> grant;
  /// Builds both, named `prefix`_request and `prefix`_grant, clocked by `clk`.
  BusControl(const std::string& prefix, std::uint32_t p, sc_core::sc_in<bool>& clk);
};

/// What a testbench sees of an OCPC or MOB-PC network.
class OcpcFabric {
 public:
  virtual ~OcpcFabric() = default;
  virtual const OcpcShape& shape() const = 0;
  virtual OcpcProcessor& processor(NodeId i) = 0;
  virtual MessageReceivers& receivers() = 0;
  /// Every bus, in a fixed order (OCPC: the bus; MOB-PC: row buses, then column buses).
  virtual std::vector<MessageBus*> buses() = 0;
  /// The reservation control plane's channels (empty without one).
  virtual std::vector<ControlChannel*> control_channels() { return {}; }
  virtual NetworkView view() const { return NetworkView::kGrouped; }
  /// The pins view: traces processor i's transmitter and receiver wires (ocpc.proc<i>_tx_*,
  /// ocpc.receiver<i>_*) in every slot.
  virtual void trace_pins(NodeId /*i*/, sc_core::sc_trace_file* /*tf*/) {}
  /// With receivers swapped for RTL in lockstep: the first mismatch since the last call, as a
  /// run error naming the slot and the receiver (empty if none).
  virtual std::string take_rtl_mismatch() { return ""; }
  /// Clears slot stamps between runs (slot numbers restart with each run).
  void reset_media() {
    receivers().reset();
    for (MessageBus* bus : buses()) bus->reset();
    for (ControlChannel* c : control_channels()) c->reset();
  }
};

/// Builds the acknowledgement logic of `network` (an OcpcFabric module with clk and control
/// ports), once its processors are built and bound.
template <typename Network>
std::unique_ptr<HardwareAcks> make_hardware_acks(Network& network) {
  auto acks = std::make_unique<HardwareAcks>("acks", network);
  acks->clk(network.clk);
  acks->control(network.control);
  return acks;
}

class OcpcNetwork : public sc_core::sc_module, public OcpcFabric {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  OcpcNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config);
  ~OcpcNetwork() override;

  const OcpcShape& shape() const override { return shape_; }
  OcpcProcessor& processor(NodeId i) override { return *processors_.at(i); }
  MessageReceivers& receivers() override { return receivers_; }
  std::vector<MessageBus*> buses() override { return {bus_.get()}; }
  std::vector<ControlChannel*> control_channels() override;
  NetworkView view() const override { return view_; }
  void trace_pins(NodeId i, sc_core::sc_trace_file* tf) override;
  std::string take_rtl_mismatch() override;

 private:
  /// The pins view: processors, bus and receiver modules, bound through wires.
  void build_pins(const OcpcNetworkConfig& config, const OcpcControlWiring& wiring);

  OcpcShape shape_;
  NetworkView view_;
  MessageReceivers receivers_;
  std::unique_ptr<MessageBus> bus_;
  /// The pins view (empty in the grouped view): each node's wires and receiver module, by id.
  std::vector<std::unique_ptr<OcpcPinNode>> pin_nodes_;
  std::vector<OcpcPinReceiver*> receivers_by_node_;
  std::vector<OcpcPinReceiver*> rtl_receivers_;  ///< the pins view's receivers swapped for RTL
  RtlFirstMismatch rtl_mismatch_;                ///< theirs
  std::unique_ptr<BusControl> control_;          ///< null without a control plane
  std::vector<std::unique_ptr<OcpcProcessor>> processors_;
  std::unique_ptr<HardwareAcks> acks_;
};

}  // namespace optinet::ocpc
