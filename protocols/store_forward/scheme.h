#pragma once
/// \file
/// The two-phase randomized routing schemes of Valiant and Brebner. A scheme prepares tickets
/// and reads them: which out-edge a packet takes next at a node depends only on the packet's
/// ticket and that node's id (the schemes are oblivious, section 2). Tickets are prepared at
/// the node where a sub-phase starts, with that node's random stream.
#include <memory>
#include <string>
#include <vector>

#include "models/core/rng.h"
#include "models/links/sf_packet.h"
#include "models/networks/store_forward_graph.h"

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
  /// The out-edge p takes next from `here`, or kNoEdge if its sub-phase ends here.
  virtual int next_edge(const SfPacket& p, NodeId here) const;
  /// Hops left in the current sub-phase (furthest-to-go-first discipline).
  virtual unsigned remaining(const SfPacket& p, NodeId here) const;
  /// True if queues must serve packets that have moved in their current sub-phase before those
  /// that have not (the precedence rule of section 8).
  virtual bool moved_first() const { return false; }
};

/// The schemes a network accepts, the first being its default.
std::vector<std::string> scheme_names(const SfGraph& graph);
/// Builds the named scheme for the graph; throws UsageError (--protocol) if it does not apply.
std::unique_ptr<Scheme> make_scheme(const std::string& name, const SfGraph& graph);

// Ticket building blocks, exposed for tests.

/// "Pack T" (section 4 (iii)): the non-zero elements of t in order of occurrence, then zeros.
std::vector<unsigned> pack(const std::vector<unsigned>& t);
/// The shortest route in the d-way shuffle from u to v as out-edge labels (section 6: the
/// unique path of the least length k, tried for k = 0, 1, ..., n).
std::vector<unsigned> shortest_shuffle_route(unsigned d, unsigned n, NodeId u, NodeId v);
/// Follows a step list from `from`; returns the node reached.
NodeId follow(const SfGraph& graph, NodeId from, const std::vector<unsigned>& labels);
/// The step list in a ticket.
std::vector<unsigned> steps_of(const Ticket& t);

}  // namespace optinet::sf
