#include "protocols/pops/sorting.h"

#include <map>
#include <stdexcept>
#include <utility>

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

/// The sort key of a packet: the position its destination holds.
std::uint32_t key_of(const PopsShape& s, const Packet& p) {
  return position_of_node(s, p.destination);
}

}  // namespace

SortingRouter::SortingRouter(const PopsShape& shape, Sorter sorter) : shape_(shape) {
  const std::string why = sorting_unavailable(shape);
  if (!why.empty()) throw std::invalid_argument(why);
  const std::uint32_t n = shape.n();
  stages_ = sorting_stages(*exact_log2(n), sorter);
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> planned;
  for (const SortStage& stage : stages_) {
    const auto key = matching_key(stage);
    auto it = planned.find(key);
    if (it == planned.end()) {
      std::vector<Comparator> on_nodes;
      for (const Comparator& c : stage_comparators(stage, n)) {
        on_nodes.push_back({node_of_position(shape, c.low), node_of_position(shape, c.high)});
      }
      const OfflineSchedule plan = plan_comparator_stage(shape, on_nodes);
      CompactSchedule compact;
      compact.slots = plan.slots;
      compact.first.reserve(n + 1);
      for (const auto& program : plan.program) {
        compact.first.push_back(static_cast<std::uint32_t>(compact.actions.size()));
        compact.actions.insert(compact.actions.end(), program.begin(), program.end());
      }
      compact.first.push_back(static_cast<std::uint32_t>(compact.actions.size()));
      compact.actions.shrink_to_fit();
      it = planned.emplace(key, static_cast<std::uint32_t>(schedules_.size())).first;
      schedules_.push_back(std::move(compact));
    }
    schedule_of_stage_.push_back(it->second);
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
  for (std::uint32_t slot = 0; slot < schedule.slots; ++slot) {
    const OfflineAction* a = next != end && next->slot == slot ? next++ : nullptr;
    if (a != nullptr) {
      if (a->send == OfflineSend::kOwn && outgoing) {
        node.transmit_to(a->send_group, Frame::data(*outgoing));
      } else if (a->send == OfflineSend::kHeld && held) {
        node.transmit_to(a->send_group, Frame::data(*held));
        held.reset();
      }
      if (a->listen_group != kNoGroup) node.listen(a->listen_group);
    }
    node.next_slot();
    if (a != nullptr && a->listen_group != kNoGroup) {
      if (std::optional<Packet> got = data_in(node.received())) {
        // A copy this node forwards in the next slot is a relay copy; any other is for it.
        const bool relay =
            next != end && next->slot == slot + 1 && next->send == OfflineSend::kHeld;
        (relay ? held : arrived) = got;
      }
    }
    node.note_buffers((outgoing ? 1U : 0U) + (held ? 1U : 0U) + (arrived ? 1U : 0U));
  }
  return arrived;
}

void SortingRouter::run(PopsNodeContext& node) const {
  const PopsShape& s = shape_;
  const NodeId me = node.id();
  const std::uint32_t n = s.n();
  const std::uint32_t my_position = position_of_node(s, me);
  std::optional<Packet> mine;
  for (const Packet& p : node.packets()) mine = p;  // at most one: a partial permutation
  node.begin_slots();

  for (std::size_t t = 0; t < stages_.size(); ++t) {
    const SortStage& stage = stages_[t];
    const std::optional<StageRole> role = stage_role(stage, n, my_position);
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
  if (mine && mine->destination == me) node.deliver(*mine);
}

}  // namespace optinet::pops
