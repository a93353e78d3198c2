#include "protocols/ocpc/reservation.h"

#include <map>
#include <vector>

#include "models/core/destination_lists.h"
#include "protocols/ocpc/dim_order.h"
#include "protocols/ocpc/tdma.h"

namespace optinet::ocpc {

namespace {

using Control = OcpcNodeContext::Control;

/// A node's packets by next hop (virtual output queues, oldest first in each), with how many
/// wait for each next hop: a take costs the same at any queue length, a choice the logarithm
/// of the next hops held.
class HopQueues {
 public:
  HopQueues(const OcpcShape& shape, NodeId me) : shape_(shape), me_(me), by_hop_(shape.n()) {}

  NodeId next_hop(NodeId destination) const {
    return shape_.topology == Topology::kMob ? dim_order_next_hop(shape_, me_, destination)
                                             : destination;
  }
  void add(const Packet& p) {
    const NodeId hop = next_hop(p.destination);
    by_hop_.push(hop, p);
    ++waiting_[hop];
  }
  std::size_t size() const { return by_hop_.size(); }
  bool empty() const { return by_hop_.empty(); }
  /// True if a packet for next hop `hop` waits beyond the one already requested for `busy`.
  bool has_for(NodeId hop, NodeId busy) const {
    const auto it = waiting_.find(hop);
    return it != waiting_.end() && it->second > (hop == busy ? 1U : 0U);
  }
  /// The first next hop, cyclically from `from`, with a packet waiting beyond the one already
  /// requested for `busy`; kNoNode if none.
  NodeId choose(NodeId from, NodeId busy) const {
    const auto usable = [&](const auto& entry) {
      return entry.second > (entry.first == busy ? 1U : 0U);
    };
    for (auto it = waiting_.lower_bound(from); it != waiting_.end(); ++it) {
      if (usable(*it)) return it->first;
    }
    for (auto it = waiting_.begin(); it != waiting_.end() && it->first < from; ++it) {
      if (usable(*it)) return it->first;
    }
    return kNoNode;
  }
  /// Removes and returns the oldest packet whose next hop is `hop`, if any.
  std::optional<Packet> take(NodeId hop) {
    if (by_hop_.front(hop) == nullptr) return std::nullopt;
    if (--waiting_[hop] == 0) waiting_.erase(hop);
    return by_hop_.pop(hop);
  }

 private:
  OcpcShape shape_;
  NodeId me_;
  DestinationLists<Packet> by_hop_;
  std::map<NodeId, std::uint32_t> waiting_;  ///< next hop -> packets (none kept at 0)
};

}  // namespace

void ReservationProtocol::run(OcpcNodeContext& node) const {
  const OcpcShape& s = node.shape();
  const NodeId me = node.id();
  const bool open = node.open_loop();
  const std::uint32_t buses = s.topology == Topology::kMob ? 2 : 1;
  HopQueues queues(s, me);
  std::size_t own = 0;  // packets taken from the host and still held
  const auto hold = [&](const Packet& p) {
    deliver_or_keep(node, p, [&](const Packet& q) { queues.add(q); });
  };
  for (const Packet& p : node.packets()) hold(p);
  // Closed loop: the node holds the pending line while it holds a packet (as tdma does).
  bool holding = !open && !queues.empty();
  if (holding) node.raise_pending();

  std::vector<Packet> injected;
  NodeId requested_last = kNoNode;    // next hop requested last slot (data next slot)
  NodeId requested_before = kNoNode;  // next hop requested two slots back (data this slot)
  // Two interleaved round-robin arbiters, one for even and one for odd request slots, each
  // with its own pointers: a request's grant is known before its arbiter's next turn.
  NodeId request_from[2] = {0, 0};       // request pointers: one past the last granted hop
  std::uint32_t grant_from[2] = {0, 0};  // grant pointers over (bus, minislot)
  node.begin_slots();
  while (open || node.any_pending()) {
    if (open && own < kReservationQueueLimit) {
      injected.clear();
      node.take_injected(kReservationQueueLimit - own, injected);
      own += injected.size();
      for (const Packet& p : injected) hold(p);
    }
    node.note_buffers(static_cast<unsigned>(queues.size()));

    const std::uint64_t t = node.slot();
    // Grant for slot t+1: the request of the node whose TDMA slot t+1 is towards this node,
    // else one round-robin from the grant pointer of the arbiter of the requests' slot.
    if (t > 0) {
      std::uint32_t& from = grant_from[(t - 1) & 1U];
      const std::uint32_t lanes = buses * s.p;
      std::uint32_t granted = lanes;
      for (std::uint32_t step = 0; step < lanes; ++step) {
        const std::uint32_t lane = (from + step) % lanes;
        const std::uint32_t bus = lane / s.p;
        const std::uint32_t minislot = lane % s.p;
        const std::optional<std::uint64_t> word =
            node.heard_control(Control::kRequest, bus, minislot);
        if (!word || *word != s.local_index(me, bus)) continue;
        if (tdma_target(s, t + 1, s.on_bus(me, bus, minislot)) == me) {
          granted = lane;
          break;
        }
        if (granted == lanes) granted = lane;
      }
      if (granted != lanes) {
        node.send_control(Control::kGrant, granted / s.p, granted % s.p);
        if (tdma_target(s, t + 1, s.on_bus(me, granted / s.p, granted % s.p)) != me) {
          from = (granted + 1) % lanes;
        }
      }
    }
    // Data: the grant for the request of two slots back.
    if (requested_before != kNoNode) {
      const std::uint32_t bus = s.bus_towards(me, requested_before);
      const std::optional<std::uint64_t> grant =
          node.heard_control(Control::kGrant, bus, s.local_index(requested_before, bus));
      if (grant && *grant == s.local_index(me, bus)) {
        if (const std::optional<Packet> p = queues.take(requested_before)) {
          if (open && p->source == me) --own;
          node.send(requested_before, data_frame(*p));
        }
        request_from[t & 1U] = requested_before + 1 < s.n() ? requested_before + 1 : 0;
      }
    }
    // Request for slot t+2: this node's TDMA target of that slot if it holds a packet for it,
    // else round-robin.
    const NodeId preferred = tdma_target(s, t + 2, me);
    const NodeId hop = queues.has_for(preferred, requested_last)
                           ? preferred
                           : queues.choose(request_from[t & 1U], requested_last);
    if (hop != kNoNode) {
      const std::uint32_t bus = s.bus_towards(me, hop);
      node.send_control(Control::kRequest, bus, s.local_index(hop, bus));
    }
    requested_before = requested_last;
    requested_last = hop;

    node.next_slot();
    if (const auto& got = node.received(); got && got->kind == Message::Kind::kData) {
      hold(got->packet);
    }
    if (!open && holding != !queues.empty()) {
      holding = !queues.empty();
      holding ? node.raise_pending() : node.release_pending();
    }
  }
  if (holding) node.release_pending();
}

}  // namespace optinet::ocpc
