#pragma once
/// \file
/// `row-column`: a direct baseline for the p x p MOB-PC (not the paper's algorithm, which is
/// section 4's five steps). A message at node (r, c) for (r', c') first goes along row r to
/// (r, c') (the row bus), then along column c' to (r', c') (the column bus); a message already
/// in its destination's column goes straight down the column. Contention is resolved by the
/// coin-flip rule: each step a node holding messages sends, with probability 1/2, one chosen
/// uniformly, to its next hop. Relays keep what they receive (their buffers are reported as
/// max_buffers). The run ends when the wired-OR line drops.
#include "models/networks/ocpc_node.h"

namespace optinet::ocpc {

/// The next hop of a packet at `at` bound for `destination` (at != destination).
NodeId row_column_next_hop(const OcpcShape& shape, NodeId at, NodeId destination);

class RowColumnProtocol : public OcpcProtocol {
 public:
  void run(OcpcNodeContext& node) const override;
};

}  // namespace optinet::ocpc
