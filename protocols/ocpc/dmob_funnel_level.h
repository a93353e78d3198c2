#pragma once
/// \file
/// One funnel level of the split&hash network simulated on the d-dimensional MOB (Theorem 2 of
/// Meyer auf der Heide, Schroeder & Schwarze, section 4), as every split&hash protocol on the
/// mesh runs it: `funnel`, `random-function` and `h-relation` (protocols/ocpc/dmob_*.h).
///
/// A Funnel step with function h_j at level i is iota_i phases (docs/splithash-model.md,
/// reading 22). Phase iota routes psi_j^{i,iota} in 2i + 1 slots over the preprocessed routes
/// (protocols/ocpc/dmob_funnel_plan.h): an active top node t with t in its domain puts a copy of
/// its packet on the route, each node forwards what it holds as its entry says. Then one slot
/// in which the node psi(t) sends the packet along dimension i to the bottom node of the packet's
/// child funnel (coordinate i = the destination's; or keeps it if that is itself). A bottom node
/// that gets more than one packet in the step's phases, or already holds a packet of the level,
/// rejects them all; one that gets exactly one accepts it. Then the acknowledgements go back
/// along the reversed routes, phase iota after phase iota (2i + 2 slots each): every relay
/// remembers from whom it had each packet. A top node whose packet is acknowledged becomes
/// inactive. A receiver lit by two senders in one slot hears nothing (OpticalBus): on this
/// hardware a node cannot tell a collision from silence, so it counts only packets it heard.
///
/// A round is the pass's functions, one step each, and one slot in which the wired-OR line
/// settles; rounds repeat while the line is up, up to the round limit.
#include <cstdint>
#include <optional>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel_plan.h"

namespace optinet::ocpc {

/// Moves a node through the run's global schedule (every node computes the same slot numbers).
class DmobCursor {
 public:
  explicit DmobCursor(OcpcNodeContext& node) : node_(node) {}
  /// To the start of slot t (not before the current one), sleeping through the slots between.
  void go_to(std::uint64_t t);
  /// Slot t: sends `out` to `to` if set; if `listen`, ends the slot and returns what arrived.
  std::optional<Message> act(std::uint64_t t, NodeId to, const std::optional<Message>& out,
                             bool listen);
  /// The schedule's next slot, where every node is after a procedure that used next_slot()
  /// (the wired-OR line, an OCPC procedure on the buses).
  std::uint64_t now() const { return node_.slot(); }

 private:
  OcpcNodeContext& node_;
};

/// How a level runs the Funnel Algorithm (the split&hash network's FunnelPass,
/// protocols/splithash/funnel_level.h). The defaults are Theorem 1's.
struct DmobFunnelPass {
  /// The functions tried in a round: h_first .. h_(first + count - 1); count 0 means all a_i.
  std::uint32_t first_function = 0;
  std::uint32_t function_count = 0;
  /// The most rounds.
  std::uint32_t round_limit = 64;
  /// At the round limit a packet still active is noted stuck (the run fails); otherwise it just
  /// stays in `top` (the modified thinning phase's T rounds, Theorem 4).
  bool stuck_is_error = true;
};

/// Runs funnel level i (1 <= i <= d-1; tops: the nodes holding a packet at level i + 1) from
/// slot `t`, which it advances past the level. `top` is this node's packet at level i + 1: it
/// must have raised the line for it; it is emptied when acknowledged. `held` is the packet it
/// accepted as a bottom node (it accepts only while `held` is empty). Returns the rounds run.
std::uint32_t run_dmob_funnel_level(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t& t,
                                    const DmobFunnelPlan& plan, std::uint32_t i,
                                    std::optional<Packet>& top, std::optional<Packet>& held,
                                    const DmobFunnelPass& pass);

}  // namespace optinet::ocpc
