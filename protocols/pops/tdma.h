#pragma once
/// \file
/// A collision-free TDMA baseline for POPS(d,g): a fixed slot schedule that every node computes
/// from the slot number, single hop, no acknowledgements. Our schedule (the papers give none):
/// a frame of n = d*g slots; in slot t let u = t mod d and v = (t div d) mod g.
///   * Coupler c(b, a) belongs to source (a, k) with k = (u + b) mod d: one owner per coupler,
///     so no coupler ever collides. (For g > d a source owns several couplers of its group;
///     it still sends one frame.)
///   * Receiver (b, j) listens to c(b, (v + j) mod g).
/// So source (a, k) reaches destination (b, j) in exactly the slot of the frame with
/// u = (k - b) mod d and v = (a - j) mod g: every pair once per frame. In a slot a source sends
/// the oldest of its packets whose destination it reaches then (a virtual output queue; under
/// a sustained load the host's injection queue, searched by destination), so
/// the capacity under uniform traffic is g/d packets per node per slot for d >= g (each
/// coupler carries one packet per slot) and 1 for d < g (each receiver one).
#include <cstdint>
#include <vector>

#include "models/networks/pops_node.h"

namespace optinet::pops {

/// The source index in group `a` that owns coupler c(b, a) in slot t.
std::uint32_t tdma_owner(const PopsShape& s, std::uint64_t t, std::uint32_t b);
/// The source group that receiver (b, j) listens to in slot t.
std::uint32_t tdma_listened_group(const PopsShape& s, std::uint64_t t, std::uint32_t j);
/// True if node `from` may send to node `to` in slot t.
bool tdma_reaches(const PopsShape& s, std::uint64_t t, NodeId from, NodeId to);
/// Every node `from` may send to in slot t (replaces `out`'s contents).
void tdma_reachable(const PopsShape& s, std::uint64_t t, NodeId from, std::vector<NodeId>& out);

class TdmaRouter : public PopsProtocol {
 public:
  void run(PopsNodeContext& node) const override;
};

}  // namespace optinet::pops
