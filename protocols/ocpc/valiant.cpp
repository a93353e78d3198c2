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

}  // namespace

void ValiantProtocol::run(OcpcNodeContext& node) const {
  const std::uint32_t p = node.shape().p;
  Outbox box(node);
  node.begin_slots();
  run_thinning(node, box, node.h(), p, params_);
  // Every node ends the phases in the same step, so all see the same line here.
  if (!node.any_pending()) return;

  const NodeGroup all{0, 1, p};
  std::uint32_t g = 1;
  while (2 * g <= p) g *= 2;
  std::uint32_t sort_size = 1;
  while (true) {
    // 1. count
    const ScanResult count =
        scan(node, all, {box.size(), box.size()}, {ScanOp::kSum, ScanOp::kMax});
    const std::uint64_t total = count.total[0];
    if (total == 0) return;
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
    break;
  }
  g = sort_size;
  const NodeGroup sorters{0, 1, g};
  require(box.size() <= 1, node, "holds more than one message after redistribution");
  require(node.id() < g || box.empty(), node, "a node outside the sorters holds a message");

  if (node.id() < g) {
    // 3. sort by destination (ties by packet id, which is unique)
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
    // 4. rank within the run of equal destinations
    std::optional<Message> key;
    if (node.id() + 1 < g) {
      key = Message{};
      key->kind = Message::Kind::kControl;
      key->control[0] = item.control[0];
    }
    const StepOutcome o =
        communication_step(node, node.id() + 1 < g ? node.id() + 1 : kNoNode, key);
    const bool head = node.id() == 0 || !o.received || o.received->control[0] != item.control[0];
    const ScanResult start =
        scan(node, sorters, {head ? node.id() : 0u, 0}, {ScanOp::kMax, ScanOp::kMax});
    const std::uint64_t rank = node.id() - start.inclusive[0];
    // 5. deliver, one rank per round
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
  } else {
    // Not a sorter: keep step with the sort and the ranking, then receive in the rounds.
    const std::uint32_t quiet = bitonic_steps(g) + 1 + scan_steps(g);
    for (std::uint32_t t = 0; t < quiet; ++t) communication_step(node, kNoNode, std::nullopt);
    while (node.any_pending()) {
      const StepOutcome d = communication_step(node, kNoNode, std::nullopt);
      box.accept(d.received);
    }
  }
}

}  // namespace optinet::ocpc
