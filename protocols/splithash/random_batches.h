#pragma once
/// \file
/// The first part of Corollary 3 (a)'s random-function algorithm, from any level: each packet
/// at level `from` takes a random batch, and the batches go down the funnels from level `from`
/// to level 1 one after the other (the Funnel Algorithm, funnel_level.h); a level-1 node keeps
/// what reaches it, at most one packet per batch.
///
/// A node may start with several packets (Theorem 4's remainder, at most two per node after
/// the redistribution): its m-th packet (m < slots) takes one of the batches
/// m * per_slot .. (m + 1) * per_slot - 1, drawn from the node's own stream, so a node sends
/// at most one packet a batch; its packets beyond `slots` wait (unsent()).
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "models/splithash/splithash_node.h"
#include "protocols/funnel/funnel_phases.h"
#include "protocols/splithash/funnel_level.h"

namespace optinet::splithash {

class RandomBatches {
 public:
  /// Draws the batches of `packets` (this node's if it is at level `from`, else pass none) and
  /// raises the line for the packet of batch 0 (call it in the prologue to have the line up
  /// in slot 0).
  RandomBatches(SplitHashNodeContext& node, std::uint32_t from, const std::vector<Packet>& packets,
                std::uint32_t per_slot, std::uint32_t slots);

  std::uint32_t batches() const { return batches_; }
  /// This node's packets that took no batch (beyond `slots`).
  const std::vector<Packet>& unsent() const { return unsent_; }

  /// Runs the batches; a level-1 node appends what reaches it to `collected`. With
  /// pass.stuck_is_error off, a packet that stays at this node after a level's round limit is
  /// appended to `stuck` (it stays at this node's level) and the node is free again.
  void run(std::vector<Packet>& collected, std::vector<Packet>& stuck, const FunnelPass& pass);

 private:
  SplitHashNodeContext& node_;
  std::uint32_t from_;
  std::uint32_t batches_;
  std::vector<Packet> unsent_;  ///< before assigned_: draw_batches fills it
  std::vector<std::pair<std::uint32_t, Packet>> assigned_;  ///< (batch, packet)
  std::optional<Packet> held_;
};

}  // namespace optinet::splithash
