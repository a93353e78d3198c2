#pragma once
/// \file
/// A collision-free TDMA baseline on the OCPC and the MOB-PC: a fixed schedule of cyclic
/// shifts that every node computes from the slot number; data slots only, no acknowledgements
/// (nothing can collide). Our schedule (the paper gives none):
///   * OCPC, slot t: node i sends to (i + s) mod p with s = 1 + t mod (p - 1). Every receiver
///     has exactly one sender, and every pair gets one slot in p - 1.
///   * MOB-PC, row first: in even slots the row buses carry shift s = 1 + (t/2) mod (p - 1),
///     (r, c) -> (r, c + s); in odd slots the column buses, (r, c) -> (r + s, c). A packet moves
///     along its row to its destination's column, then along that column (it waits at the
///     relay in the relay's queue).
/// In its slot a node sends the oldest packet whose next hop is the slot's target.
#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

/// The node `from` sends to in slot t (the shift of that slot).
NodeId tdma_target(const OcpcShape& shape, std::uint64_t t, NodeId from);

class TdmaProtocol : public OcpcProtocol {
 public:
  void run(OcpcNodeContext& node) const override;
};

}  // namespace optinet::ocpc
