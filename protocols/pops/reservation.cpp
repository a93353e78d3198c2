#include "protocols/pops/reservation.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/core/destination_lists.h"
#include "protocols/pops/reservation_match.h"
#include "protocols/pops/tdma.h"

namespace optinet::pops {

namespace {

/// A node's packets by destination (virtual output queues, oldest first in each), with the
/// receivers of each group that have packets waiting as a d-bit map and the packets of each
/// group counted, so every query costs the same at any queue length.
class GroupQueues {
 public:
  explicit GroupQueues(const PopsShape& shape)
      : shape_(shape),
        by_destination_(shape.n()),
        waiting_(shape.g, ControlWord(shape.d)),
        in_group_(shape.g, 0) {}

  void add(const Packet& p) {
    by_destination_.push(p.destination, p);
    const std::uint32_t b = shape_.group_of(p.destination);
    waiting_[b].set(shape_.index_in_group(p.destination));
    ++in_group_[b];
  }
  std::size_t size() const { return by_destination_.size(); }
  std::size_t in_group(std::uint32_t b) const { return in_group_[b]; }
  /// Sets bit j of `bits` (cleared first) if a packet waits for receiver j of group b; only for
  /// the `allowed` receivers if given.
  void receivers(std::uint32_t b, ControlWord& bits, const ControlWord* allowed = nullptr) const {
    bits.clear();
    bits.or_with(waiting_[b]);
    if (allowed != nullptr) bits.and_with(*allowed);
  }
  /// Removes and returns the oldest packet for `destination`, if any.
  std::optional<Packet> take(NodeId destination) {
    if (by_destination_.front(destination) == nullptr) return std::nullopt;
    const Packet p = by_destination_.pop(destination);
    const std::uint32_t b = shape_.group_of(destination);
    --in_group_[b];
    if (by_destination_.front(destination) == nullptr) {
      waiting_[b].reset(shape_.index_in_group(destination));
    }
    return p;
  }

 private:
  PopsShape shape_;
  DestinationLists<Packet> by_destination_;
  std::vector<ControlWord> waiting_;  ///< by group: the receivers with packets waiting
  std::vector<std::uint32_t> in_group_;
};

/// The group `source` reaches in slot t under the TDMA schedule (kUnmatched: none), and in
/// `bits` (d bits, cleared first) the receivers there it reaches.
std::uint32_t tdma_reach(const PopsShape& s, std::uint64_t t, NodeId source,
                         std::vector<NodeId>& buffer, ControlWord& bits) {
  tdma_reachable(s, t, source, buffer);
  bits.clear();
  if (buffer.empty()) return kUnmatched;
  for (NodeId r : buffer) bits.set(s.index_in_group(r));
  return s.group_of(buffer.front());
}

}  // namespace

void ReservationRouter::run(PopsNodeContext& node) const {
  const PopsShape& s = node.shape();
  const NodeId me = node.id();
  const std::uint32_t group = s.group_of(me);
  const std::uint32_t index = s.index_in_group(me);
  const bool open = node.open_loop();
  GroupQueues queues(s);
  const auto hold = [&](const Packet& p) {
    deliver_or_keep(node, p, [&](const Packet& q) { queues.add(q); });
  };
  for (const Packet& p : node.packets()) hold(p);
  bool pending = !open && queues.size() > 0;
  if (pending) node.raise_pending();

  // Control words: a request maps the g groups (flag: bit g), a claim the d receivers of a group
  // (flag: bit d); grants carry a receiver index.
  std::vector<ControlWord> claims(s.g, ControlWord(s.d + 1));
  std::vector<ControlWord> requests(s.d, ControlWord(s.g + 1));
  ControlWord grant(receiver_index_bits(s.d));
  ControlWord claim(s.d + 1);
  ControlWord request(s.g + 1);
  ControlWord tdma_receivers(s.d);
  std::vector<std::uint32_t> match;
  std::vector<std::uint32_t> first;
  std::vector<NodeId> reach;
  std::vector<std::uint32_t> listeners;
  std::vector<Packet> injected;
  std::uint32_t claimed_last = kUnmatched;    // group claimed last slot (data next slot)
  std::uint32_t claimed_before = kUnmatched;  // group claimed two slots back (data this slot)
  std::uint32_t listen_now = kUnmatched;      // source group granted this slot by this receiver
  node.begin_slots();
  while (open || node.any_pending()) {
    const std::uint64_t t = node.slot();
    if (open && queues.size() < kReservationQueueLimit) {
      injected.clear();
      node.take_injected(kReservationQueueLimit - queues.size(), injected);
      for (const Packet& p : injected) hold(p);
    }
    node.note_buffers(static_cast<unsigned>(queues.size()));

    // Receiver arbitration for slot t+1: the claims heard on the control plane into this group.
    // A flagged claim first gets the receiver that listens to its coupler under TDMA.
    std::uint32_t listen_next = kUnmatched;
    std::uint32_t won = kUnmatched;
    bool won_tdma = false;
    if (t > 0) {
      first.assign(s.g, kUnmatched);
      for (std::uint32_t a = 0; a < s.g; ++a) {
        node.heard_control(a, claims[a]);
        if (!claims[a].test(s.d)) continue;
        tdma_listeners(s, t + 1, group, a, listeners);
        for (std::uint32_t j : listeners) {
          if (claims[a].test(j)) {
            first[a] = j;
            break;
          }
        }
      }
      rotating_match(claims, s.d, t + 1, match, &first);
      for (std::uint32_t a = 0; a < s.g; ++a) {
        if (match[a] == index) listen_next = a;
      }
      // Coupler arbitration for slot t+2: the requests heard on this group's request star. A
      // flagged request first gets the group its source reaches under TDMA.
      first.assign(s.d, kUnmatched);
      for (std::uint32_t k = 0; k < s.d; ++k) {
        node.heard_request(k, requests[k]);
        if (requests[k].test(s.g)) {
          first[k] = tdma_reach(s, t + 2, s.node(group, k), reach, tdma_receivers);
        }
      }
      rotating_match(requests, s.g, t + 2, match, &first);
      won = match[index];
      won_tdma = won != kUnmatched && first[index] == won;
    }

    // Data: the grant for the claim of two slots back.
    if (claimed_before != kUnmatched) {
      if (node.heard_control(s.g + claimed_before, grant)) {
        const NodeId to = s.node(claimed_before, static_cast<std::uint32_t>(grant.low()));
        if (const std::optional<Packet> p = queues.take(to)) {
          node.transmit_to(claimed_before, Frame::data(*p));
        }
      }
    }
    if (listen_now != kUnmatched) node.listen(listen_now);

    // Control words of this slot: grant, claim, request.
    if (listen_next != kUnmatched) {
      grant.assign(index);
      node.send_control(listen_next, s.g + group, grant);
    }
    if (won != kUnmatched) {
      // A TDMA win claims the receivers TDMA reaches, flagged; otherwise every receiver of the
      // group this node holds packets for.
      claim.clear();
      if (won_tdma) {
        tdma_reach(s, t + 2, me, reach, tdma_receivers);
        queues.receivers(won, claim, &tdma_receivers);
        if (claim.any()) claim.set(s.d);
      }
      if (!claim.any()) queues.receivers(won, claim);
      if (claim.any()) {
        node.send_control(won, group, claim);
      } else {
        won = kUnmatched;
      }
    }
    request.clear();
    for (std::uint32_t b = 0; b < s.g; ++b) {
      const std::size_t in_flight = (claimed_last == b ? 1 : 0) + (won == b ? 1 : 0);
      if (queues.in_group(b) > in_flight) request.set(b);
    }
    // Flag: a packet waits for a receiver this node reaches under TDMA in slot t+3.
    const std::uint32_t tdma_group = tdma_reach(s, t + 3, me, reach, tdma_receivers);
    if (tdma_group != kUnmatched && request.test(tdma_group)) {
      queues.receivers(tdma_group, claim, &tdma_receivers);
      if (claim.any()) request.set(s.g);
    }
    if (request.any()) node.send_request(request);
    claimed_before = claimed_last;
    claimed_last = won;
    listen_now = listen_next;

    if (pending && queues.size() == 0) {
      node.release_pending();
      pending = false;
    }
    node.next_slot();
    if (auto got = data_in(node.received()); got && got->destination == me) node.deliver(*got);
  }
}

}  // namespace optinet::pops
