#pragma once
/// \file
/// `dim-order` (D-dimensional MOB) and `row-column` (MOB-PC, the same protocol under its older
/// name): a direct baseline, not the papers' algorithms (section 4 of Goldberg et al. on the
/// MOB-PC; the Theorem 2 embedding of Meyer auf der Heide et al. on the D-dimensional MOB).
/// A message corrects its coordinates in increasing dimension order: at node x it goes, on the
/// bus of the lowest dimension j with x_j != y_j, to the node x with x_j replaced by y_j; so it
/// takes one hop per coordinate in which source and destination differ, dimension 0 first. On
/// the MOB-PC (row = x_1, column = x_0) that is along the row bus to the destination's column,
/// then down the column bus. Contention is resolved by the coin-flip rule: each step a node
/// holding messages sends, with probability 1/2, one chosen uniformly, to its next hop. Relays
/// keep what they receive (their buffers are reported as max_buffers). The run ends when the
/// wired-OR line drops.
#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

/// The next hop of a packet at `at` bound for `destination` (at != destination) on a mesh.
NodeId dim_order_next_hop(const OcpcShape& shape, NodeId at, NodeId destination);

class DimOrderProtocol : public OcpcProtocol {
 public:
  void run(OcpcNodeContext& node) const override;
};

}  // namespace optinet::ocpc
