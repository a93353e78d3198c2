#pragma once
/// \file
/// A directed point-to-point link (Valiant and Brebner, section 2 (c)): in each slot it carries
/// at most one packet from its source node to its far end. The source offers the head of the
/// edge's queue at the rising edge; the far end admits or refuses the offer in the update
/// phase of the same delta (back-pressure: a packet is sent only where a buffer is free, so
/// nothing is ever dropped); an admitted packet is at the far node at the next rising edge.
#include <cstdint>
#include <string>
#include <systemc>

#include "models/core/fault_plan.h"
#include "models/core/medium_counters.h"
#include "models/core/prefetch.h"
#include "models/sf/sf_packet_pool.h"

namespace optinet::sf {

/// The receiving side of links where each node is a process of its own: a node's input port, a
/// primitive channel. At a slot's rising edge each link that offers sets its input's bit; in
/// the update phase the node reads the offers in input order. A node has at most kMaxInputs
/// incoming links. The source's router posts the request (SfRouterShared::sinks); where the
/// network's process steps the nodes, it posts it to the network's array instead (SfStepList),
/// or hands the packet to the far end's router.
class LinkSink : public sc_core::sc_prim_channel {
 public:
  static constexpr unsigned kMaxInputs = 64;
  explicit LinkSink(const char* name) : sc_core::sc_prim_channel(name) {}
  /// Called by the source's router when it offers a packet on in-link `input` this slot.
  void request(std::uint32_t input) {
    if (requests_ == 0) request_update();
    requests_ |= std::uint64_t{1} << input;
  }
  void prefetch() const { optinet::prefetch(&requests_); }
  /// The inputs that offered in this slot (bit i: input i), cleared for the next.
  std::uint64_t take_requests() {
    const std::uint64_t r = requests_;
    requests_ = 0;
    return r;
  }

 private:
  std::uint64_t requests_ = 0;
};

/// One directed edge's link: a compact record, not a SystemC object. The network keeps all of
/// them in one contiguous array, node x's label l at x * degree + l (about 2^20 in the
/// 2^16-cube). Where the far end admits every offer (unbounded buffers, nodes stepped by the
/// network) a hop reads none of it: the source hands the packet over and counts it in the
/// link's carried counter (SfRouterShared::carried), and the far end is the graph's neighbour.
/// Otherwise the far end reads the offers once every node has offered: in its inbox's update
/// phase (a primitive channel per node) where nodes are processes, else in the network's
/// admission pass. What only a trace or an injected fault reads is the link's LinkProbe, which
/// the network keeps apart (watched()). 12 bytes.
class Link {
 public:
  /// Connects the far end: node `far_node`, and this link's input number there (the order in
  /// which the far end arbitrates between links offering in the same slot).
  void bind(NodeId far_node, std::uint32_t input) {
    far_node_ = far_node;
    input_ = static_cast<std::uint8_t>(input);
  }
  bool bound() const { return far_node_ != kNoNode; }
  std::uint32_t input() const { return input_; }
  NodeId far_node() const { return far_node_; }

  /// Source side, at the rising edge: offers packet `p` (the head of its queue, an index into
  /// the network's pool; it stays queued until take_grant() at the next rising edge): the far
  /// end reads it once every node has offered (the request that the source's router posts to
  /// the far end's input port or the network's array).
  void offer(PacketIndex p) { offered_ = p; }
  /// Source side, at the next rising edge: the offered packet if the far end admitted it (then
  /// the source drops it from its queue), else kNoPacket; clears the link for the new slot.
  PacketIndex take_grant() {
    const PacketIndex g = granted_ ? offered_ : kNoPacket;
    granted_ = false;
    offered_ = kNoPacket;
    return g;
  }
  /// The offered packet (kNoPacket: none, or a fault refused the offer); the far side reads it
  /// in its update phase.
  PacketIndex offered() const { return offered_; }
  /// Far side: admits the offer, which the link carries in this slot (the far end counts it).
  void grant() { granted_ = true; }

  /// A trace or a fault reads the link in each slot: its LinkProbe, which the network keeps
  /// apart, is then told what the link carries, and take_grant() must run at each rising edge
  /// after an offer.
  bool watched() const { return watched_; }
  void set_watched() { watched_ = true; }

  /// Clears the link for a run.
  void reset() {
    granted_ = false;
    offered_ = kNoPacket;
  }

 private:
  NodeId far_node_ = kNoNode;
  PacketIndex offered_ = kNoPacket;
  std::uint8_t input_ = 0;  ///< below LinkSink::kMaxInputs
  bool granted_ = false;
  bool watched_ = false;  ///< has a LinkProbe (traced, or with injected faults)
};
static_assert(sizeof(Link) == 12, "a link record is 12 bytes");

/// What a link that carried a packet in `carried` slots of the count window reports (never a
/// collision: one sender, admitted by its far end, so each carried slot is a single one with
/// one data frame).
inline MediumCounters carried_counters(std::uint32_t carried) {
  MediumCounters c;
  c.busy_slots = c.single_slots = c.frames_in = c.data_frames = carried;
  return c;
}

/// What only a trace or an injected fault reads of a link: the network keeps it apart, for the
/// out-edges of a node one of whose links is watched (Link::watched; SfRouterShared::probes),
/// so that the link records a hop reads stay small. Its trace names are the ones the
/// link would have as a child of its source node (hypercube.node5.link_d2.busy): the node passes
/// the name to trace().
class LinkProbe {
 public:
  /// Injected faults: `dead` (index into `plan`, -1: none) kills the link from its slot on; the
  /// plan's bit errors garble packets, keyed by `key`. Between runs only; before trace().
  void set_faults(FaultPlan* plan, int dead, std::uint64_t key) {
    plan_ = plan;
    dead_ = dead;
    key_ = key;
  }
  /// Source side, at the rising edge, before the offer: true if a fault keeps `p` from crossing
  /// in `slot` (a dead link, or a garbled packet that the far end's check refuses). The far end
  /// then never grants it, so the source keeps its packet and may offer it again: a fault
  /// delays or blocks packets on links, it never drops one.
  bool refused_by_fault(const SfPacket& p, std::uint64_t slot) {
    if (plan_ == nullptr) return false;
    const int fault = plan_->acts(dead_, slot) ? dead_ : plan_->garbles(key_, slot);
    if (fault < 0) return false;
    plan_->log().lost(static_cast<std::size_t>(fault), FrameKind::kData, p.packet.id, slot);
    fault_ = true;
    if (fault != dead_) power_mw_ = lit_power_mw_;  // a garbled packet's light still arrives
    return true;
  }
  /// Traced: carry() needs the packet's id only then.
  bool traced() const { return traced_; }
  /// The link carries packet `id` (0 where it is not traced) in this slot.
  void carry(std::uint32_t id) {
    busy_ = true;
    packet_id_ = id;
    power_mw_ = lit_power_mw_;
  }
  /// A new slot: the link is idle until it carries again.
  void clear() {
    busy_ = fault_ = false;
    power_mw_ = 0;
  }
  /// Traces the link's busy flag, the id of the packet it carries in the slot and the optical
  /// power at its far end (`lit_power_mw` while it carries, as the real power_mw), under `name`
  /// (the link's hierarchical name). The probe must not move afterwards.
  void trace(sc_core::sc_trace_file* tf, const std::string& name, double lit_power_mw) {
    traced_ = true;
    lit_power_mw_ = lit_power_mw;
    sc_core::sc_trace(tf, busy_, name + ".busy");
    sc_core::sc_trace(tf, packet_id_, name + ".packet", 32);
    sc_core::sc_trace(tf, power_mw_, name + ".power_mw");
    if (plan_ != nullptr && plan_->touches(dead_)) {
      sc_core::sc_trace(tf, fault_, name + ".fault");
    }
  }

 private:
  FaultPlan* plan_ = nullptr;  ///< only on networks with injected faults
  std::uint64_t key_ = 0;
  int dead_ = -1;
  std::uint32_t packet_id_ = 0;
  double lit_power_mw_ = 0;  ///< received power of a lit link
  double power_mw_ = 0;      ///< received power in this slot (traced)
  bool busy_ = false;
  bool fault_ = false;  ///< a fault refused this slot's offer
  bool traced_ = false;
};

}  // namespace optinet::sf
