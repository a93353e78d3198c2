#pragma once
/// \file
/// The first part of the random-function algorithm (Corollary 3) on the d-dimensional MOB, from
/// any level: each packet at level `from` takes a random batch, and the batches go down the
/// simulated funnels from level `from` to level 1 one after the other
/// (protocols/ocpc/dmob_funnel_level.h). A level-1 node keeps what reaches it, at most one packet
/// per batch. The batch draw is the split&hash network's (draw_batches,
/// protocols/funnel/funnel_phases.h), from the node's own stream.
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel_level.h"

namespace optinet::ocpc {

class DmobRandomBatches {
 public:
  /// Draws the batches of `packets` (this node's at level `from`) and raises the line for the
  /// packet of batch 0.
  DmobRandomBatches(OcpcNodeContext& node, std::uint32_t from, const std::vector<Packet>& packets,
                    std::uint32_t per_slot, std::uint32_t slots);

  /// This node's packets that took no batch (beyond `slots`).
  const std::vector<Packet>& unsent() const { return unsent_; }

  /// Runs the batches from slot `t` (advanced past them); a packet that reaches level 1 here is
  /// appended to `collected`. With pass.stuck_is_error off, a packet that stays at this node
  /// after level i's round limit is appended to `left[i + 1]` (it stays at level i + 1).
  void run(DmobCursor& cursor, std::uint64_t& t, const DmobFunnelPlan& plan,
           const DmobFunnelPass& pass, std::vector<Packet>& collected,
           std::vector<std::vector<Packet>>& left);

 private:
  OcpcNodeContext& node_;
  std::uint32_t from_;
  std::uint32_t batches_;
  std::vector<Packet> unsent_;  ///< before assigned_: draw_batches fills it
  std::vector<std::pair<std::uint32_t, Packet>> assigned_;  ///< (batch, packet)
};

}  // namespace optinet::ocpc
