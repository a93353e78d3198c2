#pragma once
/// \file
/// A collision-free TDMA baseline for POPS(d,g): a fixed slot schedule that every node computes
/// from the slot number, single hop, no acknowledgements. Our schedule (the papers give none),
/// a frame of n = d*g slots in which every (source, destination) pair owns exactly one slot:
///   * d <= g: slot t = (s1, s2) with s1 = t mod g, s2 = (t div g) mod d. Source (a, k) sends to
///     (b, j) = ((a + k + s1) mod g, (k + s2) mod d). The d sources of a group go to d distinct
///     groups (one frame per coupler) and every receiver has exactly one sender: each slot is a
///     full permutation, so the schedule can carry one packet per node per slot.
///   * d > g: u = t mod d, v = (t div d) mod g; coupler c(b, a) belongs to source (a, (u + b)
///     mod d), and receiver (b, j) listens to c(b, (v + j) mod g). A source then reaches d/g
///     receivers of one group (or none), and the couplers, g*g frames per slot for n sources,
///     are the limit: g/d per node per slot, as the hardware's.
/// In a slot a source sends the oldest of its packets whose destination it reaches (a virtual
/// output queue; under a sustained load the host's injection queue, searched by destination).
#include <cstdint>
#include <memory>
#include <vector>

#include "models/pops/pops_node.h"

namespace optinet::pops {

/// The source group that `receiver` listens to in slot t.
std::uint32_t tdma_listened_group(const PopsShape& s, std::uint64_t t, NodeId receiver);
/// The indices of the receivers of group b that listen to source group a in slot t, ascending
/// (replaces `out`'s contents): the inverse of tdma_listened_group.
void tdma_listeners(const PopsShape& s, std::uint64_t t, std::uint32_t b, std::uint32_t a,
                    std::vector<std::uint32_t>& out);
/// True if node `from` may send to node `to` in slot t.
bool tdma_reaches(const PopsShape& s, std::uint64_t t, NodeId from, NodeId to);
/// Every node `from` may send to in slot t (replaces `out`'s contents).
void tdma_reachable(const PopsShape& s, std::uint64_t t, NodeId from, std::vector<NodeId>& out);

/// One TDMA node slot by slot: the packets it was loaded with as its virtual output queue, and
/// in an open-loop run its host's injection queue taken by destination. An open-loop node with
/// nothing queued sleeps until its host's next packet (idle_until).
class TdmaNodeSteps : public PopsNodeSteps {
 public:
  /// The prologue: delivers the packets loaded for the node itself, queues the others.
  explicit TdmaNodeSteps(PopsNodeContext& node);
  bool running(PopsNodeContext& node) const override { return open_ || node.any_pending(); }
  void act(PopsNodeContext& node) override;
  void after_slot(PopsNodeContext& node) override;
  std::uint64_t idle_until(PopsNodeContext& node) override;

 private:
  PopsShape shape_;
  NodeId me_;
  bool open_;
  bool sleeps_ = false;
  std::vector<Packet> queue_;  ///< the loaded packets not sent yet, oldest first
  std::vector<NodeId> reachable_;
};

class TdmaRouter : public PopsProtocol {
 public:
  std::unique_ptr<PopsNodeSteps> steps(PopsNodeContext& node) const override;
  void run(PopsNodeContext& node) const override;
};

}  // namespace optinet::pops
