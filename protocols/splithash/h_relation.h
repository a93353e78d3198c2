#pragma once
/// \file
/// `h-relation`: routing an h-relation (every source at most h packets, every sink the
/// destination of at most h) on a random (N, d, a) split&hash network, Theorem 4 (a).
///
/// 1. Batches. The packets go in 1/eps batches chosen as in Theorem 1 (batch b: destination
///    y with y mod (1/eps) = b). In each batch, for the funnels between levels i+1 and i,
///    i = d-1 down to 1, the Modified Thinning Phase (thinning.h) moves the main part of the
///    batch's packets at level i+1 down to level i. What it leaves at a node stays there (the
///    node's remainder); a level-1 node keeps what reaches it.
/// 2. The remainder, level by level from d down to 2: the nodes of level L that hold packets
///    raise the wired-OR line for one slot; if it is up, the packets of each group of level L
///    are spread so that each node holds at most two (redistribute.h), then sent down by the
///    random-function algorithm (random_batches.h: two slots of rho/eps random batches, the
///    Funnel Algorithm at every level down to level 1). A packet that a level's round limit
///    leaves behind stays at that level: one left at level L is sent by the next application
///    at level L (at most settings().applications in all, then it is reported stuck), one left
///    below when its level's turn comes.
/// 3. The last level: GJLR93's h-relation algorithm on every bus to the sinks, as the
///    random-function protocol runs it (sink_bus_ocpc.h), with h' = max(h, the largest number
///    of packets a level-1 node holds). Every level-1 node learns that maximum from the wired-OR
///    line, one slot per bit (wired_or_max).
/// The readings of the sketch are docs/splithash-model.md, readings 13-19.
#include <cstdint>

#include "models/splithash/splithash_node.h"
#include "protocols/ocpc/wired_or.h"
#include "protocols/splithash/sink_bus_ocpc.h"

namespace optinet::splithash {

using ocpc::wired_or_max;  // the wired-OR maximum (protocols/ocpc/wired_or.h)

class HRelationProtocol : public SplitHashProtocol {
 public:
  /// Packets a node may hold for the random-function algorithm after the redistribution.
  static constexpr std::uint32_t kSlots = 2;
  /// Bits of the wired-OR maximum of the level-1 loads (loads are below 2^16).
  static constexpr std::uint32_t kLoadBits = 16;

  void run(SplitHashNodeContext& node) const override;

 private:
  GjlrOnSinkBuses last_level_;
};

}  // namespace optinet::splithash
