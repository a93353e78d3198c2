#pragma once
/// \file
/// A bus of the split&hash network seen as an OCPC, so that the OCPC's procedures (GJLR,
/// thinning, coin flips, parallel prefix: protocols/ocpc) run on it unchanged. On an optical
/// crossbar any attached node may address any other, exactly the OCPC.
///
/// - SinkBusAsOcpc: the bus of group g of level 1 joins its k sinks and its k level-1 nodes (an
///   optical crossbar of length 2k), the OCPC of p = 2k processors: OCPC processor c (c < k) is
///   sink g*k + c, OCPC processor k + c is level-1 node g*k + c.
/// - TopBusAsOcpc: the top nodes of the bus of h_j(x) below a group of level L >= 2 (the nodes
///   t of the group with h_j(t) = h_j(x)), the OCPC of their number: OCPC processor m is the top
///   node at local index k + m of that bus.
///
/// The id translation and everything else is protocols/ocpc/bus_as_ocpc.h's.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "models/ocpc/ocpc_node.h"
#include "models/splithash/splithash_node.h"
#include "protocols/ocpc/bus_as_ocpc.h"

namespace optinet::splithash {

/// A split&hash bus as an OCPC (protocols/ocpc/bus_as_ocpc.h).
using BusAsOcpc = ocpc::HostBusAsOcpc<SplitHashNodeContext>;

class SinkBusAsOcpc : public BusAsOcpc {
 public:
  /// `node` is a sink or a level-1 node; `packets` are its packets for sinks of its group (with
  /// their sinks as destinations); `h` is the h every node of the bus is given.
  SinkBusAsOcpc(SplitHashNodeContext& node, const std::vector<Packet>& packets, std::uint32_t h);

 protected:
  NodeId global(NodeId local) const override;
  NodeId local(NodeId global) const override;

 private:
  std::uint64_t group_;
};

class TopBusAsOcpc : public BusAsOcpc {
 public:
  /// `node` is a node of level >= 2; the bus is that of its function `j` (no packets: the
  /// procedures run on it exchange control words, or packets sent with global ids).
  TopBusAsOcpc(SplitHashNodeContext& node, std::uint32_t j);

 protected:
  NodeId global(NodeId local) const override;
  NodeId local(NodeId global) const override;

 private:
  std::uint32_t i_;  ///< the funnel level below the node (its level - 1)
  std::uint32_t j_;
  std::uint64_t group_;
  std::uint64_t l_;  ///< the bottom index of the bus
};

/// The last level of random-function and h-relation: the OCPC's `gjlr` (GJLR93's h-relation
/// algorithm) on every bus to the sinks at once.
class GjlrOnSinkBuses {
 public:
  GjlrOnSinkBuses();
  ~GjlrOnSinkBuses();
  /// Routes a level-1 node's `collected` packets (a sink passes none) over its bus, every node
  /// of the bus given `h`.
  void run(SplitHashNodeContext& node, const std::vector<Packet>& collected, std::uint32_t h) const;

 private:
  std::unique_ptr<ocpc::OcpcProtocol> gjlr_;
};

}  // namespace optinet::splithash
