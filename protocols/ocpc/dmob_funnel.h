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
/// A Funnel step with function h_j at level i is iota_i phases (docs/splithash-model.md,
/// reading 22). Phase iota routes psi_j^{i,iota} in 2i + 1 slots over the preprocessed routes
/// (protocols/ocpc/dmob_funnel_plan.h): an active top node t with t in its domain puts a copy of
/// its packet on the route, each node forwards what it holds as its entry says. Then one slot
/// in which the node psi(t) sends the packet along dimension i to the bottom node of the packet's
/// child funnel (coordinate i = the destination's; or keeps it if that is itself). A bottom node
/// that gets more than one packet in the step's phases, or already holds a packet of the batch,
/// rejects them all; one that gets exactly one accepts it. Then the acknowledgements go back
/// along the reversed routes, phase iota after phase iota (2i + 2 slots each): every relay
/// remembers from whom it had each packet. A top node whose packet is acknowledged becomes
/// inactive. A receiver lit by two senders in one slot hears nothing (OpticalBus): on this
/// hardware a node cannot tell a collision from silence, so it counts only packets it heard.
///
/// A round is a_i steps and one slot in which the wired-OR line settles; rounds repeat while the
/// line is up, up to the round limit (then the node gives up on its packet: `stuck`). The last
/// level (1 -> 0) is a step on the bus of dimension 0 (a level-1 node and its group's sinks
/// differ in coordinate 0 only): data, acknowledgement, line slot, repeated while the line is
/// up.
#include "models/networks/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel_plan.h"

namespace optinet::ocpc {

class DmobFunnelProtocol : public OcpcProtocol {
 public:
  /// Runs the preprocessing (the plan) for the mesh `shape` (kDmob).
  DmobFunnelProtocol(const OcpcShape& shape, const DmobFunnelOptions& options);
  void run(OcpcNodeContext& node) const override;

  const DmobFunnelPlan& plan() const { return plan_; }
  std::uint32_t batches() const { return batches_; }

 private:
  DmobFunnelPlan plan_;
  std::uint32_t batches_;
  std::uint32_t round_limit_;
};

}  // namespace optinet::ocpc
