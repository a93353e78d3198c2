#pragma once
/// \file
/// The split&hash node as a protocol sees it (Meyer auf der Heide, Schroeder & Schwarze):
/// node x of level L holds one transmitter and one receiver. As a top node of its group's
/// funnels it may send down over the bus of h_j(x) (one per function j) to bottom node h_j(x)
/// of any child funnel; as a bottom node it may answer up over its own bus to any top node
/// attached to it. A level-1 node sends down to the k sinks of its group over one bus of
/// length 2k. Every bus is an optical crossbar: a receiver that two senders address in a slot
/// gets nothing (garbled), as on the OCPC.
///
/// Time: communication steps of two slots, as on the OCPC (models/ocpc/ocpc_node.h):
/// slot A data, slot B acknowledgements; `steps` = slots / 2.
#include <cstdint>
#include <optional>

#include "models/core/node_context.h"
#include "models/ocpc/ocpc_node.h"
#include "models/topology/split_hash.h"

namespace optinet::splithash {

using ocpc::Message;

/// The constants of Theorem 4 (a)'s Modified Thinning Phase (protocols/splithash/thinning.h).
struct ThinningParams {
  double c = 1.0;            ///< t_g = ceil(c (h/2^g + log2 h)) iterations in phase g
  std::uint32_t rounds = 2;  ///< T: rounds of the Funnel Algorithm per iteration
};

/// What every node is configured with before a run (the same in all nodes).
struct SplitHashSettings {
  std::uint32_t batches = 1;  ///< 1/eps: the packets go in this many batches
  /// The most rounds of the Funnel Algorithm a level may take; then its nodes give up on the
  /// packets still active, and the run reports them as stuck.
  std::uint32_t round_limit = 64;
  std::uint32_t h = 1;  ///< the h of the h-relation (every node knows it)
  /// h-relation: applications of the random-function algorithm to a level's remainder before
  /// what is left there is reported stuck.
  std::uint32_t applications = 8;
  ThinningParams thinning;
};

class SplitHashNodeContext : public virtual NodeContext {
 public:
  /// The network's wiring (this node uses only its own functions and buses).
  virtual const SplitHashWiring& wiring() const = 0;
  const SplitHashShape& shape() const { return wiring().shape(); }
  virtual std::uint32_t level() const = 0;
  /// x, the node's index within its level.
  virtual std::uint64_t index() const = 0;
  /// The protocol's settings, loaded into every node at reset.
  virtual const SplitHashSettings& settings() const = 0;
  /// Sends `message` to `to` (a node of the level below over one of this node's top buses, a
  /// node of its own level attached to one of them, or a node of the level above over its
  /// bottom bus) in this slot; at most one send per slot.
  virtual void send(NodeId to, const Message& message) = 0;
  /// After next_slot(): the message received in the slot that just ended, present only if
  /// exactly one was sent to this node.
  virtual const std::optional<Message>& received() const = 0;
  /// Statistics for the testbench: this top node's packet of `batch` went down the funnel
  /// between levels i+1 and i to child `child` in round `round` (1-based).
  virtual void note_funnel_success(std::uint32_t batch, std::uint32_t i, std::uint32_t child,
                                   std::uint32_t round) = 0;
  /// Records that this node took a fallback path of a procedure it runs (the GJLR h-relation
  /// algorithm of the last level). A run reports the sum over all nodes as `fallbacks`.
  virtual void note_fallback(std::uint32_t count) = 0;
  /// Statistics: `count` packets stayed at this node after Theorem 4's batches (its share of
  /// the remainder). A run reports the sum over all nodes as `remainder`.
  virtual void note_remainder(std::uint32_t count) = 0;
  /// Statistics: the random-function algorithm ran `count` times on the remainder at one level
  /// (every node knows it from the wired-OR line). A run reports the most over all levels as
  /// `remainder_applications`.
  virtual void note_applications(std::uint32_t count) = 0;
  /// This node gave up on its packet of `batch` at funnel level i (the round limit).
  virtual void note_stuck(std::uint32_t batch, std::uint32_t i) = 0;
  /// Statistics: the Funnel Algorithm of level i in `batch` ran `rounds` rounds (every node
  /// knows it from the wired-OR line; node 0 reports it).
  virtual void note_level_rounds(std::uint32_t batch, std::uint32_t i, std::uint32_t rounds) = 0;
};

/// A routing protocol: the body of every node's thread for one run. One instance serves all
/// nodes; per-node state lives in run().
class SplitHashProtocol {
 public:
  virtual ~SplitHashProtocol() = default;
  virtual void run(SplitHashNodeContext& node) const = 0;
};

}  // namespace optinet::splithash
