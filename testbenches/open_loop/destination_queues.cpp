#include "testbenches/open_loop/destination_queues.h"

namespace optinet {

std::optional<DestinationQueues::Taken> DestinationQueues::take_oldest_for(
    const NodeId* destinations, std::size_t count) {
  if (lists_.empty()) return std::nullopt;
  NodeId best = kNoNode;
  std::uint32_t best_seq = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const Waiting* head = lists_.front(destinations[k]);
    if (head == nullptr) continue;
    if (best == kNoNode || head->seq < best_seq) {
      best = destinations[k];
      best_seq = head->seq;
    }
  }
  if (best == kNoNode) return std::nullopt;
  return Taken{lists_.pop(best), best};
}

std::optional<DestinationQueues::Taken> DestinationQueues::take_oldest() {
  if (lists_.empty()) return std::nullopt;
  NodeId best = kNoNode;
  std::uint32_t best_seq = 0;
  lists_.for_each_front([&](NodeId d, const Waiting& head) {
    if (best == kNoNode || head.seq < best_seq) {
      best = d;
      best_seq = head.seq;
    }
  });
  return Taken{lists_.pop(best), best};
}

}  // namespace optinet
