#include "protocols/pops/sorting.h"

#include <map>
#include <stdexcept>
#include <utility>

#include "protocols/pops/class_delivery.h"

namespace optinet::pops {

namespace {

/// Stages with the same matching of positions share a schedule: key (0, dimension) for
/// exchanges x <-> x^k (bitonic, distribute, and the first stage of each odd-even merge),
/// (p, k) for the other odd-even merge stages.
std::pair<std::uint32_t, std::uint32_t> matching_key(const SortStage& stage) {
  if (stage.kind == SortStage::Kind::kOddEvenMerge && stage.k != stage.p) {
    return {stage.p, stage.k};
  }
  return {0, stage.k};
}

std::uint32_t key_of(const PopsShape& s, const Packet& p) { return sort_key(s, p.destination); }

/// The permutation that sends every position to the next one of its block (cyclically): with
/// it, each node hears the packet of its predecessor in the sorted order.
std::vector<NodeId> successor_permutation(const PopsShape& s) {
  const std::uint32_t block = sort_block(s);
  std::vector<NodeId> to(s.n());
  for (std::uint32_t p = 0; p < s.n(); ++p) {
    const std::uint32_t base = p - p % block;
    to[node_of_position(s, p)] = node_of_position(s, base + (p - base + 1) % block);
  }
  return to;
}

}  // namespace

SortingRouter::CompactSchedule SortingRouter::compact(const OfflineSchedule& plan) {
  CompactSchedule c;
  c.slots = plan.slots;
  c.first.reserve(plan.program.size() + 1);
  for (const auto& program : plan.program) {
    c.first.push_back(static_cast<std::uint32_t>(c.actions.size()));
    c.actions.insert(c.actions.end(), program.begin(), program.end());
  }
  c.first.push_back(static_cast<std::uint32_t>(c.actions.size()));
  c.actions.shrink_to_fit();
  return c;
}

SortingRouter::SortingRouter(const PopsShape& shape, Sorter sorter) : shape_(shape) {
  const std::string why = sorting_unavailable(shape);
  if (!why.empty()) throw std::invalid_argument(why);
  const std::uint32_t n = shape.n();
  const std::uint32_t block = sort_block(shape);
  stages_ = router_stages(shape, sorter);
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> planned;
  for (const SortStage& stage : stages_) {
    const auto key = matching_key(stage);
    auto it = planned.find(key);
    if (it == planned.end()) {
      std::vector<Comparator> on_nodes;
      for (const Comparator& c : stage_comparators(stage, n, block)) {
        on_nodes.push_back({node_of_position(shape, c.low), node_of_position(shape, c.high)});
      }
      it = planned.emplace(key, static_cast<std::uint32_t>(schedules_.size())).first;
      schedules_.push_back(compact(plan_comparator_stage(shape, on_nodes)));
    }
    schedule_of_stage_.push_back(it->second);
  }
  if (!uses_distribute(shape)) {
    successor_ = compact(plan_offline(shape, successor_permutation(shape)));
    all_groups_.resize(shape.g);
    for (std::uint32_t b = 0; b < shape.g; ++b) all_groups_[b] = b;
  }
}

std::optional<Packet> SortingRouter::exchange(PopsNodeContext& node,
                                              const CompactSchedule& schedule,
                                              const std::optional<Packet>& outgoing) const {
  const NodeId me = node.id();
  const OfflineAction* next = schedule.actions.data() + schedule.first[me];
  const OfflineAction* const end = schedule.actions.data() + schedule.first[me + 1];
  std::optional<Packet> held;     // a relay copy, from the first to the second slot of a round
  std::optional<Packet> arrived;  // the partner's packet
  for (std::uint32_t slot = 0; slot < schedule.slots;) {
    const OfflineAction* a = next != end && next->slot == slot ? next++ : nullptr;
    const bool listening = a != nullptr && a->listen_group != kNoGroup;
    if (a != nullptr) {
      if (a->send == OfflineSend::kOwn && outgoing) {
        node.transmit_to(a->send_group, Frame::data(*outgoing));
      } else if (a->send == OfflineSend::kHeld && held) {
        node.transmit_to(a->send_group, Frame::data(*held));
        held.reset();
      }
      if (listening) node.listen(a->listen_group);
    }
    // Sleep through the slots without an action, unless what was heard must be read now.
    const std::uint32_t until = next != end ? next->slot : schedule.slots;
    const std::uint32_t idle = listening ? 0 : until - slot - 1;
    node.skip_slots(idle);
    if (listening) {
      if (std::optional<Packet> got = data_in(node.received())) {
        // A copy this node forwards in the next slot is a relay copy; any other is for it.
        const bool relay =
            next != end && next->slot == slot + 1 && next->send == OfflineSend::kHeld;
        (relay ? held : arrived) = got;
      }
    }
    slot += idle + 1;
    node.note_buffers((outgoing ? 1U : 0U) + (held ? 1U : 0U) + (arrived ? 1U : 0U));
  }
  return arrived;
}

void SortingRouter::run(PopsNodeContext& node) const {
  const PopsShape& s = shape_;
  const NodeId me = node.id();
  const std::uint32_t block = sort_block(s);
  const std::uint32_t my_position = position_of_node(s, me);
  std::optional<Packet> mine;
  for (const Packet& p : node.packets()) mine = p;  // at most one: a partial permutation
  node.begin_slots();

  for (std::size_t t = 0; t < stages_.size(); ++t) {
    const SortStage& stage = stages_[t];
    const std::optional<StageRole> role = stage_role(stage, block, my_position);
    const CompactSchedule& schedule = schedules_[schedule_of_stage_[t]];
    if (stage.kind == SortStage::Kind::kDistribute) {
      const bool moves = mine && distribute_moves(stage.k, my_position, key_of(s, *mine));
      std::optional<Packet> got = exchange(node, schedule, moves ? mine : std::nullopt);
      if (moves) mine.reset();
      // Monotone routing never brings a packet to a position that keeps its own; if it did,
      // the packet would be dropped here and the scoreboard would report it missing.
      if (got && !mine) mine = got;
      continue;
    }
    const std::optional<Packet> theirs =
        exchange(node, schedule, role ? mine : std::optional<Packet>{});
    if (!role) continue;
    // No packet sorts after every packet (the dummy key of a partial permutation).
    const bool theirs_smaller = theirs && (!mine || key_of(s, *theirs) < key_of(s, *mine));
    const bool mine_smaller = mine && (!theirs || key_of(s, *mine) < key_of(s, *theirs));
    if (role->keeps_min ? theirs_smaller : mine_smaller) mine = theirs;
  }
  if (uses_distribute(s)) {
    if (mine && mine->destination == me) node.deliver(*mine);
    return;
  }
  // The position before this one in its block; the first position of a block has none.
  std::optional<Packet> predecessor = exchange(node, successor_, mine);
  if (my_position % block == 0) predecessor.reset();
  deliver_by_class(node, mine, predecessor);
}

void SortingRouter::deliver_by_class(PopsNodeContext& node, const std::optional<Packet>& mine,
                                     const std::optional<Packet>& predecessor) const {
  DeliveryNode delivery(shape_, node.id(), mine, predecessor);
  const std::uint32_t slots = delivery_slots(shape_);
  for (std::uint32_t slot = 0; slot < slots; ++slot) {
    const DeliveryNode::Action a = delivery.action(slot);
    if (a.frame) {
      if (a.to_all_groups) {
        node.transmit(all_groups_.data(), all_groups_.size(), *a.frame);
      } else {
        node.transmit(a.to.data(), a.to[1] == kNoGroup ? 1 : 2, *a.frame);
      }
    }
    if (a.listen != kNoGroup) node.listen(a.listen);
    node.next_slot();
    delivery.heard(slot, a.listen != kNoGroup ? node.received() : std::optional<Frame>{});
    node.note_buffers(delivery.buffers());
  }
  for (const Packet& p : delivery.delivered()) node.deliver(p);
}

}  // namespace optinet::pops
