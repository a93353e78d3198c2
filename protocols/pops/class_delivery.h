#pragma once
/// \file
/// Stage 2 of the `sorting` router for d >= g: delivery after every POPS(g,g) sub-network has
/// been sorted on its own. Mei & Rizzi give only the cost of [8]'s second stage
/// (21 d/g + 3 log g + 7 slots) and [8] is not available to us, so this stage is ours; it takes
/// delivery_slots(shape) = 8 d/g - 1 slots after the predecessor exchange (2 d/g slots). Pure
/// C++ (no SystemC): the SystemC thread and the tests' lockstep model run the same node.
///
/// Geometry (k = d/g sub-networks). Sub-network s is the processors with index s*g .. s*g+g-1
/// of every group. After the sort, its local position q = row*g + a is processor
/// (group a, index s*g + row), so a run of consecutive positions is dealt round-robin over the
/// groups. A destination (A, X) has class I = X mod g and round tau = X div g. The sort key is
/// class first (sort_key() in sorting_network.h), so each sub-network holds the packets of a
/// class as one run of positions [start(s,I), end(s,I)].
///
/// The five phases, slot by slot (every node's actions depend on (d, g), its own position,
/// its packet, its predecessor's packet and what it heard; nothing else):
/// 1. Bounds, 2k slots. In slot s the first position of each run of sub-network s sends
///    (I, start) on c(I, a); in slot k+s the position after each run's end (or the run's last
///    position, if it ends the sub-network) sends (I, end). Processor (I, s*g + a) listens to
///    c(I, a) in both slots, so exactly one processor of group I hears each bound: its holder.
/// 2. Announcement, 2k slots. In slots 2s and 2s+1 the holders of start(s,I) and end(s,I)
///    broadcast on all couplers c(*, I). Every packet of class I listens to c(its group, I) in
///    all 2k slots and so learns the run of its class in every sub-network.
/// 3. Spread, 2k-1 slots. The packet at position q of run (s,I) crosses to group I on
///    c(I, q mod g) in slot offset(s,I) + (q - start(s,I)) div g, where offset(s,I) is the sum
///    over s' < s of ceil(len(s',I)/g). A run puts at most ceil(len/g) packets on one source
///    group, each in its own slot, and sub-networks use disjoint windows, so no coupler carries
///    two frames; the windows end before 2k-1 because a class has at most d packets. In slot u
///    processor (I, x) listens to c(I, x mod g) if u mod k = x div g: every coupler has one
///    listener, and a processor hears at most two packets.
/// 4. Final hop, 2k slots. The packet for (A, X), now in group I = X mod g, goes on c(A, I) in
///    slot tau, or tau+k if its holder already sends another packet of round tau. Processor
///    (A, X) listens to c(A, X mod g) in slots X div g and X div g + k; both slots of that
///    coupler belong to it alone.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "models/pops/pops_node.h"
#include "protocols/pops/offline_plan.h"

namespace optinet::pops {

/// Slots of the delivery after the predecessor exchange: 8 d/g - 1 (d >= g).
std::uint32_t delivery_slots(const PopsShape& shape);

/// One node's part of the delivery.
class DeliveryNode {
 public:
  /// What the node does in one slot: transmit `frame` on the listed couplers (all g of its
  /// group if `to_all_groups`), and listen to c(group, listen) unless listen == kNoGroup.
  struct Action {
    std::optional<Frame> frame;
    std::array<std::uint32_t, 2> to{kNoGroup, kNoGroup};
    bool to_all_groups = false;
    std::uint32_t listen = kNoGroup;
  };

  /// `mine` is the packet at this node's position after the sort, `predecessor` the packet at
  /// the position before it (both nullopt where there is none). Requires d >= g.
  DeliveryNode(const PopsShape& shape, NodeId me, std::optional<Packet> mine,
               std::optional<Packet> predecessor);

  /// The action in slot `slot` of the delivery (0 .. delivery_slots - 1). Slots are visited
  /// in order, each once, with heard() after each.
  Action action(std::uint32_t slot);
  /// What the receiver got in `slot`.
  void heard(std::uint32_t slot, const std::optional<Frame>& frame);

  /// Packets that reached this node as their destination.
  const std::vector<Packet>& delivered() const { return delivered_; }
  /// Packets the node holds (its own until it leaves, and those it carries).
  std::uint32_t buffers() const;

 private:
  std::uint32_t class_of(const Packet& p) const {
    return shape_.index_in_group(p.destination) % g_;
  }
  std::uint32_t round_of(const Packet& p) const {
    return shape_.index_in_group(p.destination) / g_;
  }
  /// True in the slots of phases 3 and 4 in which this node listens.
  bool listens_in_round(std::uint32_t round) const { return round % k_ == sub_; }
  std::optional<Frame> bounds_report(bool ends) const;
  /// Phase 3 slot of mine_'s crossing; needs the announced runs of its class.
  std::uint32_t compute_spread_slot() const;

  PopsShape shape_;
  NodeId me_;
  std::uint32_t g_;
  std::uint32_t k_;
  std::uint32_t group_;
  std::uint32_t sub_;       // s: the sub-network
  std::uint32_t row_;       // index mod g
  std::uint32_t position_;  // q = row*g + group, within the sub-network
  std::optional<Packet> mine_;
  std::optional<Packet> predecessor_;
  std::optional<std::uint32_t> held_start_;  // start(sub_, group_) if this node heard it
  std::optional<std::uint32_t> held_end_;
  std::vector<std::optional<std::uint32_t>> run_start_;  // of mine's class, per sub-network
  std::vector<std::optional<std::uint32_t>> run_end_;
  std::uint32_t spread_slot_ = 0;         // set at the end of the announcement
  std::vector<Packet> carried_;           // packets received in phase 3, in arrival order
  std::vector<std::uint32_t> send_slot_;  // phase-4 slot of each carried packet, kSent once sent
  std::vector<Packet> delivered_;
};

}  // namespace optinet::pops
