#pragma once
/// \file
/// A node's queues, one per outgoing edge (section 2 (d)), and the queueing disciplines that
/// name a queue's head.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "models/sf/sf_packet_pool.h"

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

/// How a node's queues name their heads: in arrival order (`by_key` false), or the packet with
/// the largest key first and the first of equals in arrival order. `key_of(i)` is packet i's
/// key, which must not change while i is queued (SfRouter: whether it moved last slot, and its
/// hops left in its sub-phase, both set before it is queued).
template <typename KeyOf>
struct QueueOrder {
  bool by_key;
  KeyOf key_of;
};
template <typename KeyOf>
QueueOrder<KeyOf> queue_order(bool by_key, KeyOf key_of) {
  return QueueOrder<KeyOf>{by_key, key_of};
}
/// Arrival order.
inline auto fifo_order() {
  return queue_order(false, [](PacketIndex) { return 0u; });
}

/// Every out-edge queue of one node. 32 bytes, so that the queues share the router's first
/// cache line with its arrivals (SfRouter) and a hop touches no record per edge but a counter:
/// a node nearly always holds few packets (in `hypercube --n 16 --protocol cubes --traffic
/// random` one or two), and up to kInline entries sit in place, in one list of (label, entry)
/// in arrival order, where finding a queue's entries by scanning costs less than a miss.
/// Past kInline (a backlog) the entries move to one heap block, a queue per label, until the
/// node's queues empty again. There each queue keeps its entries in buckets by key, each in
/// arrival order, so that a push, a head and the removal of a granted head cost as many steps
/// as the queue has distinct keys, however long it is. A packet may briefly be in two queues (at
/// a rising edge the far end may queue an admitted packet before its source drops it), so
/// nothing here links through the packets.
class NodeQueues {
 public:
  static constexpr std::uint32_t kInline = 4;

  NodeQueues() {}
  NodeQueues(const NodeQueues&) = delete;
  NodeQueues& operator=(const NodeQueues&) = delete;
  /// Takes o's entries (in place, or its heap block); o is left empty.
  NodeQueues(NodeQueues&& o) noexcept : size_(o.size_), spilled_(o.spilled_) {
    std::memcpy(inline_, o.inline_, sizeof inline_);  // the entries, or the pointer
    o.size_ = 0;
    o.spilled_ = false;
  }
  NodeQueues& operator=(NodeQueues&&) = delete;
  ~NodeQueues() { clear(); }

  /// Entries and buckets read by the queue operations of every node so far (one for each
  /// operation, plus one per entry scanned in place and per bucket passed over on the heap): a
  /// measure of their cost that a test can read without timing them.
  static std::uint64_t work_done() { return work; }

  /// Packets in all the node's queues.
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Packets in queue `label`.
  std::size_t size(unsigned label) const {
    work += 1 + (spilled_ ? 0 : size_);
    if (spilled_) return label < spill_->queues.size() ? spill_->queues[label].size : 0;
    std::size_t n = 0;
    for (std::uint32_t k = 0; k < size_; ++k) n += inline_[k].label() == label ? 1 : 0;
    return n;
  }
  /// Queue `label` takes `q` at its tail (`order`: the one every call uses).
  template <typename KeyOf>
  void push(unsigned label, Queued q, const QueueOrder<KeyOf>& order) {
    ++work;
    if (!spilled_ && size_ < kInline) {
      inline_[size_++] = Entry(label, q);
      return;
    }
    if (!spilled_) spill(order);
    spill_->push(label, q, order.by_key ? order.key_of(q.packet()) : 0);
    ++size_;
  }
  void push(unsigned label, Queued q) { push(label, q, fifo_order()); }
  /// Drops packet i (its oldest entry) from queue `label`, which holds it; returns the entry.
  /// `emptied`: the queue holds nothing else.
  Queued remove(unsigned label, PacketIndex i, bool& emptied) {
    work += 1 + (spilled_ ? 0 : size_);
    if (spilled_) {
      Spill::Queue& queue = spill_->queues[label];
      const Queued q = queue.remove(i);
      emptied = queue.size == 0;
      if (--size_ == 0) clear();
      return q;
    }
    std::uint32_t at = size_;
    std::size_t others = 0;
    for (std::uint32_t k = 0; k < size_; ++k) {
      if (inline_[k].label() != label) continue;
      if (at == size_ && inline_[k].queued().packet() == i) {
        at = k;
      } else {
        ++others;
      }
    }
    const Queued q = inline_[at].queued();
    std::copy(inline_ + at + 1, inline_ + size_, inline_ + at);
    --size_;
    emptied = others == 0;
    return q;
  }
  /// The head of non-empty queue `label`.
  template <typename KeyOf>
  PacketIndex head(unsigned label, const QueueOrder<KeyOf>& order) const {
    work += 1 + (spilled_ ? 0 : size_);
    if (spilled_) return spill_->queues[label].head();
    PacketIndex best = kNoPacket;
    unsigned best_key = 0;
    for (std::uint32_t k = 0; k < size_; ++k) {
      const Entry& e = inline_[k];
      if (e.label() != label) continue;
      const PacketIndex i = e.queued().packet();
      if (!order.by_key) return i;
      const unsigned key = order.key_of(i);
      if (best == kNoPacket || key > best_key) {
        best = i;
        best_key = key;
      }
    }
    return best;
  }
  /// Calls f(label, entry) for every entry, in arrival order.
  template <typename F>
  void for_each(F f) const {
    if (!spilled_) {
      for (std::uint32_t k = 0; k < size_; ++k) f(inline_[k].label(), inline_[k].queued());
      return;
    }
    std::vector<std::pair<std::uint64_t, std::pair<unsigned, Queued>>> all;
    for (unsigned label = 0; label < spill_->queues.size(); ++label) {
      for (const Spill::Bucket& b : spill_->queues[label].buckets) {
        for (std::size_t k = b.front; k < b.items.size(); ++k) {
          all.push_back({b.items[k].seq, {label, b.items[k].queued}});
        }
      }
    }
    std::sort(all.begin(), all.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& a : all) f(a.second.first, a.second.second);
  }
  void clear() {
    if (spilled_) delete spill_;
    spilled_ = false;
    size_ = 0;
  }

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

  /// The queues of a node with a backlog: one per label.
  struct Spill {
    struct Item {
      std::uint64_t seq;  ///< arrival order over the node's queues
      Queued queued;
    };
    /// The entries of one key, in arrival order (items[front..]).
    struct Bucket {
      unsigned key;
      std::size_t front = 0;
      std::vector<Item> items;
      bool empty() const { return front == items.size(); }
    };
    /// A queue's entries by key, the buckets in increasing key (one, key 0, in arrival order).
    /// A bucket stays when it empties: a queue has as many as its packets had distinct keys,
    /// which the route bounds (two for whether a packet moved, times its hops left), not the
    /// backlog.
    struct Queue {
      std::vector<Bucket> buckets;
      std::size_t size = 0;

      /// The bucket of the head: the non-empty one of the largest key.
      const Bucket& best() const {
        std::size_t b = buckets.size() - 1;
        while (buckets[b].empty()) {
          ++work;
          --b;
        }
        return buckets[b];
      }
      Bucket& best() { return const_cast<Bucket&>(static_cast<const Queue*>(this)->best()); }
      PacketIndex head() const {
        const Bucket& b = best();
        return b.items[b.front].queued.packet();
      }
      void push(Item item, unsigned key) {
        std::size_t b = buckets.size();
        while (b > 0 && buckets[b - 1].key > key) {
          ++work;
          --b;
        }
        if (b == 0 || buckets[b - 1].key != key) {
          buckets.insert(buckets.begin() + static_cast<std::ptrdiff_t>(b), Bucket{key, 0, {}});
        } else {
          --b;
        }
        buckets[b].items.push_back(item);
        ++size;
      }
      Queued remove(PacketIndex i) {
        Bucket& b = best();
        if (b.items[b.front].queued.packet() != i) return remove_inside(i);
        const Queued q = b.items[b.front].queued;
        if (++b.front == b.items.size()) {
          b.items.clear();
          b.front = 0;
        } else if (b.front >= 32 && 2 * b.front >= b.items.size()) {
          b.items.erase(b.items.begin(), b.items.begin() + static_cast<std::ptrdiff_t>(b.front));
          b.front = 0;
        }
        --size;
        return q;
      }
      /// Not the head (a packet granted while a copy of it was queued again): its oldest entry.
      Queued remove_inside(PacketIndex i) {
        Bucket* at_bucket = nullptr;
        std::size_t at = 0;
        for (Bucket& b : buckets) {
          for (std::size_t k = b.front; k < b.items.size(); ++k) {
            ++work;
            if (b.items[k].queued.packet() != i) continue;
            if (at_bucket == nullptr || b.items[k].seq < at_bucket->items[at].seq) {
              at_bucket = &b;
              at = k;
            }
          }
        }
        const Queued q = at_bucket->items[at].queued;
        at_bucket->items.erase(at_bucket->items.begin() + static_cast<std::ptrdiff_t>(at));
        if (at_bucket->empty()) {
          at_bucket->items.clear();
          at_bucket->front = 0;
        }
        --size;
        return q;
      }
    };

    void push(unsigned label, Queued q, unsigned key) {
      if (label >= queues.size()) queues.resize(label + 1);
      queues[label].push(Item{next_seq++, q}, key);
    }

    std::uint64_t next_seq = 0;
    std::vector<Queue> queues;
  };

  /// Moves the entries in place to a new heap block, in their order.
  template <typename KeyOf>
  void spill(const QueueOrder<KeyOf>& order) {
    auto* s = new Spill;
    for (std::uint32_t k = 0; k < size_; ++k) {
      const Queued q = inline_[k].queued();
      s->push(inline_[k].label(), q, order.by_key ? order.key_of(q.packet()) : 0);
    }
    spill_ = s;
    spilled_ = true;
  }

  inline static std::uint64_t work = 0;  ///< work_done()
  std::uint32_t size_ = 0;
  bool spilled_ = false;  ///< the entries are in spill_
  union {
    Entry inline_[kInline];
    Spill* spill_;
  };
  static_assert(sizeof(Spill*) <= sizeof(Entry) * kInline, "the pointer fits in place");
};
static_assert(sizeof(NodeQueues) == 32, "a node's queues fill half a cache line");

}  // namespace optinet::sf
