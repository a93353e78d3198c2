#include "protocols/ocpc/valiant.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocols/ocpc/bitonic.h"
#include "protocols/ocpc/coinflip.h"
#include "protocols/ocpc/node_group.h"
#include "protocols/ocpc/outbox.h"
#include "protocols/ocpc/prefix.h"

namespace optinet::ocpc {

namespace {

void require(bool ok, const OcpcNodeContext& node, const char* what) {
  if (!ok) {
    throw std::logic_error(std::string("valiant: node ") + std::to_string(node.id()) + ": " + what);
  }
}

/// Step 2: node holds messages of global indices first..first+size-1; the k-th goes to node
/// first+k in step k, for k < steps. Afterwards the node holds at most the message of index id.
void redistribute(OcpcNodeContext& node, Outbox& box, std::uint64_t first, std::uint64_t steps) {
  const std::vector<Packet> mine = box.packets();
  std::vector<bool> gone(mine.size(), false);
  for (std::uint64_t k = 0; k < steps; ++k) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (k < mine.size() && first + k != node.id()) {
      to = static_cast<NodeId>(first + k);
      out = Message{};
      out->kind = Message::Kind::kData;
      out->packet = mine[k];
    }
    const StepOutcome o = communication_step(node, to, out);
    if (out) {
      require(o.acknowledged, node, "redistribution send not acknowledged");
      gone[k] = true;
    }
    box.accept(o.received);
  }
  // Drop what was handed on (in reverse, so indices of the own packets stay valid: received
  // packets were appended after them).
  for (std::size_t k = mine.size(); k-- > 0;) {
    if (gone[k]) box.remove(k);
  }
}

/// Steps 1 and 2 (the prefix phase): counts the messages thinning left and spreads them one per
/// node. Returns the number of sorters G (a power of two >= the total), or 0 if no message is
/// left. While the total exceeds the largest power of two <= p, runs ceil(log2 p) coin-flip
/// steps and counts again.
std::uint32_t count_and_redistribute(OcpcNodeContext& node, Outbox& box) {
  const std::uint32_t p = node.shape().p;
  const NodeGroup all{0, 1, p};
  std::uint32_t g = 1;
  while (2 * g <= p) g *= 2;
  std::uint32_t sort_size = 1;
  while (true) {
    // 1. count
    const ScanResult count =
        scan(node, all, {box.size(), box.size()}, {ScanOp::kSum, ScanOp::kMax});
    const std::uint64_t total = count.total[0];
    if (total == 0) return 0;
    if (total > g) {
      if (node.id() == 0) node.note_fallback();
      for (std::uint32_t t = 0; t < ceil_log2(p); ++t) coinflip_step(node, box);
      continue;
    }
    // Every node knows the total, so all agree on the sorters: the smallest power of two
    // that holds the remaining messages.
    while (sort_size < total) sort_size *= 2;
    // 2. redistribute
    redistribute(node, box, count.inclusive[0] - box.size(), count.total[1]);
    return sort_size;
  }
}

/// Step 3, run by every sorter: bitonic sort of the held messages by destination (ties by
/// packet id, which is unique). Returns the sorted item (destination kNoKey: none); the message
/// it carries is delivered in place if this node is its destination, else kept in `box`.
Message sort_remainder(OcpcNodeContext& node, Outbox& box, const NodeGroup& sorters) {
  Message item;
  item.kind = Message::Kind::kData;
  item.control[0] = kNoKey;
  item.control[1] = kNoKey;
  if (!box.empty()) {
    item.packet = box[0];
    item.control[0] = box[0].destination;
    item.control[1] = box[0].id;
    box.remove(0);
  }
  item = bitonic_sort(node, sorters, item);
  const bool holds = item.control[0] != kNoKey;
  if (holds) {
    if (item.packet.destination == node.id()) {
      node.deliver(item.packet);  // sorted onto its own destination
    } else {
      box.add(item.packet);
    }
  }
  return item;
}

/// Step 4: the rank of the sorted `item` within the run of equal destinations.
std::uint64_t rank_in_run(OcpcNodeContext& node, const NodeGroup& sorters, const Message& item) {
  const std::uint32_t g = sorters.size;
  std::optional<Message> key;
  if (node.id() + 1 < g) {
    key = Message{};
    key->kind = Message::Kind::kControl;
    key->control[0] = item.control[0];
  }
  const StepOutcome o = communication_step(node, node.id() + 1 < g ? node.id() + 1 : kNoNode, key);
  const bool head = node.id() == 0 || !o.received || o.received->control[0] != item.control[0];
  const ScanResult start =
      scan(node, sorters, {head ? node.id() : 0u, 0}, {ScanOp::kMax, ScanOp::kMax});
  return node.id() - start.inclusive[0];
}

/// Step 5, contention-free delivery: the message of rank r goes in round r, until the line drops.
void deliver_by_rank(OcpcNodeContext& node, Outbox& box, std::uint64_t rank) {
  for (std::uint64_t round = 0; node.any_pending(); ++round) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (!box.empty() && rank == round) {
      out = box.message(0);
      to = box[0].destination;
    }
    const StepOutcome d = communication_step(node, to, out);
    if (out) {
      require(d.acknowledged, node, "delivery round collided");
      box.remove(0);
    }
    box.accept(d.received);
  }
}

/// Steps 3-5 for a node outside the `g` sorters: keeps step with the sort and the ranking,
/// then receives in the delivery rounds.
void wait_for_delivery(OcpcNodeContext& node, Outbox& box, std::uint32_t g) {
  const std::uint32_t quiet = bitonic_steps(g) + 1 + scan_steps(g);
  for (std::uint32_t t = 0; t < quiet; ++t) communication_step(node, kNoNode, std::nullopt);
  while (node.any_pending()) {
    const StepOutcome d = communication_step(node, kNoNode, std::nullopt);
    box.accept(d.received);
  }
}

}  // namespace

void ValiantProtocol::run(OcpcNodeContext& node) const {
  Outbox box(node);
  node.begin_slots();
  run_thinning(node, box, node.h(), node.shape().p, params_);
  // Every node ends the phases in the same step, so all see the same line here.
  if (!node.any_pending()) return;

  const std::uint32_t g = count_and_redistribute(node, box);
  if (g == 0) return;
  require(box.size() <= 1, node, "holds more than one message after redistribution");
  require(node.id() < g || box.empty(), node, "a node outside the sorters holds a message");

  if (node.id() < g) {
    const NodeGroup sorters{0, 1, g};
    const Message item = sort_remainder(node, box, sorters);
    deliver_by_rank(node, box, rank_in_run(node, sorters, item));
  } else {
    wait_for_delivery(node, box, g);
  }
}

}  // namespace optinet::ocpc
