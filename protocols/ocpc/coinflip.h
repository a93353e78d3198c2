#pragma once
/// \file
/// `coinflip`: the direct strategy of the paper's introduction (section 1) for any h. In every
/// communication step each node that holds undelivered messages flips a fair coin; on heads it
/// sends one of them, chosen uniformly, straight to its destination. A node can send only one
/// message per step, so "each undelivered message with probability 1/2" is read as: the node
/// sends with probability 1/2, and then a uniformly chosen message. The run ends when the
/// wired-OR pending line drops (the step in which every node sees it low is counted).
#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/outbox.h"

namespace optinet::ocpc {

/// Where a packet at node `at` bound for `destination` goes next.
using NextHop = NodeId (*)(const OcpcShape& shape, NodeId at, NodeId destination);

/// The OCPC's hop: straight to the destination.
inline NodeId direct_hop(const OcpcShape&, NodeId, NodeId destination) { return destination; }

/// One coin-flip step: with probability 1/2 a node with packets sends a uniformly chosen one
/// to its next hop; an acknowledged packet leaves `box`, a received one is delivered or kept.
void coinflip_step(OcpcNodeContext& node, Outbox& box, NextHop next_hop = direct_hop);

/// Coin-flip steps until the pending line is low (every packet of every node delivered).
/// Usable as a cleanup after another procedure: `box` holds what this node still has to send.
/// In an open-loop run, coin-flip steps until the host stops the run: whenever the box is
/// empty the node takes its host's next packet (relayed packets go first).
void coinflip_until_done(OcpcNodeContext& node, Outbox& box, NextHop next_hop = direct_hop);

class CoinflipProtocol : public OcpcProtocol {
 public:
  void run(OcpcNodeContext& node) const override;
};

}  // namespace optinet::ocpc
