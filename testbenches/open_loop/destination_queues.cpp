#include "testbenches/open_loop/destination_queues.h"

namespace optinet {

DestinationQueues::DestinationQueues(std::uint32_t n) : n_(n) {
  if (n <= kDenseNodes) {
    dense_tails_.assign(std::size_t{n} * n, kEnd);
    held_.assign((std::size_t{n} * n + 63) / 64, 0);
  } else {
    sparse_tails_.assign(n, DestinationIndex(n));
  }
}

void DestinationQueues::set_tail(NodeId source, NodeId destination, std::uint32_t entry) {
  if (dense()) {
    const std::size_t pair = std::size_t{source} * n_ + destination;
    dense_tails_[pair] = entry;
    const std::uint64_t bit = std::uint64_t{1} << (pair % 64);
    held_[pair / 64] = entry == kEnd ? held_[pair / 64] & ~bit : held_[pair / 64] | bit;
  } else if (entry == kEnd) {
    sparse_tails_[source].erase(destination);
  } else {
    sparse_tails_[source].set(destination, entry);
  }
}

void DestinationQueues::push(NodeId source, NodeId destination, Waiting packet) {
  std::uint32_t i = free_;
  if (i == kEnd) {
    i = static_cast<std::uint32_t>(pool_.size());
    pool_.push_back(Entry{});
  } else {
    free_ = pool_[i].next;
  }
  pool_[i].item = packet;
  const std::uint32_t t = tail(source, destination);
  if (t == kEnd) {
    pool_[i].next = i;  // a list of one: its own head
  } else {
    pool_[i].next = pool_[t].next;
    pool_[t].next = i;
  }
  set_tail(source, destination, i);
  ++size_;
}

DestinationQueues::Waiting DestinationQueues::pop(NodeId source, NodeId destination,
                                                  std::uint32_t t) {
  const std::uint32_t head = pool_[t].next;
  const Waiting item = pool_[head].item;
  if (head == t) {
    set_tail(source, destination, kEnd);
  } else {
    pool_[t].next = pool_[head].next;
  }
  pool_[head].next = free_;
  free_ = head;
  --size_;
  return item;
}

std::optional<DestinationQueues::Taken> DestinationQueues::take_oldest_for(
    NodeId source, const NodeId* destinations, std::size_t count) {
  if (size_ == 0) return std::nullopt;
  NodeId best = kNoNode;
  std::uint32_t best_tail = kEnd;
  std::uint32_t best_seq = 0;
  for (std::size_t k = 0; k < count; ++k) {
    if (!holds(source, destinations[k])) continue;
    const std::uint32_t t = tail(source, destinations[k]);
    if (t == kEnd) continue;
    const std::uint32_t seq = front(t).seq;
    if (best == kNoNode || seq < best_seq) {
      best = destinations[k];
      best_tail = t;
      best_seq = seq;
    }
  }
  if (best == kNoNode) return std::nullopt;
  return Taken{pop(source, best, best_tail), best};
}

std::optional<DestinationQueues::Taken> DestinationQueues::take_oldest(NodeId source) {
  if (size_ == 0) return std::nullopt;
  NodeId best = kNoNode;
  std::uint32_t best_tail = kEnd;
  std::uint32_t best_seq = 0;
  const auto consider = [&](NodeId d, std::uint32_t t) {
    const std::uint32_t seq = front(t).seq;
    if (best == kNoNode || seq < best_seq) {
      best = d;
      best_tail = t;
      best_seq = seq;
    }
  };
  if (dense()) {
    const std::uint32_t* row = &dense_tails_[std::size_t{source} * n_];
    for (NodeId d = 0; d < n_; ++d) {
      if (row[d] != kEnd) consider(d, row[d]);
    }
  } else {
    sparse_tails_[source].for_each(consider);
  }
  if (best == kNoNode) return std::nullopt;
  return Taken{pop(source, best, best_tail), best};
}

}  // namespace optinet
