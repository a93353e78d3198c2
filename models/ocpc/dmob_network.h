#pragma once
/// \file
/// The D-dimensional mesh of optical buses of edge size K (Meyer auf der Heide, Schröder &
/// Schwarze, section 4): N = K^D processors, node id = sum_j x_j K^j, one OpticalBus along every
/// line of every dimension. This module only instantiates and binds.
///
/// Names: dmob.bus_d<j>_<line> is the bus of dimension j along line `line` (the node id with
/// digit j removed, models/topology/dmob_indexing.h), attaching its K processors at local index
/// x_j. Processors are named by their coordinates, most significant first:
/// dmob.x2_3.x1_0.proc7 is node (x_0, x_1, x_2) = (7, 0, 3); for D = 1, dmob.proc7. No scope
/// has more than K children besides the network's buses. dmob.receivers holds the processors'
/// single photodetectors: light from two of a node's D buses in one slot garbles it
/// (ReceiverArray), exactly as on the MOB-PC.
///
/// In the pins view (config.view) every bus is an OcpcPinBus, every processor an OcpcPinProcessor
/// with D transmitters (tx<j>_* into its dimension-j bus, at the bus's input x_j) and a receiver
/// module receiver<v> beside it, wired as on the MOB-PC (ocpc_pin_node.h): the wires live in the
/// processor's scope (dmob.x2_3.x1_0.proc7_tx1_valid, dmob.x2_3.x1_0.receiver7_valid, ...).
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/ocpc/ocpc_network.h"
#include "models/ocpc/ocpc_pin_node.h"

namespace optinet::ocpc {

class DmobScope;

/// The children of one level of the node hierarchy: K scopes x<level>_<v>, or at level 0 K
/// processors proc<v>. Built inside the constructor of the module that owns it (SystemC makes
/// them that module's children); destroyed in reverse creation order (linear teardown).
struct DmobLevel {
  /// `light`: the network's receiver array, which the pins view's receivers read.
  DmobLevel(std::uint32_t level, NodeId base, const OcpcNetworkConfig& config,
            const ReceiverSampleIf<Message>& light, sc_core::sc_in<bool>& clk,
            sc_core::sc_port<RunControlIf>& control);
  ~DmobLevel();
  /// Every processor below, by id, and in the pins view its node's wires and receiver.
  void collect(std::vector<OcpcProcessor*>& by_id, std::vector<OcpcPinNode*>& pins_by_id) const;

  std::vector<std::unique_ptr<DmobScope>> scopes;
  std::vector<std::unique_ptr<OcpcPinNode>> pin_nodes;  ///< the pins view's, at level 0
  std::vector<std::unique_ptr<OcpcProcessor>> processors;
};

/// The nodes whose coordinates above `level` are those of `base` (a node with x_0..x_level 0).
class DmobScope : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  DmobScope(const sc_core::sc_module_name& name, std::uint32_t level, NodeId base,
            const OcpcNetworkConfig& config, const ReceiverSampleIf<Message>& light)
      : sc_core::sc_module(name), children(level, base, config, light, clk, control) {}

  DmobLevel children;
};

class DmobNetwork : public sc_core::sc_module, public OcpcFabric {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  /// config.shape.topology must be kDmob (or kMob: the same mesh with D = 2 and these names).
  DmobNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config);
  ~DmobNetwork() override;

  const OcpcShape& shape() const override { return shape_; }
  OcpcProcessor& processor(NodeId i) override { return *by_id_.at(i); }
  MessageReceivers& receivers() override { return receivers_; }
  /// Dimension 0's buses by line, then dimension 1's, ...
  std::vector<MessageBus*> buses() override;
  MessageBus& bus(std::uint32_t dimension, std::uint32_t line) {
    return *buses_.at(std::uint64_t{dimension} * shape_.mesh().lines_per_dimension() + line);
  }
  void trace_pins(NodeId i, sc_core::sc_trace_file* tf) override;

 private:
  OcpcShape shape_;
  MessageReceivers receivers_;
  std::vector<std::unique_ptr<MessageBus>> buses_;
  std::unique_ptr<DmobLevel> nodes_;  ///< coordinate D-1's scopes (D = 1: the processors)
  std::vector<OcpcProcessor*> by_id_;
  std::vector<OcpcPinNode*> pins_by_id_;             ///< the pins view's nodes
  std::vector<OcpcPinReceiver*> receivers_by_node_;  ///< the pins view's receiver modules
  std::unique_ptr<HardwareAcks> acks_;
};

}  // namespace optinet::ocpc
