#pragma once
/// \file
/// The `sorting` router: the deterministic online router of Datta and Soundaralakshmi ([8] in
/// Mei & Rizzi) as Mei & Rizzi describe it in sections II and IV, column B of their Table I.
/// Every processor knows only its own packet. Run length: sorting_slots(shape), the same for
/// every (partial) permutation.
///
/// Stage 1, the sort (sorting_network.h has the stages, the placement and the keys): Batcher's
/// odd-even merge sort (or bitonic sort), each comparator stage realized on the network by
/// Lemma 2.2. Both ends of every comparator send their packet to each other along the stage's
/// exchange permutation, scheduled by Theorem 2.1 (plan_comparator_stage); the low end keeps
/// the smaller key, the high end the larger. A processor without a packet sends nothing, and its
/// partner, hearing nothing, treats it as a key larger than every destination (the dummy key of
/// a partial permutation). For d >= g the sort runs inside each POPS(g,g) sub-network, as in
/// [8]: its cost is [8]'s sort term, (d/g)(4 log^2 g + 2 log g).
///
/// Stage 2, delivery. d >= g: every position hears its predecessor's packet (one more exchange,
/// Theorem 2.1), then the class delivery of class_delivery.h (8 d/g - 1 slots). d < g (outside
/// [8]'s setting): the sort is over all n positions, and log n monotone "distribute" stages
/// carry each packet from its rank to its destination.
///
/// The schedules depend on (d, g) only: they are computed once, when the protocol is built for
/// a shape, before any traffic exists; each processor executes only its own part, like a
/// program in its ROM. What moves and what is kept is decided by each processor from the keys
/// it holds and hears. No coupler ever carries two frames in a slot.
///
/// Choice the papers leave open: Mei & Rizzi give only the cost of [8]'s second stage,
/// 21 d/g + 3 log g + 7 slots, and [8] is not available to us, so the class delivery is ours. It
/// takes 10 d/g - 1 slots with the predecessor exchange, within that cost for every d >= g.
#include <cstdint>
#include <vector>

#include "models/pops/pops_node.h"
#include "protocols/pops/offline_plan.h"
#include "protocols/pops/sorting_network.h"

namespace optinet::pops {

class SortingRouter : public PopsProtocol {
 public:
  /// Plans the stage schedules of POPS(d,g); throws std::invalid_argument unless
  /// sorting_unavailable(shape) is empty.
  SortingRouter(const PopsShape& shape, Sorter sorter);

  void run(PopsNodeContext& node) const override;

  const std::vector<SortStage>& stages() const { return stages_; }
  /// Distinct exchange schedules planned (stages with the same matching share one).
  std::size_t distinct_schedules() const { return schedules_.size(); }

 private:
  /// An exchange schedule with every node's actions in one array: node i's actions are
  /// actions[first[i] .. first[i+1]), in increasing slot order.
  struct CompactSchedule {
    std::uint32_t slots = 0;
    std::vector<OfflineAction> actions;
    std::vector<std::uint32_t> first;
  };

  /// Runs one exchange: sends `outgoing` (if any) to the partner, relays what the schedule
  /// says, and returns what arrived for this node.
  std::optional<Packet> exchange(PopsNodeContext& node, const CompactSchedule& schedule,
                                 const std::optional<Packet>& outgoing) const;
  static CompactSchedule compact(const OfflineSchedule& plan);
  /// The class delivery (class_delivery.h) after a sort into POPS(g,g) sub-networks.
  void deliver_by_class(PopsNodeContext& node, const std::optional<Packet>& mine,
                        const std::optional<Packet>& predecessor) const;

  PopsShape shape_;
  std::vector<SortStage> stages_;
  std::vector<CompactSchedule> schedules_;
  std::vector<std::uint32_t> schedule_of_stage_;
  CompactSchedule successor_;              // d >= g: each position hears its predecessor
  std::vector<std::uint32_t> all_groups_;  // d >= g: 0..g-1, for the class delivery's broadcasts
};

}  // namespace optinet::pops
