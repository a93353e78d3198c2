#pragma once
/// \file
/// The queue at a node for one outgoing edge (section 2 (d)) and the queueing disciplines that
/// name its head.
#include <cstddef>
#include <string>
#include <vector>

#include "models/links/packet_pool.h"

namespace optinet::sf {

enum class Discipline {
  kFifo,           ///< first in, first out
  kFurthestFirst,  ///< most hops left in the current sub-phase first, FIFO among equals
};

inline std::string discipline_name(Discipline d) { return d == Discipline::kFifo ? "fifo" : "ftg"; }

/// Packets (indices into the network's pool) in arrival order; the node asks the discipline for
/// the head each slot. A vector, not a deque: queues are short, and an empty std::deque costs
/// ~600 bytes (x 16 queues x 2^16 nodes).
/// An entry also keeps whether its packet counted as Phase A when queued: the far end may
/// rewrite an admitted packet's ticket before the source drops the entry.
struct Queued {
  PacketIndex packet;
  bool phase_a;
};
using EdgeQueue = std::vector<Queued>;

/// Position of the head of a non-empty queue whose packets are in `pool`. `moved_first`
/// applies the precedence rule of section 8 before the discipline; `remaining(p)` is the hops p
/// has left in its sub-phase.
template <typename Remaining>
std::size_t head_of(const EdgeQueue& q, const PacketPool& pool, Discipline d, bool moved_first,
                    Remaining remaining) {
  if (d == Discipline::kFifo && !moved_first) return 0;
  std::size_t best = 0;
  unsigned best_moved = 0;
  unsigned best_left = 0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const SfPacket& p = pool[q[i].packet];
    const unsigned moved = moved_first && p.ticket.moved ? 1 : 0;
    const unsigned left = d == Discipline::kFurthestFirst ? remaining(p) : 0;
    if (i == 0 || moved > best_moved || (moved == best_moved && left > best_left)) {
      best = i;
      best_moved = moved;
      best_left = left;
    }
  }
  return best;
}

}  // namespace optinet::sf
