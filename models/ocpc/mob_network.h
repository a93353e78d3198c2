#pragma once
/// \file
/// The p x p MOB-PC: node (r, c) = r*p + c; one optical bus per row (attaching the row's p
/// processors, local index = column) and one per column (local index = row). This module only
/// instantiates and binds: mob.row3.proc5 is node (3, 5), mob.row_bus3 and mob.col_bus5 are
/// buses, mob.receivers the photodetectors. Each processor has one receiver fed by both its
/// buses: light from its row bus and its column bus in the same slot garbles it (ReceiverArray).
/// In the pins view (network_view.h) processor (3, 5) and the buses have pins: the processor's
/// transmitter wires mob.row3.proc5_tx0_* (into mob.row_bus3's input 5) and mob.row3.proc5_tx1_*
/// (into mob.col_bus5's input 3), and its receiver module mob.row3.receiver5 with the wires
/// mob.row3.receiver5_* it drives.
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/ocpc/ocpc_network.h"

namespace optinet::ocpc {

/// One row of processors (a scope, so that no module has more than about p children).
class MobRow : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  /// `row_control`: the control channels beside this row's bus; `column_control`: beside every
  /// column bus (both empty without a control plane).
  /// `light`: the network's receiver array (the pins view's receiver modules read it).
  MobRow(const sc_core::sc_module_name& name, std::uint32_t row, const OcpcNetworkConfig& config,
         const BusControl* row_control,
         const std::vector<std::unique_ptr<BusControl>>& column_control,
         const ReceiverSampleIf<Message>& light);
  ~MobRow() override;

  std::vector<std::unique_ptr<OcpcProcessor>> processors;
  /// The pins view: each processor's wires and receiver module, by column (empty grouped).
  std::vector<std::unique_ptr<OcpcPinNode>> pin_nodes;
};

class MobNetwork : public sc_core::sc_module, public OcpcFabric {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  /// config.shape.topology must be kMob.
  MobNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config);
  ~MobNetwork() override;

  const OcpcShape& shape() const override { return shape_; }
  OcpcProcessor& processor(NodeId i) override {
    return *rows_.at(shape_.row(i))->processors.at(shape_.column(i));
  }
  MessageReceivers& receivers() override { return receivers_; }
  std::vector<MessageBus*> buses() override;
  std::vector<ControlChannel*> control_channels() override;
  MessageBus& row_bus(std::uint32_t r) { return *row_buses_.at(r); }
  MessageBus& column_bus(std::uint32_t c) { return *column_buses_.at(c); }
  NetworkView view() const override { return view_; }
  void trace_pins(NodeId i, sc_core::sc_trace_file* tf) override;

 private:
  OcpcShape shape_;
  NetworkView view_;
  MessageReceivers receivers_;
  std::vector<OcpcPinReceiver*> receivers_by_node_;  ///< the pins view's receiver modules
  std::vector<std::unique_ptr<MessageBus>> row_buses_;
  std::vector<std::unique_ptr<MessageBus>> column_buses_;
  /// The control plane beside every row bus and every column bus (empty without one).
  std::vector<std::unique_ptr<BusControl>> row_control_;
  std::vector<std::unique_ptr<BusControl>> column_control_;
  std::vector<std::unique_ptr<MobRow>> rows_;
  std::unique_ptr<HardwareAcks> acks_;
};

}  // namespace optinet::ocpc
