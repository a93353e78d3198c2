#pragma once
/// \file
/// The OCPC / MOB-PC node as a protocol sees it (Goldberg, Jerrum, Leighton & Rao): in each slot
/// a processor may send one message to one processor it can reach, and its single receiver gets
/// a message only if exactly one was sent to it in that slot (two or more are garbled).
///
/// Time: protocols run in communication steps of two slots, as the paper counts steps:
///   slot A (data): each node may send one message;
///   slot B (ack):  each node that received a message in slot A acknowledges its sender.
/// Each node sends at most one message in slot A, so slot B never collides. `steps` in the JSON
/// is slots / 2.
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "models/core/node_context.h"
#include "models/topology/dmob_indexing.h"

namespace optinet::ocpc {

enum class Topology : std::uint8_t { kOcpc, kMob, kDmob };

/// OCPC: p processors, any may send to any other. MOB-PC: p x p processors, node (r, c) = r*p + c,
/// one optical bus per row and per column; a message may only go to the sender's row or column.
/// D-dimensional MOB (kDmob): p^dim processors, node id = sum_j x_j p^j, one optical bus along
/// every line of every dimension; a message may only go to a node that differs from the sender
/// in one coordinate. The MOB-PC is the mesh of dimension 2 (row = x_1, column = x_0), so both
/// share mesh() and can_send(); dimension 0 buses are the MOB-PC's row buses.
struct OcpcShape {
  Topology topology = Topology::kOcpc;
  std::uint32_t p = 2;    ///< OCPC: processors; MOB-PC and D-dim MOB: the edge size K
  std::uint32_t dim = 2;  ///< kDmob only: D (the MOB-PC is always 2)
  std::uint32_t dimensions() const { return topology == Topology::kMob ? 2 : dim; }
  /// The mesh's indexing (MOB-PC and D-dimensional MOB only).
  optinet::topology::DmobIndexing mesh() const {
    return optinet::topology::DmobIndexing(p, dimensions());
  }
  std::uint32_t n() const { return topology == Topology::kOcpc ? p : mesh().nodes(); }
  /// MOB-PC coordinates.
  std::uint32_t row(NodeId i) const { return i / p; }
  std::uint32_t column(NodeId i) const { return i % p; }
  NodeId node(std::uint32_t r, std::uint32_t c) const { return r * p + c; }
  bool can_send(NodeId from, NodeId to) const {
    if (from == to || from >= n() || to >= n()) return false;
    return topology == Topology::kOcpc || mesh().share_bus(from, to);
  }
  // Buses of a node on the OCPC and the MOB-PC: bus 0 is the OCPC's bus or the node's row bus,
  // bus 1 its column bus. A node's local index on a bus: its id on the OCPC, its column on a row
  // bus, its row on a column bus.
  /// The bus of `from` that reaches `to` (can_send(from, to) must hold; not for kDmob).
  std::uint32_t bus_towards(NodeId from, NodeId to) const {
    return topology == Topology::kMob && row(from) != row(to) ? 1 : 0;
  }
  std::uint32_t local_index(NodeId i, std::uint32_t bus) const {
    if (topology == Topology::kOcpc) return i;
    return bus == 0 ? column(i) : row(i);
  }
  /// The node at local index `index` on bus `bus` of node `at`.
  NodeId on_bus(NodeId at, std::uint32_t bus, std::uint32_t index) const {
    if (topology == Topology::kOcpc) return index;
    return bus == 0 ? node(row(at), index) : node(index, column(at));
  }
};

/// What one transmitter puts on the medium in one slot. The sender's address is in the header,
/// as a hardware frame would carry it, so a receiver can acknowledge a relay.
///
/// This is the OCPC / MOB-PC bus frame; the POPS coupler frame is `Frame` (models/core/packet.h).
/// They stay two types on purpose: a POPS frame is what the coupler RTL carries (kind and the
/// packet, 192 bits), and its receivers never address a sender, while a bus frame names its
/// sender (acknowledgements go back over the bus) and carries two 64-bit control words for the
/// OCPC procedures (counts, ranks, keys) where POPS control frames carry two 32-bit pairs.
struct Message {
  enum class Kind : std::uint8_t { kData, kAck, kControl };
  Kind kind = Kind::kData;
  NodeId sender = kNoNode;
  Packet packet;                      ///< kData: the packet routed; kAck: its header
  std::uint64_t control[2] = {0, 0};  ///< kControl: protocol words (counts, keys, ranks)
};

/// A data frame carrying `packet`.
inline Message data_frame(const Packet& packet) {
  Message m;
  m.packet = packet;
  return m;
}

/// A control frame carrying the protocol words `first` and `second`.
inline Message control_frame(std::uint64_t first, std::uint64_t second = 0) {
  Message m;
  m.kind = Message::Kind::kControl;
  m.control[0] = first;
  m.control[1] = second;
  return m;
}

/// The acknowledgement of `header`'s packet.
inline Message ack_frame(const Packet& header) {
  Message ack;
  ack.kind = Message::Kind::kAck;
  ack.packet = header;
  return ack;
}

/// The acknowledgement of a frame that arrived: its packet's header, back to its sender.
inline Message ack_of(const Message& received) { return ack_frame(received.packet); }

/// For the buses' counters: an acknowledgement frame.
inline bool is_ack_frame(const Message& m) { return m.kind == Message::Kind::kAck; }
/// For the fault log: data, acknowledgement or control (no packet).
inline FrameKind fault_frame_kind(const Message& m) {
  return m.kind == Message::Kind::kData  ? FrameKind::kData
         : m.kind == Message::Kind::kAck ? FrameKind::kAck
                                         : FrameKind::kControl;
}

/// The outcome of one communication step for one node.
struct StepOutcome {
  std::optional<Message> received;  ///< what arrived in the data slot (it has been acknowledged)
  bool acknowledged = false;        ///< the message this node sent was received
};

class OcpcNodeContext : public virtual NodeContext {
 public:
  virtual const OcpcShape& shape() const = 0;
  /// The h of the h-relation: every node knows it (the paper's algorithms are given h and p).
  virtual std::uint32_t h() const = 0;
  /// Sends `message` (its sender field is filled in) to `to` in this slot; at most one send per
  /// slot, and shape().can_send(id(), to) must hold.
  virtual void send(NodeId to, const Message& message) = 0;
  /// After next_slot(): the message received in the slot that just ended, present only if
  /// exactly one was sent to this node.
  virtual const std::optional<Message>& received() const = 0;
  /// Records that this node took a fallback path (a cleanup the paper's analysis needs only
  /// with small probability). A run reports the sum over all nodes as `fallbacks`.
  virtual void note_fallback(std::uint32_t /*count*/ = 1) {}
  /// Records that a recovery procedure of the algorithm itself (gjlr on the MOB-PC: step 4, a
  /// failed block recovered by a super-block) succeeded. A run reports the sum as `recoveries`.
  virtual void note_recovery(std::uint32_t /*count*/ = 1) {}
  /// Records that this node gave up on packets (`funnel` on the d-dimensional MOB: still active
  /// at the round limit); they stay undelivered. A run reports the sum as `stuck`.
  virtual void note_stuck(std::uint32_t /*count*/) {}
  /// Records that a level of a procedure in rounds took `rounds` rounds (`funnel`: a funnel
  /// level of a batch). A run reports the most as `max_rounds`.
  virtual void note_rounds(std::uint32_t /*rounds*/) {}
  /// One communication step (two slots): sends `out` to `to` in the data slot if `out` is set;
  /// in the ack slot whatever arrived is acknowledged, and the node listens for its own
  /// acknowledgement. By default the protocol's thread does both slots itself
  /// (step_slot_by_slot); a processor whose receiver acknowledges in hardware sleeps through
  /// the ack slot instead (OcpcProcessor), with the same frames on the buses in the same slots.
  virtual StepOutcome communication_step(NodeId to, const std::optional<Message>& out);

  // The reservation control plane, present when the network was built with one
  // (OcpcNetworkConfig::control_plane; OCPC and MOB-PC): beside every bus a request channel and
  // a grant channel with one minislot per attached processor (its local index on the bus), a
  // word of ceil(log2 p) bits. A word sent in a slot is heard in the next slot. Without the
  // plane these calls throw std::logic_error.
  enum class Control : std::uint8_t { kRequest, kGrant };
  /// True if the network has the reservation control plane.
  virtual bool has_control_plane() const { return false; }
  /// Sends `word` in this node's minislot of the `kind` channel beside its bus `bus`.
  virtual void send_control(Control /*kind*/, std::uint32_t /*bus*/, std::uint64_t /*word*/) {
    no_control_plane();
  }
  /// What `minislot` of the `kind` channel beside this node's bus `bus` carried in the last slot.
  virtual std::optional<std::uint64_t> heard_control(Control /*kind*/, std::uint32_t /*bus*/,
                                                     std::uint32_t /*minislot*/) const {
    no_control_plane();
    return std::nullopt;
  }

 private:
  [[noreturn]] static void no_control_plane() {
    throw std::logic_error("this network has no reservation control plane");
  }
};

/// One communication step as two slots of the node's own thread: after the data slot it
/// acknowledges whatever arrived, then it listens for its own acknowledgement.
inline StepOutcome step_slot_by_slot(OcpcNodeContext& node, NodeId to,
                                     const std::optional<Message>& out) {
  StepOutcome outcome;
  if (out) node.send(to, *out);
  node.next_slot();
  outcome.received = node.received();
  if (outcome.received) node.send(outcome.received->sender, ack_of(*outcome.received));
  node.next_slot();
  const std::optional<Message>& back = node.received();
  outcome.acknowledged = out && back && back->kind == Message::Kind::kAck;
  return outcome;
}

inline StepOutcome OcpcNodeContext::communication_step(NodeId to,
                                                       const std::optional<Message>& out) {
  return step_slot_by_slot(*this, to, out);
}

/// One communication step of `node` (OcpcNodeContext::communication_step).
inline StepOutcome communication_step(OcpcNodeContext& node, NodeId to,
                                      const std::optional<Message>& out) {
  return node.communication_step(to, out);
}

/// An h-relation routing protocol: the body of every processor's thread for one run. One
/// instance serves all processors, so it holds parameters only; per-node state lives in run().
class OcpcProtocol {
 public:
  virtual ~OcpcProtocol() = default;
  virtual void run(OcpcNodeContext& node) const = 0;
};

}  // namespace optinet::ocpc
