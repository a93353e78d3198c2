#include "models/sf/sf_deadlock.h"

#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace optinet::sf {

namespace {

/// A buffer of a node: out-edge queue `label`, or (kStaging) its staging buffer.
constexpr unsigned kStaging = LinkSink::kMaxInputs;
using Buffer = std::pair<NodeId, unsigned>;

}  // namespace

bool SfDeadlockTest::may_move(NodeId x) const {
  const SfRouter& r = network_.router(x);
  // In flight: admitted and not yet placed, or loaded and not yet placed.
  if (!r.arrivals_[0].empty() || !r.arrivals_[1].empty() || !r.loaded_.empty()) return true;
  // A packet held until a later slot starts its sub-phase then (only Phase B's start that waits
  // for the last packet to finish Phase A is never reached while nothing moves).
  const PacketPool& pool = r.pool();
  for (PacketIndex i : r.held_) {
    if (r.release_slot(pool[i]) != std::numeric_limits<std::uint64_t>::max()) return true;
  }
  for (const Staged& s : r.staging_) {
    if (r.room(r.queues_.size(s.edge), 0)) return true;
  }
  if (r.nonempty_ == 0) return false;
  const auto order = r.queue_order();
  for (std::uint64_t m = r.nonempty_; m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    SfRouter::Reservations none{};
    const SfRouter& far = network_.router(r.far_node(label));
    if (far.reserve(pool[r.queues_.head(label, order)], none)) return true;
  }
  return false;
}

std::string SfDeadlockTest::deadlock(std::uint64_t slot) {
  const NodeId n = network_.size();
  for (NodeId k = 0; k < n; ++k) {
    const NodeId x = hint_ + k < n ? hint_ + k : hint_ + k - n;
    if (may_move(x)) {
      hint_ = x;
      return "";
    }
  }
  unsigned queued = 0, staged = 0, held = 0;
  for (NodeId x = 0; x < n; ++x) {
    const SfRouter& r = network_.router(x);
    queued += r.queued_;
    staged += static_cast<unsigned>(r.staging_.size());
    held += static_cast<unsigned>(r.held_.size());
  }
  if (queued + staged + held == 0) return "";  // nothing left to move
  std::string line = "deadlock in slot " + std::to_string(slot) + ": no packet can move (" +
                     std::to_string(queued) + " queued, " + std::to_string(staged) + " staged";
  if (held != 0) line += ", " + std::to_string(held) + " held for Phase B";
  line += ", every one waiting for a full buffer at queue capacity " +
          std::to_string(network_.router(0).shared_->capacity) + ")";
  const std::string c = cycle();
  if (!c.empty()) line += "; wait-for cycle " + c;
  return line;
}

std::string SfDeadlockTest::cycle() const {
  // Start at any non-empty queue; each step goes from a full buffer to the one its blocked
  // packet waits for.
  Buffer at{kNoNode, 0};
  for (NodeId x = 0; x < network_.size() && at.first == kNoNode; ++x) {
    const SfRouter& r = network_.router(x);
    if (r.nonempty_ != 0) at = {x, static_cast<unsigned>(__builtin_ctzll(r.nonempty_))};
  }
  std::map<Buffer, std::size_t> seen;
  std::vector<Buffer> path;
  while (at.first != kNoNode && seen.emplace(at, path.size()).second) {
    path.push_back(at);
    const SfRouter& r = network_.router(at.first);
    if (at.second == kStaging) {
      // A staged packet waits for its queue at the same node; held packets only for Phase B.
      if (r.staging_.empty()) return "";
      at = {at.first, r.staging_.front().edge};
      continue;
    }
    const PacketIndex head = r.queues_.head(at.second, r.queue_order());
    const NodeId far = r.far_node(at.second);
    const int edge = network_.router(far).edge_after_crossing(r.pool()[head]);
    at = {far, edge == kNoEdge ? kStaging : static_cast<unsigned>(edge)};
  }
  if (at.first == kNoNode) return "";
  // The cycle's buffers from the first repeated one: "node (queue LABEL)" or "node (staging)".
  const SfGraph& graph = *network_.router(0).shared_->graph;
  const auto name = [&graph](const Buffer& b) {
    return std::to_string(b.first) +
           (b.second == kStaging ? " (staging)" : " (queue " + graph.label_name(b.second) + ")");
  };
  constexpr std::size_t kShown = 8;
  const std::size_t first = seen[at];
  std::string text;
  for (std::size_t k = first; k < path.size() && k < first + kShown; ++k) {
    text += name(path[k]) + " -> ";
  }
  if (path.size() - first > kShown) {
    text += "... (" + std::to_string(path.size() - first) + " buffers) -> ";
  }
  return text + name(at);
}

}  // namespace optinet::sf
