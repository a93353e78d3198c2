#pragma once
/// \file
/// The contract between a store-and-forward node and its routing scheme (Valiant and Brebner).
/// A scheme prepares tickets and reads them: which out-edge a packet takes next at a node
/// depends only on the packet's ticket and that node's id (the schemes are oblivious, section
/// 2). Tickets are prepared at the node where a sub-phase starts, with that node's random
/// stream. The schemes themselves are in protocols/sf.
#include <string>

#include "models/core/rng.h"
#include "models/sf/sf_packet.h"

namespace optinet::sf {

class Scheme {
 public:
  virtual ~Scheme() = default;
  virtual std::string name() const = 0;
  /// Number of sub-phases of a route.
  virtual unsigned subphases() const = 0;
  /// Sub-phases [0, randomizing()) are Phase A (randomization), the rest Phase B.
  virtual unsigned randomizing() const { return 1; }
  /// Prepares the ticket of sub-phase p.ticket.subphase for packet p, now at node `here`.
  virtual void prepare(SfPacket& p, NodeId here, Rng& rng) const = 0;
  /// The out-edge a packet with ticket t takes next from `here`, or kNoEdge if its sub-phase
  /// ends here.
  int next_edge(const Ticket& t, NodeId here) const { return edge_at_step(t, t.next, here); }
  /// The same once the packet has taken `taken` steps of its sub-phase (t.next + 1: as it will
  /// be at the far end of the link it is crossing), read without copying the ticket, which
  /// would read the packet's second cache line. Step-list schemes read that step;
  /// coordinate schemes read t.target and `here` only.
  virtual int edge_at_step(const Ticket& t, unsigned taken, NodeId /*here*/) const {
    return taken < t.length ? t.steps[taken] : kNoEdge;
  }
  /// Hops left in the current sub-phase (furthest-to-go-first discipline).
  virtual unsigned remaining(const SfPacket& p, NodeId /*here*/) const {
    return p.ticket.length - p.ticket.next;
  }
  /// True if queues must serve packets that have moved in their current sub-phase before those
  /// that have not (the precedence rule of section 8).
  virtual bool moved_first() const { return false; }
};

}  // namespace optinet::sf
