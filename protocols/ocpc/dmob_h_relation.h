#pragma once
/// \file
/// `h-relation` on the d-dimensional MOB: Theorem 4 (b) of Meyer auf der Heide, Schroeder &
/// Schwarze, the split&hash h-relation algorithm (protocols/splithash/h_relation.h, Theorem 4 (a))
/// simulated on the mesh as `funnel` simulates Theorem 1's (protocols/ocpc/dmob_funnel.h). MOB
/// node v plays node v of every level, so it keeps its packets per level.
///
/// 1. Batches (destination mod 1/eps). In each batch, for i = d-1 down to 1, the Modified
///    Thinning Phase (protocols/splithash/thinning.h: the same schedule, function groups and
///    inactivation rule) moves the main part of the batch's packets at level i+1 down to level
///    i, each iteration T rounds of the simulated Funnel Algorithm (dmob_funnel_level.h) with
///    the iteration's group of functions. What it leaves at level i+1 stays there (the node's
///    remainder of that level); what reaches level 1 is kept.
/// 2. The remainder, level by level from d down to 2: one slot of the wired-OR line says
///    whether any node holds packets of the level; if so they are spread so that each node holds
///    at most two, then sent down by the random-function algorithm (dmob_random_batches.h: two
///    slots of rho/eps random batches). A packet a level's round limit leaves behind stays at
///    that level, for the next application (at most `applications` in all, then reported
///    stuck) or for its level's turn.
///    The spreading: the paper partitions each level's top nodes into sets of O(log^3 k^(i+1))
///    and balances each set by a parallel prefix; on the mesh "O(d) additional permutations
///    bring together the sets". Here the sets are the buses of dimension 0 (K nodes; every
///    group of level L >= 1 is a union of them, so a packet may move along one without leaving
///    its coarse path), which need no additional permutation: the prefix and the moves of the
///    split&hash network's redistribution (protocols/splithash/redistribute.h; spread.h)
///    run on the bus as on an OCPC of K processors (dmob_line_ocpc.h).
/// 3. The last level: GJLR on every bus of dimension 0 (dmob_random_function.h, gjlr_on_lines)
///    with h' = max(h, the largest number of packets a node holds at level 1), learnt from the
///    wired-OR line, one slot per bit.
#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel.h"
#include "protocols/ocpc/gjlr.h"

namespace optinet::ocpc {

class DmobHRelationProtocol : public DmobSplitHashProtocol {
 public:
  /// Packets a node may hold for the random-function algorithm after the spreading.
  static constexpr std::uint32_t kSlots = 2;
  /// Bits of the wired-OR maxima of the loads (loads are below 2^16).
  static constexpr std::uint32_t kLoadBits = 16;

  DmobHRelationProtocol(const OcpcShape& shape, const DmobFunnelOptions& options);
  void run(OcpcNodeContext& node) const override;

 private:
  std::uint32_t applications_;
  splithash::ThinningParams thinning_;
  GjlrProtocol gjlr_;
};

}  // namespace optinet::ocpc
