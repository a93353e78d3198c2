#pragma once
/// \file
/// A node's queues, one per outgoing edge (section 2 (d)), and the queueing disciplines that
/// name a queue's head.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

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

/// Every out-edge queue of one node, in one list of (label, entry) in arrival order: queue l
/// is the entries labelled l, in their order. The node asks the discipline for each queue's
/// head every slot and drops whichever entry the far end granted.
///
/// Layout (issue 18): 32 bytes, its first kInline entries in place, so that the queues share
/// the router's first cache line with its arrivals (SfRouter) and a hop touches no record per
/// edge but a counter. A queue per edge (16 bytes each beside the edge's link, session 24) cost
/// a line per hop at the far end's edge, out of the cache from 2^14 nodes on: a bare loop with
/// a 32-byte record per edge, updated at both ends of a hop, took 65-75 ns more per hop at 2^16
/// nodes than one without (sf_cubes_ref --edge-bytes; docs/benchmarks.md, session 25). A node
/// holds few packets (in `hypercube --n 16 --protocol cubes --traffic random` nearly always one
/// or two), so finding a queue's entries by scanning the node's list costs less than a miss;
/// past kInline the entries move to one heap block. A packet may briefly be in two queues (at
/// a rising edge the far end may queue an admitted packet before its source drops it), so
/// nothing here links through the packets.
class NodeQueues {
 public:
  static constexpr std::uint32_t kInline = 4;

  /// Packets in all the node's queues.
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  /// Packets in queue `label`.
  std::size_t size(unsigned label) const {
    std::size_t n = 0;
    for (const Entry& e : entries_) n += e.label() == label ? 1 : 0;
    return n;
  }
  /// Queue `label` takes `q` at its tail.
  void push(unsigned label, Queued q) { entries_.push_back(Entry(label, q)); }
  /// Drops packet i (its oldest entry) from queue `label`, which holds it; returns the entry.
  /// `emptied`: the queue holds nothing else.
  Queued remove(unsigned label, PacketIndex i, bool& emptied) {
    std::size_t at = entries_.size();
    std::size_t others = 0;
    for (std::size_t k = 0; k < entries_.size(); ++k) {
      if (entries_[k].label() != label) continue;
      if (at == entries_.size() && entries_[k].queued().packet() == i) {
        at = k;
      } else {
        ++others;
      }
    }
    const Queued q = entries_[at].queued();
    entries_.erase(at);
    emptied = others == 0;
    return q;
  }
  /// The head of non-empty queue `label`, whose packets are in `pool`. `moved_first` applies
  /// the precedence rule of section 8 before the discipline; `remaining(p)` is the hops p has
  /// left in its sub-phase. The first of equals: FIFO.
  template <typename Remaining>
  PacketIndex head(unsigned label, const PacketPool& pool, Discipline d, bool moved_first,
                   Remaining remaining) const {
    const bool by_packet = d != Discipline::kFifo || moved_first;
    PacketIndex best = kNoPacket;
    unsigned best_moved = 0;
    unsigned best_left = 0;
    for (const Entry& e : entries_) {
      if (e.label() != label) continue;
      const PacketIndex i = e.queued().packet();
      if (!by_packet) return i;
      const SfPacket& p = pool[i];
      const unsigned moved = moved_first && p.ticket.moved ? 1 : 0;
      const unsigned left = d == Discipline::kFurthestFirst ? remaining(p) : 0;
      if (best == kNoPacket || moved > best_moved || (moved == best_moved && left > best_left)) {
        best = i;
        best_moved = moved;
        best_left = left;
      }
    }
    return best;
  }
  /// Calls f(label, entry) for every entry, in arrival order.
  template <typename F>
  void for_each(F f) const {
    for (const Entry& e : entries_) f(e.label(), e.queued());
  }
  void clear() { entries_.clear(); }

 private:
  /// 5 bytes, so that 4 fit in place: the entry's bytes, then the label (below 64).
  class Entry {
   public:
    Entry() = default;
    Entry(unsigned label, Queued q) : label_(static_cast<std::uint8_t>(label)) {
      std::memcpy(queued_, &q, sizeof q);
    }
    unsigned label() const { return label_; }
    Queued queued() const {
      Queued q;
      std::memcpy(&q, queued_, sizeof q);
      return q;
    }

   private:
    std::uint8_t queued_[sizeof(Queued)];
    std::uint8_t label_;
  };
  static_assert(sizeof(Entry) == 5 && std::is_trivially_copyable_v<Queued>);
  InlineList<Entry, kInline> entries_;
};
static_assert(sizeof(NodeQueues) == 32, "a node's queues fill half a cache line");

}  // namespace optinet::sf
