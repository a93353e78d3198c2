#include "protocols/pops/class_delivery.h"

#include <limits>
#include <stdexcept>

namespace optinet::pops {

namespace {
constexpr std::uint32_t kSent = std::numeric_limits<std::uint32_t>::max();

/// Phase lengths in units of k = d/g: bounds 2k, announcement 2k, spread 2k-1, final hop 2k.
struct Phases {
  std::uint32_t announce;  // first slot of each phase
  std::uint32_t spread;
  std::uint32_t final_hop;
  std::uint32_t end;
  explicit Phases(std::uint32_t k)
      : announce(2 * k), spread(4 * k), final_hop(6 * k - 1), end(8 * k - 1) {}
};
}  // namespace

std::uint32_t delivery_slots(const PopsShape& shape) { return Phases(shape.d / shape.g).end; }

DeliveryNode::DeliveryNode(const PopsShape& shape, NodeId me, std::optional<Packet> mine,
                           std::optional<Packet> predecessor)
    : shape_(shape),
      me_(me),
      g_(shape.g),
      k_(shape.d / shape.g),
      group_(shape.group_of(me)),
      sub_(shape.index_in_group(me) / shape.g),
      row_(shape.index_in_group(me) % shape.g),
      position_(row_ * shape.g + group_),
      mine_(mine),
      predecessor_(predecessor),
      run_start_(k_),
      run_end_(k_) {
  if (shape.d < shape.g || shape.d % shape.g != 0) {
    throw std::invalid_argument("the class delivery needs d to be a multiple of g");
  }
}

std::optional<Frame> DeliveryNode::bounds_report(bool ends) const {
  const bool run_starts_here =
      mine_ && (!predecessor_ || class_of(*predecessor_) != class_of(*mine_));
  if (!ends) {
    if (!run_starts_here) return std::nullopt;
    return Frame::control(class_of(*mine_), position_);
  }
  // The end of the predecessor's run is reported by the position after it; the last position
  // of the sub-network reports its own run's end as well.
  const bool after_an_end = predecessor_ && (!mine_ || run_starts_here);
  const bool last = mine_ && position_ + 1 == g_ * g_;
  if (after_an_end && last) {
    return Frame::control(class_of(*predecessor_), position_ - 1, class_of(*mine_), position_);
  }
  if (after_an_end) return Frame::control(class_of(*predecessor_), position_ - 1);
  if (last) return Frame::control(class_of(*mine_), position_);
  return std::nullopt;
}

std::uint32_t DeliveryNode::compute_spread_slot() const {
  std::uint32_t offset = 0;
  for (std::uint32_t s = 0; s < sub_; ++s) {
    if (run_start_[s]) offset += (*run_end_[s] - *run_start_[s] + 1 + g_ - 1) / g_;
  }
  return offset + (position_ - *run_start_[sub_]) / g_;
}

DeliveryNode::Action DeliveryNode::action(std::uint32_t slot) {
  const Phases phase(k_);
  Action a;
  if (slot < phase.announce) {  // bounds: starts in slot s, ends in slot k+s
    const bool ends = slot >= k_;
    if (slot % k_ == sub_) {
      a.frame = bounds_report(ends);
      if (a.frame) {
        a.to[0] = a.frame->packet.id;
        if (a.frame->packet.destination != kNoNode) a.to[1] = a.frame->packet.destination;
      }
      a.listen = row_;
    }
    return a;
  }
  if (slot < phase.spread) {  // announcement: start(s,I) in 2s, end(s,I) in 2s+1
    const std::uint32_t u = slot - phase.announce;
    if (u / 2 == sub_) {
      const std::optional<std::uint32_t>& bound = u % 2 == 0 ? held_start_ : held_end_;
      if (bound) {
        a.frame = Frame::control(group_, *bound);
        a.to_all_groups = true;
      }
    }
    if (mine_) a.listen = class_of(*mine_);
    return a;
  }
  if (slot < phase.final_hop) {  // spread to the class's group
    const std::uint32_t u = slot - phase.spread;
    if (mine_ && u == spread_slot_) {
      a.frame = Frame::data(*mine_);
      a.to[0] = class_of(*mine_);
    }
    if (listens_in_round(u)) a.listen = row_;
    return a;
  }
  const std::uint32_t u = slot - phase.final_hop;  // final hop
  for (std::size_t i = 0; i < carried_.size(); ++i) {
    if (send_slot_[i] == u) {
      a.frame = Frame::data(carried_[i]);
      a.to[0] = shape_.group_of(carried_[i].destination);
    }
  }
  if (listens_in_round(u)) a.listen = row_;
  return a;
}

void DeliveryNode::heard(std::uint32_t slot, const std::optional<Frame>& frame) {
  const Phases phase(k_);
  if (slot < phase.announce) {
    if (std::optional<std::uint32_t> v = control_value(frame, group_)) {
      (slot < k_ ? held_start_ : held_end_) = v;
    }
    return;
  }
  if (slot < phase.spread) {
    const std::uint32_t u = slot - phase.announce;
    if (!mine_) return;
    if (std::optional<std::uint32_t> v = control_value(frame, class_of(*mine_))) {
      (u % 2 == 0 ? run_start_ : run_end_)[u / 2] = v;
    }
    if (slot + 1 == phase.spread) spread_slot_ = compute_spread_slot();
    return;
  }
  const std::optional<Packet> got = data_in(frame);
  if (slot < phase.final_hop) {
    if (mine_ && slot - phase.spread == spread_slot_) mine_.reset();  // it has left
    if (!got) return;
    std::uint32_t send = round_of(*got);
    for (std::uint32_t taken : send_slot_) {
      if (taken == send) send += k_;
    }
    carried_.push_back(*got);
    send_slot_.push_back(send);
    return;
  }
  const std::uint32_t u = slot - phase.final_hop;
  for (std::size_t i = 0; i < carried_.size(); ++i) {
    if (send_slot_[i] == u) send_slot_[i] = kSent;
  }
  if (got && got->destination == me_) delivered_.push_back(*got);
}

std::uint32_t DeliveryNode::buffers() const {
  std::uint32_t n = mine_ ? 1 : 0;
  for (std::uint32_t s : send_slot_) n += s != kSent ? 1 : 0;
  return n;
}

}  // namespace optinet::pops
