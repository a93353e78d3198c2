#pragma once
/// \file
/// What a protocol running on one processor may use: exactly what that node's hardware has.
/// Network-specific contexts (e.g. pops::PopsNodeContext) add the medium access.
#include <cstdint>
#include <optional>
#include <vector>

#include "models/core/packet.h"
#include "models/core/rng.h"

namespace optinet {

class NodeContext {
 public:
  virtual ~NodeContext() = default;

  virtual NodeId id() const = 0;
  /// Slots since the start of the run.
  virtual std::uint64_t slot() const = 0;
  /// The run's seed, common to all nodes (for randomness every node must agree on).
  virtual std::uint64_t run_seed() const = 0;
  /// This node's own random stream for the run.
  virtual Rng& rng() = 0;
  /// The packets this node was loaded with for the run.
  virtual const std::vector<Packet>& packets() const = 0;
  /// Open-loop run: the host keeps creating packets and the run ends when the host says so
  /// (the node routes until it is stopped, never finishing on its own).
  virtual bool open_loop() const { return false; }
  /// Open-loop run: appends at most `max` of the packets the host has created up to this slot,
  /// oldest first; the others wait in the host's injection queue.
  virtual void take_injected(std::size_t /*max*/, std::vector<Packet>& /*out*/) {}
  /// Open-loop run: takes the oldest created packet for one of the `count` destinations listed
  /// (a virtual output queue per destination).
  virtual std::optional<Packet> take_injected_for(const NodeId* /*destinations*/,
                                                  std::size_t /*count*/) {
    return std::nullopt;
  }

  // Sleeping in open-loop runs: a node with nothing to do waits for work (its host's next
  // packet, or a peer transmitting to it) instead of waking in every idle slot.
  /// True if this node may sleep: an open-loop run, untraced, with peers that can wake it.
  virtual bool can_sleep() const { return false; }
  /// How far ahead an idle node looks for its host's next packet (it wakes then to look again).
  static constexpr std::uint64_t kSleepHorizon = 4096;
  /// Open-loop run: packets of this node waiting in the host's injection queue.
  virtual std::uint64_t injected_waiting() const { return 0; }
  /// The first slot before `horizon` in which the host will create a packet for this node, or
  /// `horizon` (open-loop runs).
  virtual std::uint64_t next_injection(std::uint64_t horizon) const { return horizon; }
  /// Sleeps from within the current slot until the rising edge of slot `alarm` or until a peer
  /// wakes it, in the slot the peer transmits to it, whichever comes first: afterwards slot()
  /// is the slot it woke in and the node has not listened in it yet. Returns at once if a peer
  /// woke it in the current slot already. Only if can_sleep().
  virtual void sleep_until(std::uint64_t alarm) {
    while (slot() < alarm) next_slot();
  }
  /// Wakes node `other` if it sleeps, so that it listens in this slot: called by a node that
  /// transmits to it (no effect unless `other` can sleep).
  virtual void wake(NodeId /*other*/) {}

  /// Ends the prologue (run half a slot before slot 0) and waits for slot 0 to begin.
  virtual void begin_slots() = 0;
  /// Ends the current slot: samples the receiver if the node listened, then waits for the next
  /// slot to begin.
  virtual void next_slot() = 0;
  /// Ends the current slot like next_slot(), then sleeps through `idle` more slots in which the
  /// node neither transmits nor listens: the same as idle + 1 calls of next_slot(), without
  /// waking in between. Afterwards received() is empty (call next_slot() to end a slot in which
  /// the node listened).
  virtual void skip_slots(std::uint32_t idle) {
    for (std::uint32_t i = 0; i <= idle; ++i) next_slot();
  }

  /// Hands a packet that reached its destination to the host.
  virtual void deliver(const Packet& packet) = 0;

  /// The global wired-OR line (set or cleared from the next delta on).
  virtual void raise_pending() = 0;
  virtual void release_pending() = 0;
  virtual bool any_pending() const = 0;

  /// Records how many packet buffers the node holds now (for the buffer bound).
  virtual void note_buffers(unsigned count) = 0;
};

/// Delivers `packet` if it is addressed to `node`; otherwise hands it to `keep` (the node's
/// queues).
template <typename Keep>
void deliver_or_keep(NodeContext& node, const Packet& packet, Keep&& keep) {
  if (packet.destination == node.id()) {
    node.deliver(packet);
  } else {
    keep(packet);
  }
}

}  // namespace optinet
