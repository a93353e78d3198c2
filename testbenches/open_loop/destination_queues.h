#pragma once
/// \file
/// A node's injection queue taken by destination (virtual output queues): the packets waiting,
/// oldest first per destination, in memory proportional to the packets waiting
/// (models/core/destination_lists.h). A waiting packet is 12 bytes in blocks of a pool.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "models/core/destination_lists.h"
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

  DestinationQueues() = default;
  explicit DestinationQueues(std::uint32_t n) : lists_(n) {}
  /// Appends a packet for `destination` (younger than every packet waiting).
  void push(NodeId destination, Waiting packet) { lists_.push(destination, packet); }
  /// Removes the oldest packet for one of the `count` destinations listed, if any.
  std::optional<Taken> take_oldest_for(const NodeId* destinations, std::size_t count);
  /// Removes the oldest packet of all (a scan of the destinations with packets waiting).
  std::optional<Taken> take_oldest();
  std::size_t size() const { return lists_.size(); }
  /// Pool entries allocated (waiting packets and free entries).
  std::size_t pool_entries() const { return lists_.pool_entries(); }

 private:
  DestinationLists<Waiting> lists_;
};

}  // namespace optinet
