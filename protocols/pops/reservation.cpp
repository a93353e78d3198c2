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

/// Tags of the two derivations (ControlChannel::derived).
constexpr std::uint32_t kReceiverMatch = 1;
constexpr std::uint32_t kCouplerMatch = 2;

/// Receiver arbitration of group `group` for slot t+1 from the claims heard on the control plane
/// into it: for each receiver j of the group, the source group whose coupler it tunes to
/// (kUnmatched: none). A flagged claim first gets the receiver that listens to its coupler
/// under TDMA.
class ReceiverArbitration : public ControlDerivation {
 public:
  ReceiverArbitration(PopsNodeContext& node, std::uint32_t group)
      : node_(node), s_(node.shape()), group_(group), claims_(s_.g, ControlWord(s_.d + 1)) {}
  void derive(std::vector<std::uint32_t>& out) const override {
    const std::uint64_t t = node_.slot();
    first_.assign(s_.g, kUnmatched);
    for (std::uint32_t a = 0; a < s_.g; ++a) {
      node_.heard_control(a, claims_[a]);
      if (!claims_[a].test(s_.d)) continue;
      tdma_listeners(s_, t + 1, group_, a, listeners_);
      for (std::uint32_t j : listeners_) {
        if (claims_[a].test(j)) {
          first_[a] = j;
          break;
        }
      }
    }
    rotating_match(claims_, s_.d, t + 1, match_, &first_);
    out.assign(s_.d, kUnmatched);
    for (std::uint32_t a = 0; a < s_.g; ++a) {
      if (match_[a] != kUnmatched) out[match_[a]] = a;
    }
  }

 private:
  PopsNodeContext& node_;
  const PopsShape& s_;
  std::uint32_t group_;
  mutable std::vector<ControlWord> claims_;
  mutable std::vector<std::uint32_t> first_;
  mutable std::vector<std::uint32_t> match_;
  mutable std::vector<std::uint32_t> listeners_;
};

/// Coupler arbitration of group `group` for slot t+2 from the requests heard on its request
/// star: entries 0..d-1 the destination group each source won (kUnmatched: none), entries
/// d..2d-1 the group each source was given first (a flagged request first gets the group its
/// source reaches under TDMA).
class CouplerArbitration : public ControlDerivation {
 public:
  CouplerArbitration(PopsNodeContext& node, std::uint32_t group)
      : node_(node),
        s_(node.shape()),
        group_(group),
        requests_(s_.d, ControlWord(s_.g + 1)),
        tdma_receivers_(s_.d) {}
  void derive(std::vector<std::uint32_t>& out) const override {
    const std::uint64_t t = node_.slot();
    first_.assign(s_.d, kUnmatched);
    for (std::uint32_t k = 0; k < s_.d; ++k) {
      node_.heard_request(k, requests_[k]);
      if (requests_[k].test(s_.g)) {
        first_[k] = tdma_reach(s_, t + 2, s_.node(group_, k), reach_, tdma_receivers_);
      }
    }
    rotating_match(requests_, s_.g, t + 2, match_, &first_);
    out.assign(match_.begin(), match_.end());
    out.insert(out.end(), first_.begin(), first_.end());
  }

 private:
  PopsNodeContext& node_;
  const PopsShape& s_;
  std::uint32_t group_;
  mutable std::vector<ControlWord> requests_;
  mutable std::vector<std::uint32_t> first_;
  mutable std::vector<std::uint32_t> match_;
  mutable std::vector<NodeId> reach_;
  mutable ControlWord tdma_receivers_;
};

/// One reservation node slot by slot (the pipeline of the file comment of reservation.h).
class ReservationNodeSteps : public PopsNodeSteps {
 public:
  explicit ReservationNodeSteps(PopsNodeContext& node);
  bool running(PopsNodeContext& node) const override { return open_ || node.any_pending(); }
  void act(PopsNodeContext& node) override;
  void after_slot(PopsNodeContext& node) override {
    if (auto got = data_in(node.received()); got && got->destination == me_) node.deliver(*got);
  }

 private:
  void hold(PopsNodeContext& node, const Packet& p) {
    deliver_or_keep(node, p, [&](const Packet& q) { queues_.add(q); });
  }

  const PopsShape& s_;
  NodeId me_;
  std::uint32_t group_;
  std::uint32_t index_;
  bool open_;
  GroupQueues queues_;
  bool pending_ = false;
  // Control words: a request maps the g groups (flag: bit g), a claim the d receivers of a
  // group (flag: bit d); grants carry a receiver index.
  ReceiverArbitration receiver_arbitration_;
  CouplerArbitration coupler_arbitration_;
  ControlWord grant_;
  ControlWord claim_;
  ControlWord request_;
  ControlWord tdma_receivers_;
  std::vector<NodeId> reach_;
  std::vector<Packet> injected_;
  std::uint32_t claimed_last_ = kUnmatched;    ///< group claimed last slot (data next slot)
  std::uint32_t claimed_before_ = kUnmatched;  ///< group claimed two slots back (data now)
  std::uint32_t listen_now_ = kUnmatched;      ///< source group granted this slot by this receiver
};

ReservationNodeSteps::ReservationNodeSteps(PopsNodeContext& node)
    : s_(node.shape()),
      me_(node.id()),
      group_(s_.group_of(me_)),
      index_(s_.index_in_group(me_)),
      open_(node.open_loop()),
      queues_(s_),
      receiver_arbitration_(node, group_),
      coupler_arbitration_(node, group_),
      grant_(receiver_index_bits(s_.d)),
      claim_(s_.d + 1),
      request_(s_.g + 1),
      tdma_receivers_(s_.d) {
  for (const Packet& p : node.packets()) hold(node, p);
  pending_ = !open_ && queues_.size() > 0;
  if (pending_) node.raise_pending();
}

void ReservationNodeSteps::act(PopsNodeContext& node) {
  const std::uint64_t t = node.slot();
  if (open_ && queues_.size() < kReservationQueueLimit) {
    injected_.clear();
    node.take_injected(kReservationQueueLimit - queues_.size(), injected_);
    for (const Packet& p : injected_) hold(node, p);
  }
  node.note_buffers(static_cast<unsigned>(queues_.size()));

  // Receiver arbitration for slot t+1 and coupler arbitration for slot t+2, from the words
  // heard in the last slot: every node of the group derives the same matchings from them,
  // once per slot for the group (derived_from_*), and reads its own entry.
  std::uint32_t listen_next = kUnmatched;
  std::uint32_t won = kUnmatched;
  bool won_tdma = false;
  if (t > 0) {
    listen_next = node.derived_from_claims(kReceiverMatch, receiver_arbitration_)[index_];
    const std::vector<std::uint32_t>& couplers =
        node.derived_from_requests(kCouplerMatch, coupler_arbitration_);
    won = couplers[index_];
    won_tdma = won != kUnmatched && couplers[s_.d + index_] == won;
  }

  // Data: the grant for the claim of two slots back.
  if (claimed_before_ != kUnmatched) {
    if (node.heard_control(s_.g + claimed_before_, grant_)) {
      const NodeId to = s_.node(claimed_before_, static_cast<std::uint32_t>(grant_.low()));
      if (const std::optional<Packet> p = queues_.take(to)) {
        node.transmit_to(claimed_before_, Frame::data(*p));
      }
    }
  }
  if (listen_now_ != kUnmatched) node.listen(listen_now_);

  // Control words of this slot: grant, claim, request.
  if (listen_next != kUnmatched) {
    grant_.assign(index_);
    node.send_control(listen_next, s_.g + group_, grant_);
  }
  if (won != kUnmatched) {
    // A TDMA win claims the receivers TDMA reaches, flagged; otherwise every receiver of the
    // group this node holds packets for.
    claim_.clear();
    if (won_tdma) {
      tdma_reach(s_, t + 2, me_, reach_, tdma_receivers_);
      queues_.receivers(won, claim_, &tdma_receivers_);
      if (claim_.any()) claim_.set(s_.d);
    }
    if (!claim_.any()) queues_.receivers(won, claim_);
    if (claim_.any()) {
      node.send_control(won, group_, claim_);
    } else {
      won = kUnmatched;
    }
  }
  request_.clear();
  for (std::uint32_t b = 0; b < s_.g; ++b) {
    const std::size_t in_flight = (claimed_last_ == b ? 1 : 0) + (won == b ? 1 : 0);
    if (queues_.in_group(b) > in_flight) request_.set(b);
  }
  // Flag: a packet waits for a receiver this node reaches under TDMA in slot t+3.
  const std::uint32_t tdma_group = tdma_reach(s_, t + 3, me_, reach_, tdma_receivers_);
  if (tdma_group != kUnmatched && request_.test(tdma_group)) {
    queues_.receivers(tdma_group, claim_, &tdma_receivers_);
    if (claim_.any()) request_.set(s_.g);
  }
  if (request_.any()) node.send_request(request_);
  claimed_before_ = claimed_last_;
  claimed_last_ = won;
  listen_now_ = listen_next;

  if (pending_ && queues_.size() == 0) {
    node.release_pending();
    pending_ = false;
  }
}

}  // namespace

std::unique_ptr<PopsNodeSteps> ReservationRouter::steps(PopsNodeContext& node) const {
  return std::make_unique<ReservationNodeSteps>(node);
}

void ReservationRouter::run(PopsNodeContext& node) const {
  ReservationNodeSteps steps(node);
  run_steps(node, steps);
}

}  // namespace optinet::pops
