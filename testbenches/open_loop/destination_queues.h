#pragma once
/// \file
/// The open-loop host's injection queues taken by destination (virtual output queues), for every
/// node of the network in one structure: the packets waiting, oldest first per (source,
/// destination) pair, in one pool of entries whose size follows the packets waiting (a waiting
/// packet is 12 bytes). Each pair's packets form a circular list whose tail is indexed by pair,
/// the tail's link pointing at the head, so a push, a look at the head and a pop cost the same at
/// any queue length: one index read and one or two pool reads. The index is one array of n*n
/// entries up to kDenseNodes nodes (pages no pair touches cost nothing), and above that one
/// table per source in memory proportional to its destinations waiting (DestinationIndex).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "models/core/destination_index.h"
#include "models/core/packet.h"

namespace optinet {

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
  /// Networks of at most this many nodes index their pairs in one array.
  static constexpr std::uint32_t kDenseNodes = 4096;

  DestinationQueues() = default;
  /// Empty queues for the n*n (source, destination) pairs of n nodes.
  explicit DestinationQueues(std::uint32_t n);
  /// Appends a packet of `source` for `destination` (younger than every packet `source` has
  /// waiting).
  void push(NodeId source, NodeId destination, Waiting packet);
  /// Removes `source`'s oldest packet for one of the `count` destinations listed, if any.
  std::optional<Taken> take_oldest_for(NodeId source, const NodeId* destinations,
                                       std::size_t count);
  /// Removes `source`'s oldest packet of all (a scan of its destinations), if any.
  std::optional<Taken> take_oldest(NodeId source);
  /// Whether `source` has a packet waiting for `destination`.
  bool holds(NodeId source, NodeId destination) const { return tail(source, destination) != kEnd; }
  /// Packets waiting, all sources.
  std::size_t size() const { return size_; }
  /// Pool entries allocated (waiting packets and free entries).
  std::size_t pool_entries() const { return pool_.size(); }

 private:
  static constexpr std::uint32_t kEnd = DestinationIndex::kNone;
  struct Entry {
    Waiting item;
    std::uint32_t next;  ///< the next entry of the list (the tail's: the head); free: next free
  };
  bool dense() const { return !dense_tails_.empty(); }
  std::uint32_t tail(NodeId source, NodeId destination) const {
    return dense() ? dense_tails_[std::size_t{source} * n_ + destination]
                   : sparse_tails_[source].get(destination);
  }
  void set_tail(NodeId source, NodeId destination, std::uint32_t entry);
  /// The head of the non-empty list of (source, destination).
  const Waiting& front(std::uint32_t tail) const { return pool_[pool_[tail].next].item; }
  Waiting pop(NodeId source, NodeId destination, std::uint32_t tail);

  std::uint32_t n_ = 0;
  std::vector<std::uint32_t> dense_tails_;  ///< by source * n + destination
  /// With dense_tails_: bit source * n + destination set when the pair has packets waiting (a
  /// node's n bits read in a cache line or two, where its tails would each be a miss).
  std::vector<std::uint64_t> held_;
  std::vector<DestinationIndex> sparse_tails_;  ///< by source, above kDenseNodes
  std::vector<Entry> pool_;
  std::uint32_t free_ = kEnd;
  std::size_t size_ = 0;
};

}  // namespace optinet
