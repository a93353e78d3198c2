#pragma once
/// \file
/// The queue at a node for one outgoing edge (section 2 (d)) and the queueing disciplines that
/// name its head.
#include <cstddef>
#include <cstdint>
#include <string>

#include "models/core/inline_list.h"
#include "models/links/packet_pool.h"

namespace optinet::sf {

enum class Discipline {
  kFifo,           ///< first in, first out
  kFurthestFirst,  ///< most hops left in the current sub-phase first, FIFO among equals
};

inline std::string discipline_name(Discipline d) { return d == Discipline::kFifo ? "fifo" : "ftg"; }

/// A queue entry: a packet, and whether it counted as Phase A when queued (the far end may
/// rewrite an admitted packet's ticket before the source drops the entry). 4 bytes: the flag
/// is the index's top bit (a pool holds fewer than 2^31 packets, PacketPool::add).
class Queued {
 public:
  Queued() = default;
  Queued(PacketIndex packet, bool phase_a) : bits_(packet | (phase_a ? kPhaseA : 0)) {}
  PacketIndex packet() const { return bits_ & ~kPhaseA; }
  bool phase_a() const { return (bits_ & kPhaseA) != 0; }

 private:
  static constexpr std::uint32_t kPhaseA = std::uint32_t{1} << 31;
  std::uint32_t bits_;
};

/// Packets (indices into the network's pool) in arrival order; the node asks the discipline for
/// the head each slot and drops whichever entry the far end granted.
///
/// Layout (issue 18): an InlineList that holds its first 2 entries in place, 16 bytes. The
/// network keeps each queue beside its edge's link in half a cache line (Edge, edge.h), so that
/// a hop reads one line for both. A std::vector per queue (a vector of them per node) took two
/// dependent misses at 2^16 nodes: the node's header array, then the queue's heap block. Two
/// entries: in `hypercube --n 16 --protocol cubes --traffic random` (seed 1, 3 runs) 97.6% of
/// pushes leave a queue of 1 entry, 2.3% of 2, 0.03% of 3, 0.0006% of 4 (the longest).
/// Not an intrusive list through the pool: at a rising edge the far end may queue an admitted
/// packet before its source drops it, so a packet is briefly in two queues.
using EdgeQueue = InlineList<Queued, 2>;
static_assert(sizeof(EdgeQueue) == 16, "a queue record is a quarter of a cache line");

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
    const SfPacket& p = pool[q[i].packet()];
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
