#pragma once
/// \file
/// A node's injection queue taken by destination (virtual output queues): the packets waiting,
/// oldest first per destination, in memory proportional to the packets waiting. A waiting packet
/// is 12 bytes in blocks of a pool; each destination's packets form a circular list whose tail
/// is indexed by destination, in a small open-addressing table that turns into an array of n
/// entries once the table would be larger than it (under a heavy uniform load nearly every
/// destination has packets waiting, and one array read is one cache miss).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "models/core/packet.h"

namespace optinet {

/// Destination -> value (kNone: absent) for destinations 0..n-1.
class DestinationIndex {
 public:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;

  DestinationIndex() = default;
  explicit DestinationIndex(std::uint32_t n) : n_(n) {}
  std::uint32_t get(NodeId destination) const;
  /// Sets the value of `destination` (not kNone).
  void set(NodeId destination, std::uint32_t value);
  void erase(NodeId destination);
  std::size_t size() const { return count_; }
  bool dense() const { return !dense_.empty(); }
  /// Calls f(destination, value) for every destination present.
  template <typename F>
  void for_each(F&& f) const {
    if (dense()) {
      for (NodeId d = 0; d < n_; ++d) {
        if (dense_[d] != kNone) f(d, dense_[d]);
      }
      return;
    }
    for (const Entry& e : table_) {
      if (e.key != kNoNode) f(e.key, e.value);
    }
  }

 private:
  struct Entry {
    NodeId key = kNoNode;
    std::uint32_t value = kNone;
  };
  std::size_t home(NodeId key) const;
  /// Doubles the table, or moves to the array once the doubled table would be larger.
  void grow();

  std::uint32_t n_ = 0;
  std::size_t count_ = 0;
  std::vector<Entry> table_;          ///< open addressing, linear probing; empty: key kNoNode
  std::vector<std::uint32_t> dense_;  ///< by destination, once dense
};

class DestinationQueues {
 public:
  /// A waiting packet: its sequence number at its source and its creation slot.
  struct Waiting {
    std::uint32_t seq;
    std::uint32_t created_slot;
  };
  struct Taken {
    Waiting packet;
    NodeId destination;
  };

  DestinationQueues() = default;
  explicit DestinationQueues(std::uint32_t n) : tails_(n) {}
  /// Appends a packet for `destination` (younger than every packet waiting).
  void push(NodeId destination, Waiting packet);
  /// Removes the oldest packet for one of the `count` destinations listed, if any.
  std::optional<Taken> take_oldest_for(const NodeId* destinations, std::size_t count);
  /// Removes the oldest packet of all (a scan of the destinations with packets waiting).
  std::optional<Taken> take_oldest();
  std::size_t size() const { return waiting_; }
  /// Pool entries allocated (waiting packets and free entries).
  std::size_t pool_entries() const { return blocks_.size() * kBlock; }

 private:
  // Small blocks: a node with a few packets waiting costs less than a kilobyte.
  static constexpr std::uint32_t kBlockBits = 6;
  static constexpr std::uint32_t kBlock = 1U << kBlockBits;
  static constexpr std::uint32_t kEnd = DestinationIndex::kNone;
  struct Entry {
    Waiting packet;
    std::uint32_t next;  ///< the next entry of the list (the tail's: the head); free: next free
  };
  Entry& entry(std::uint32_t i) { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }
  const Entry& entry(std::uint32_t i) const { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }
  std::uint32_t allocate();
  /// The head of `destination`'s list, or kEnd.
  std::uint32_t head_of(NodeId destination) const;
  Taken take_head(NodeId destination);

  DestinationIndex tails_;
  std::vector<std::unique_ptr<Entry[]>> blocks_;
  std::uint32_t free_ = kEnd;
  std::size_t waiting_ = 0;
};

}  // namespace optinet
