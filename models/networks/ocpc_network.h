#pragma once
/// \file
/// The OCPC (p processors, one optical bus that connects every processor to every other) and
/// what the testbench needs of any OCPC-like network (OcpcFabric, also the MOB-PC's base). This
/// module only instantiates and binds: ocpc.proc17 is processor 17, ocpc.bus the bus,
/// ocpc.receivers the processors' photodetectors.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/networks/hardware_acks.h"
#include "models/networks/ocpc_processor.h"
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
  std::vector<MessageBus*> buses() override { return {&bus_}; }
  std::vector<ControlChannel*> control_channels() override;

 private:
  OcpcShape shape_;
  MessageReceivers receivers_;
  MessageBus bus_;
  std::unique_ptr<BusControl> control_;  ///< null without a control plane
  std::vector<std::unique_ptr<OcpcProcessor>> processors_;
  std::unique_ptr<HardwareAcks> acks_;
};

}  // namespace optinet::ocpc
