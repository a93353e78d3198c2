#pragma once
/// \file
/// `funnel`: permutation routing on a random (N, d, a) split&hash network, Theorem 1.
///
/// The packets are routed in 1/eps batches (batch b: the packets whose destination y has
/// y mod (1/eps) = b), one after the other. A batch takes d rounds of levels: the Funnel
/// Algorithm in every funnel between levels i+1 and i, for i = d-1 down to 1, then one step
/// from level 1 to the sinks over the complete bipartite buses.
///
/// Funnel Algorithm (section 3), per funnel level: every top node that holds a packet of the
/// batch is active; a round is a_i steps, step j trying function h_j: the node sends its packet
/// to bottom node h_j(x) of the child funnel on the packet's coarse path, and becomes inactive
/// when that node acknowledges it. Rounds repeat while any node of the level is active.
///
/// Choices the text leaves open (docs/splithash-model.md):
/// - A bottom node acknowledges a packet only if it alone was sent to it in the step (the
///   paper's "only processor l tried to send") and it holds no packet of the batch yet: Main
///   Lemma (a) delivers to distinct nodes, and the next round starts from "different
///   processors". A full bottom node stays silent, so its sender tries its next function.
/// - The end of a level is seen on the machine's wired-OR line: active top nodes hold it
///   raised; every node of the network reads it after each round (a_i steps) and the next
///   level starts when it is low. Nodes with nothing to do sleep through the round.
/// - The last level repeats its single step while the line is up (a permutation never needs a
///   second step there; the repetition is what keeps partial h-relations correct).
#include "models/splithash/splithash_node.h"

namespace optinet::splithash {

class FunnelProtocol : public SplitHashProtocol {
 public:
  void run(SplitHashNodeContext& node) const override;
};

}  // namespace optinet::splithash
