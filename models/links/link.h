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
#include "models/core/trace_window.h"
#include "models/links/sf_packet.h"

namespace optinet::sf {

class Link;

/// The receiving side of links: a node's input port.
class LinkSink {
 public:
  virtual ~LinkSink() = default;
  /// Called by a link when its source offers a packet in the current slot.
  virtual void request(Link& link) = 0;
};

/// One directed edge. A primitive channel without a process: it costs nothing while idle.
class Link : public sc_core::sc_prim_channel {
 public:
  explicit Link(const char* name) : sc_core::sc_prim_channel(name) {}

  /// Connects the far end: the sink and this link's input number there (the order in which
  /// the far end arbitrates between links offering in the same slot).
  void bind(LinkSink& far_end, std::uint32_t input) {
    far_end_ = &far_end;
    input_ = input;
  }
  bool bound() const { return far_end_ != nullptr; }
  std::uint32_t input() const { return input_; }

  /// Injected faults: `dead` (index into `plan`, -1: none) kills the link from its slot on; the
  /// plan's bit errors garble packets, keyed by `key`. Between runs only; before trace().
  void set_faults(FaultPlan* plan, int dead, std::uint64_t key) {
    faults_ = plan;
    dead_fault_ = dead;
    fault_key_ = key;
  }
  /// Source side, at the rising edge, before offer(): true if a fault keeps `p` from crossing
  /// in `slot` (a dead link, or a garbled packet that the far end's check refuses). The far end
  /// then never grants it, so the source keeps its packet and may offer it again: a fault
  /// delays or blocks packets on links, it never drops one.
  bool refused_by_fault(const SfPacket& p, std::uint64_t slot) {
    if (faults_ == nullptr) return false;
    const int fault =
        faults_->acts(dead_fault_, slot) ? dead_fault_ : faults_->garbles(fault_key_, slot);
    if (fault < 0) return false;
    faults_->log().lost(static_cast<std::size_t>(fault), FrameKind::kData, p.packet.id, slot);
    fault_ = true;
    return true;
  }
  /// Source side, at the rising edge: offers one packet for this slot.
  void offer(const SfPacket& p) {
    offered_ = p;
    offering_ = true;
    far_end_->request(*this);
  }
  /// Source side, at the next rising edge: whether the offer was admitted (then the source
  /// drops its copy) and clears the link for the new slot.
  bool take_grant() {
    const bool g = granted_;
    offering_ = granted_ = false;
    busy_ = fault_ = false;
    return g;
  }

  /// Far side, in its update phase.
  const SfPacket& offered() const { return offered_; }
  /// Far side: admits the offer, which the link carries in `slot`.
  void grant(std::uint64_t slot) {
    granted_ = true;
    busy_ = true;
    packet_id_ = offered_.packet.id;
    ++carried_;
    if (count_window_.contains(slot)) {
      // One sender, admitted by its far end: a carried slot is always a single one.
      ++counters_.busy_slots;
      ++counters_.single_slots;
      ++counters_.frames_in;
      ++counters_.data_frames;
    }
  }

  /// Packets carried since the last reset.
  std::uint64_t carried() const { return carried_; }
  /// Clears the link; its counters count every slot again.
  void reset() {
    offering_ = granted_ = busy_ = fault_ = false;
    carried_ = 0;
    count_slots({});
  }
  /// Counts the slots of `window` from now on (counters cleared).
  void count_slots(const TraceWindow& window) {
    count_window_ = window;
    counters_ = MediumCounters{};
  }
  /// The slots of the count window in which the link carried a packet (never a collision).
  const MediumCounters& counters() const { return counters_; }
  /// Traces the link's busy flag and the id of the packet it carries in the slot.
  void trace(sc_core::sc_trace_file* tf) const {
    sc_core::sc_trace(tf, busy_, std::string(name()) + ".busy");
    sc_core::sc_trace(tf, packet_id_, std::string(name()) + ".packet", 32);
    if (faults_ != nullptr && faults_->touches(dead_fault_)) {
      sc_core::sc_trace(tf, fault_, std::string(name()) + ".fault");
    }
  }

 private:
  LinkSink* far_end_ = nullptr;
  std::uint32_t input_ = 0;
  SfPacket offered_;
  bool offering_ = false;
  bool granted_ = false;
  bool busy_ = false;
  bool fault_ = false;  ///< a fault refused this slot's offer
  FaultPlan* faults_ = nullptr;
  int dead_fault_ = -1;
  std::uint64_t fault_key_ = 0;
  std::uint32_t packet_id_ = 0;
  std::uint64_t carried_ = 0;
  TraceWindow count_window_;
  MediumCounters counters_;
};

}  // namespace optinet::sf
