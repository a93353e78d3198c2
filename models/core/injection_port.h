#pragma once
/// \file
/// The host side of a node in an open-loop run: the packets its host creates while the run
/// goes on (an injection process per node, as interconnect simulators drive a network under a
/// sustained load). A processor asks its port for what has been created up to the current
/// slot; it never sees another node's packets.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "models/core/packet.h"

namespace optinet {

class InjectionPort {
 public:
  virtual ~InjectionPort() = default;
  /// Moves to `out`, oldest first, at most `max` of the packets node `node` has created in
  /// slots up to and including `slot` and not handed out before. The rest stay in the node's
  /// injection queue.
  virtual void take_created(NodeId node, std::uint64_t slot, std::size_t max,
                            std::vector<Packet>& out) = 0;
  /// Takes the oldest packet node `node` has created up to `slot` for one of the `count`
  /// destinations listed, if any: the injection queue as a virtual output queue, one queue per
  /// destination.
  virtual std::optional<Packet> take_created_for(NodeId node, std::uint64_t slot,
                                                 const NodeId* destinations, std::size_t count) = 0;
  /// Packets in node `node`'s injection queue (created up to the last slot it asked for).
  virtual std::uint64_t queued(NodeId node) const = 0;
  /// The first slot before `horizon`, after every slot already asked for, in which node `node`
  /// will create a packet, or `horizon` if none: a look ahead that creates nothing (for a
  /// node that sleeps until its host has a packet).
  virtual std::uint64_t next_creation(NodeId node, std::uint64_t horizon) const = 0;
};

}  // namespace optinet
