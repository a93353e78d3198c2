#include "protocols/ocpc/prefix.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

namespace optinet::ocpc {

namespace {

/// a op b, word by word (a holds the lower ranks).
ScanWords combine_words(const ScanOps& ops, const ScanWords& a, const ScanWords& b) {
  return {combine(ops[0], a[0], b[0]), combine(ops[1], a[1], b[1])};
}

/// One step: optionally sends `words` to `to`; returns the control words received, if any.
std::optional<Message> exchange(OcpcNodeContext& node, std::optional<NodeId> to,
                                const ScanWords& words) {
  std::optional<Message> out;
  if (to) out = control_frame(words[0], words[1]);
  const StepOutcome o = communication_step(node, to ? *to : kNoNode, out);
  if (to && !o.acknowledged) {
    throw std::logic_error("prefix: node " + std::to_string(node.id()) + " sent to node " +
                           std::to_string(*to) + " without acknowledgement (contention)");
  }
  return o.received;
}

/// The control words of a message that must have arrived.
ScanWords expect_words(const std::optional<Message>& m, const OcpcNodeContext& node) {
  if (!m || m->kind != Message::Kind::kControl) {
    throw std::logic_error("prefix: node " + std::to_string(node.id()) +
                           " expected a partner's words and got none");
  }
  return {m->control[0], m->control[1]};
}

}  // namespace

std::uint32_t scan_steps(std::uint32_t size) {
  const std::uint32_t rounds = ceil_log2(size);
  return is_power_of_two(size) ? rounds : 2 * rounds;
}

std::uint64_t combine(ScanOp op, std::uint64_t a, std::uint64_t b) {
  return op == ScanOp::kSum ? a + b : std::max(a, b);
}

ScanResult scan(OcpcNodeContext& node, const NodeGroup& group, const ScanWords& value,
                const ScanOps& ops) {
  const std::uint32_t r = group.rank_of(node.id());
  const std::uint32_t n = group.size;
  ScanResult result;
  result.inclusive = value;
  if (is_power_of_two(n)) {
    ScanWords block = value;  // op over the aligned block of size 2d that holds r
    for (std::uint32_t d = 1; d < n; d <<= 1) {
      const std::uint32_t partner = r ^ d;
      const ScanWords got = expect_words(exchange(node, group.node(partner), block), node);
      if (partner < r) result.inclusive = combine_words(ops, got, result.inclusive);
      block = partner < r ? combine_words(ops, got, block) : combine_words(ops, block, got);
    }
    result.total = block;
    return result;
  }
  // Hillis-Steele: after the round with distance d, inclusive covers ranks r-2d+1..r.
  for (std::uint32_t d = 1; d < n; d <<= 1) {
    std::optional<NodeId> to;
    if (r + d < n) to = group.node(r + d);
    const std::optional<Message> got = exchange(node, to, result.inclusive);
    if (r >= d) result.inclusive = combine_words(ops, expect_words(got, node), result.inclusive);
  }
  // Broadcast the last rank's prefix: after the round with distance d, ranks n-2d..n-1 know it.
  const std::uint32_t from_last = n - 1 - r;
  if (from_last == 0) result.total = result.inclusive;
  for (std::uint32_t d = 1; d < n; d <<= 1) {
    std::optional<NodeId> to;
    if (from_last < d && from_last + d < n) to = group.node(r - d);
    const std::optional<Message> got = exchange(node, to, result.total);
    if (from_last >= d && from_last < 2 * d) result.total = expect_words(got, node);
  }
  return result;
}

}  // namespace optinet::ocpc
