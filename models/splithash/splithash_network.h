#pragma once
/// \file
/// The optical crossbar version of a random (N, d, a) split&hash network. This module only
/// instantiates and binds: splithash.level2.node17 is node 17 of level 2;
/// splithash.funnel1.g0_bus5 is the bus of bottom index 5 in the funnels below group 0 of
/// level 2 (joining the 5th bottom node of each child with the top nodes hashed to it);
/// splithash.sinks.g3_bus joins the k nodes of group 3 of level 1 with their k sinks;
/// splithash.receivers holds every node's photodetector.
///
/// In the pins view (network_view.h) every bus is an OcpcPinBus and every node an OcpcPinProcessor
/// with one transmitter per bus it lights, in the order of its tx ports (tx_* for one bus, else
/// tx<j>_*), wired to the bus's input at the node's local index, beside its receiver module
/// (ocpc_pin_node.h): splithash.level2.node17_tx1_valid, splithash.level2.receiver17_valid, ...
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/network_view.h"
#include "models/core/run_control.h"
#include "models/ocpc/ocpc_pin_node.h"
#include "models/optical/optical_bus.h"
#include "models/splithash/splithash_processor.h"

namespace optinet::splithash {

using MessageBus = OpticalBus<Message>;
using MessageReceivers = ReceiverArray<Message>;
/// The pins view's split&hash node.
using SplitHashPinProcessor = ocpc::OcpcPinProcessor<SplitHashProcessor, SplitHashProcessorConfig>;

struct SplitHashNetworkConfig {
  const SplitHashWiring* wiring = nullptr;
  SplitHashSettings settings;
  const SplitHashProtocol* protocol = nullptr;
  NetworkView view = NetworkView::kGrouped;
};

/// Builds a bus named `name` attaching `members` (by local index).
using BusMaker = std::function<std::unique_ptr<MessageBus>(
    const std::string& name, const OpticalBusConfig& config, std::vector<NodeId> members)>;

/// The nodes of one level (a scope, so that no module has more than N children).
class SplitHashLevel : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};
  /// `light`: the network's receiver array, which the pins view's receivers read.
  SplitHashLevel(const sc_core::sc_module_name& name, std::uint32_t level,
                 const SplitHashNetworkConfig& config, const ReceiverSampleIf<Message>& light);
  ~SplitHashLevel() override;
  /// The pins view's nodes (wires and receiver modules) by index (empty grouped).
  std::vector<std::unique_ptr<ocpc::OcpcPinNode>> pin_nodes;
  std::vector<std::unique_ptr<SplitHashProcessor>> processors;
};

/// The buses below one level: the funnel buses between levels i+1 and i (i >= 1), in group,
/// block and bottom index order, or the buses to the sinks (i = 0), in group order.
class SplitHashBuses : public sc_core::sc_module {
 public:
  /// `make`: builds a bus (grouped: a MessageBus; pins: an OcpcPinBus).
  SplitHashBuses(const sc_core::sc_module_name& name, std::uint32_t i,
                 const SplitHashWiring& wiring, const BusMaker& make);
  ~SplitHashBuses() override;
  /// The bus that bottom node x of level i is attached to (x's bottom index must be in a
  /// block), and its top nodes' bus j.
  MessageBus& bus_of_bottom(std::uint64_t x);
  std::vector<std::unique_ptr<MessageBus>> buses;

 private:
  const SplitHashShape& shape_;
  std::uint32_t i_;
};

class SplitHashNetwork : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  SplitHashNetwork(const sc_core::sc_module_name& name, const SplitHashNetworkConfig& config);
  ~SplitHashNetwork() override;

  const SplitHashShape& shape() const { return wiring_.shape(); }
  /// The node with global id `id` (level * N + index).
  SplitHashProcessor& processor(NodeId id) {
    return *levels_.at(shape().level_of(id))->processors.at(shape().index_of(id));
  }
  MessageReceivers& receivers() { return receivers_; }
  /// Every bus: the funnel buses from level d-1 down to 1, then the buses to the sinks.
  std::vector<MessageBus*> buses() const;
  /// Clears slot stamps between runs (slot numbers restart with each run).
  void reset_media();
  NetworkView view() const { return view_; }
  /// The pins view: traces node i's transmitter and receiver wires (none grouped).
  void trace_pins(NodeId i, sc_core::sc_trace_file* tf);

 private:
  /// The buses node (level, x) lights, in the order of its tx ports.
  std::vector<MessageBus*> buses_of(std::uint32_t level, std::uint64_t x) const;

  const SplitHashWiring& wiring_;
  MessageReceivers receivers_;
  NetworkView view_;
  /// The pins view's receiver modules by global id (empty grouped).
  std::vector<ocpc::OcpcPinReceiver*> receivers_by_node_;
  /// below_[i]: the buses below level i+1 (below_[0]: to the sinks).
  std::vector<std::unique_ptr<SplitHashBuses>> below_;
  std::vector<std::unique_ptr<SplitHashLevel>> levels_;
};

}  // namespace optinet::splithash
