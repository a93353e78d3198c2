#pragma once
/// \file
/// `funnel` on the d-dimensional MOB: Theorem 2 of Meyer auf der Heide, Schroeder & Schwarze
/// (section 4), the simulation of the Funnel Algorithm of a random (k^d, d, a) split&hash network
/// (protocols/splithash/funnel.h) on the MOB of edge k.
///
/// MOB node v plays node v of every level of the split&hash network (the embedding of
/// models/topology/split_hash_embedding.h). Batches and levels are those of Theorem 1 and the
/// split&hash `funnel` (docs/splithash-model.md, readings 4-9): 1/eps batches by destination mod
/// 1/eps, then per batch the funnel levels i = d-1 .. 1 and the last level.
///
/// A Funnel step with function h_j at level i is simulated as protocols/ocpc/dmob_funnel_level.h
/// says: iota_i phases over the preprocessed routes, the hop to the bottom node, and the
/// acknowledgements back along the routes.
///
/// A round is a_i steps and one slot in which the wired-OR line settles; rounds repeat while the
/// line is up, up to the round limit (then the node gives up on its packet: `stuck`). The last
/// level (1 -> 0) is a step on the bus of dimension 0 (a level-1 node and its group's sinks
/// differ in coordinate 0 only): data, acknowledgement, line slot, repeated while the line is
/// up.
#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel_plan.h"

namespace optinet::ocpc {

/// A split&hash protocol simulated on the d-dimensional MOB: the embedded network's plan (the
/// preprocessing), its batches (1/eps) and round limit.
class DmobSplitHashProtocol : public OcpcProtocol {
 public:
  /// Runs the preprocessing (the plan) for the mesh `shape` (kDmob).
  DmobSplitHashProtocol(const OcpcShape& shape, const DmobFunnelOptions& options);

  const DmobFunnelPlan& plan() const { return plan_; }
  std::uint32_t batches() const { return batches_; }

 protected:
  DmobFunnelPlan plan_;
  std::uint32_t batches_;
  std::uint32_t round_limit_;
};

class DmobFunnelProtocol : public DmobSplitHashProtocol {
 public:
  using DmobSplitHashProtocol::DmobSplitHashProtocol;
  void run(OcpcNodeContext& node) const override;
};

}  // namespace optinet::ocpc
