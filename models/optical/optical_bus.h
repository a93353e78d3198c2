#pragma once
/// \file
/// The optical bus of an OCPC or of one row or column of a MOB-PC: k attached processors, each
/// with a transmitter that can address any attached receiver in a slot. A receiver addressed by
/// exactly one sender in the slot gets the frame; one addressed by two or more gets nothing
/// (the light is garbled) and the bus counts a collision for that receiver.
///
/// Wiring (O(n + buses) bindings): the bus is a hierarchical channel; every attached transmitter
/// binds its port to the bus's `inputs` export, and the bus writes into the network's
/// `ReceiverArray`, which holds one photodetector per processor. A MOB-PC processor's single
/// receiver sees the light of both its row bus and its column bus: the array garbles a receiver
/// that gets light from two buses in one slot, exactly as two senders on one bus.
///
/// Timing: transmitters drive at the rising edge; the bus's method wakes one delta later (only
/// when driven: an idle bus costs nothing), resolves the slot and writes the receivers; it wakes
/// again at the next rising edge to clear its trace registers.
#include <cstdint>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/fault_plan.h"
#include "models/core/medium_counters.h"
#include "models/core/packet.h"
#include "models/core/trace_window.h"

namespace optinet {

/// Told of every garbled receiver (testbench statistics).
class BusCollisionObserver {
 public:
  virtual ~BusCollisionObserver() = default;
  /// `receiver` (a global node id) got light from two or more senders in `slot`.
  virtual void on_receiver_collision(std::uint64_t slot, NodeId receiver) = 0;
};

/// Processor side of a bus: attached transmitter `sender` (local index on the bus) lights its
/// beam towards attached receiver `receiver` (local index) in `slot`.
template <typename FrameT>
class BusTransmitIf : public virtual sc_core::sc_interface {
 public:
  virtual void drive(std::uint32_t sender, std::uint32_t receiver, const FrameT& frame,
                     std::uint64_t slot) = 0;
};

/// Bus side of the receivers: light reaching a receiver in a slot.
template <typename FrameT>
class ReceiverLightIf : public virtual sc_core::sc_interface {
 public:
  /// One clean frame from one bus.
  virtual void light(NodeId receiver, const FrameT& frame, std::uint64_t slot) = 0;
  /// Two or more frames from one bus: garbled.
  virtual void garbled(NodeId receiver, std::uint64_t slot) = 0;
  /// Light that fails the receiver's check (an injected fault): heard as noise, as a garbled
  /// slot is, but not counted as a collision.
  virtual void noise(NodeId receiver, std::uint64_t slot) = 0;
};

/// Processor side of the receivers: what receiver `node` detected in `slot`.
template <typename FrameT>
class ReceiverSampleIf : public virtual sc_core::sc_interface {
 public:
  /// The frame, present only if exactly one frame reached the receiver in `slot`.
  virtual std::optional<FrameT> sample(NodeId node, std::uint64_t slot) const = 0;
  /// True if the receiver was addressed by two or more senders in `slot`.
  virtual bool collided(NodeId node, std::uint64_t slot) const = 0;
};

/// One photodetector per processor of the network, fed by every bus the processor is attached
/// to. Per receiver it keeps only the last slot's light (slot-stamped: no clearing per slot).
template <typename FrameT>
class ReceiverArray : public sc_core::sc_prim_channel,
                      public ReceiverLightIf<FrameT>,
                      public ReceiverSampleIf<FrameT> {
 public:
  ReceiverArray(const char* name, std::uint32_t receivers)
      : sc_core::sc_prim_channel(name), cells_(receivers) {}

  void set_observer(BusCollisionObserver* observer) { observer_ = observer; }
  /// Forgets every slot stamp (slot numbers restart with each run).
  void reset() {
    std::fill(cells_.begin(), cells_.end(), Cell{});
    for (LitList& l : lit_) l = LitList{};
  }
  /// From now on, keeps the list of receivers that got light (or noise) in each of the last two
  /// slots, for hardware that acts on receptions without a scan of every receiver.
  void track_lit() { tracking_lit_ = true; }
  /// The receivers lit in `slot`, each once, in the order they were first lit; empty unless
  /// track_lit() is on and `slot` is one of the last two slots with light.
  const std::vector<NodeId>& lit_in(std::uint64_t slot) const {
    static const std::vector<NodeId> kNone;
    const LitList& l = lit_[slot & 1];
    return l.slot == slot ? l.receivers : kNone;
  }

  void light(NodeId receiver, const FrameT& frame, std::uint64_t slot) override {
    Cell& c = stamp(receiver, slot);
    if (++c.beams == 1) c.frame = frame;
    // A bus lights a receiver at most once per slot: a second light is a second bus.
    if (c.beams == 2) {
      ++cross_bus_collisions_;
      collide(receiver, slot);
    }
  }
  void garbled(NodeId receiver, std::uint64_t slot) override {
    Cell& c = stamp(receiver, slot);
    const bool was_clean = c.beams < 2;
    c.beams = 2 + c.beams;
    if (was_clean) collide(receiver, slot);
  }
  void noise(NodeId receiver, std::uint64_t slot) override { stamp(receiver, slot).beams += 2; }
  std::optional<FrameT> sample(NodeId node, std::uint64_t slot) const override {
    const Cell& c = cells_.at(node);
    if (c.slot != slot || c.beams != 1) return std::nullopt;
    return c.frame;
  }
  bool collided(NodeId node, std::uint64_t slot) const override {
    const Cell& c = cells_.at(node);
    return c.slot == slot && c.beams > 1;
  }
  /// Garbled receiver-slots since construction.
  std::uint64_t collisions() const { return collisions_; }
  /// Of those, the ones where two buses each lit the receiver once (MOB-PC row + column).
  std::uint64_t cross_bus_collisions() const { return cross_bus_collisions_; }

 private:
  struct Cell {
    std::uint64_t slot = ~std::uint64_t{0};
    std::uint32_t beams = 0;
    FrameT frame{};
  };
  /// The receivers lit in one slot (two lists, by the slot's parity).
  struct LitList {
    std::uint64_t slot = ~std::uint64_t{0};
    std::vector<NodeId> receivers;
  };
  Cell& stamp(NodeId receiver, std::uint64_t slot) {
    Cell& c = cells_.at(receiver);
    if (c.slot != slot) {
      c.slot = slot;
      c.beams = 0;
      if (tracking_lit_) note_lit(receiver, slot);
    }
    return c;
  }
  void note_lit(NodeId receiver, std::uint64_t slot) {
    LitList& l = lit_[slot & 1];
    if (l.slot != slot) {
      l.slot = slot;
      l.receivers.clear();
    }
    l.receivers.push_back(receiver);
  }
  void collide(NodeId receiver, std::uint64_t slot) {
    ++collisions_;
    if (observer_ != nullptr) observer_->on_receiver_collision(slot, receiver);
  }
  std::vector<Cell> cells_;
  bool tracking_lit_ = false;
  LitList lit_[2];
  BusCollisionObserver* observer_ = nullptr;
  std::uint64_t collisions_ = 0;
  std::uint64_t cross_bus_collisions_ = 0;
};

/// Which processors a bus attaches: local index i is global node first + i * stride (or, for
/// a bus built with a member list, the list's i-th node).
struct OpticalBusConfig {
  std::uint32_t attached = 2;  ///< k
  NodeId first = 0;
  std::uint32_t stride = 1;
};

/// The frame-independent part of a bus: slot scheduling, trace registers and statistics.
class OpticalBusBase : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  const OpticalBusConfig& config() const { return config_; }
  NodeId global(std::uint32_t local) const {
    return members_.empty() ? config_.first + local * config_.stride : members_[local];
  }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// The optical power one lit transmitter delivers at each receiver, mW (the power budget's
  /// received power). Between runs only.
  void set_input_power_mw(double mw) { input_power_mw_ = mw; }
  /// busy, drivers, collisions (garbled receivers) and frame id during the current slot, and
  /// the optical power at a receiver as the real power_mw (the sum over the lit transmitters),
  /// under this module's name, recorded for the slots in `window`.
  void trace(sc_core::sc_trace_file* tf, const TraceWindow& window = {});

  std::uint64_t busy_slots() const { return busy_slots_; }
  std::uint64_t garbled_receivers() const { return garbled_receivers_; }
  /// Counts the slots of `window` from now on (counters cleared). On a bus a frame gets through
  /// to each receiver it alone addresses: single_slots counts those receiver-slots, and
  /// collision_slots the garbled receiver-slots.
  void count_slots(const TraceWindow& window) {
    count_window_ = window;
    counters_ = MediumCounters{};
  }
  /// Ends the count window after `last` (counters kept).
  void end_count(std::uint64_t last) { count_window_.last = last; }
  const MediumCounters& counters() const { return counters_; }
  /// Trace registers (meaningful within the trace window).
  bool busy() const { return busy_; }
  std::uint32_t collisions_in_slot() const { return collisions_; }
  bool fault() const { return fault_; }
  double power_mw() const { return power_mw_; }
  /// Injected faults: `dead` (index into `plan`, -1: none) kills the bus from its slot on (no
  /// frame reaches a receiver); `jammer` is a stuck transmitter attached to the bus (its light
  /// garbles every receiver a frame addresses); the plan's bit errors garble frames, keyed by
  /// `key`. Between runs only; call before trace().
  void set_faults(FaultPlan* plan, int dead, int jammer, std::uint64_t key) {
    faults_ = plan;
    dead_fault_ = dead;
    jammer_fault_ = jammer;
    fault_key_ = key;
  }

 protected:
  OPTINET_HAS_PROCESS(OpticalBusBase);
  /// `members`: empty, or the global id of each local index (a split&hash bus joins nodes of
  /// no regular pattern).
  OpticalBusBase(const sc_core::sc_module_name& name, const OpticalBusConfig& config,
                 std::vector<NodeId> members = {});
  /// Called by a transmitter: wakes the bus one delta later, once per slot.
  void lit(std::uint64_t slot);
  /// Forgets the last lit slot (slot numbers restart with each run).
  void forget_lit_slot() { lit_slot_ = ~std::uint64_t{0}; }
  /// Resolves the slot's drives into the receivers; returns what the trace shows.
  struct SlotSummary {
    std::uint32_t drivers = 0;
    std::uint32_t garbled = 0;         ///< receivers addressed by two or more frames
    std::uint32_t garbled_frames = 0;  ///< the frames lost that way
    std::uint32_t delivered = 0;       ///< receivers that got a frame
    std::uint32_t acks = 0;            ///< acknowledgements among the delivered frames
    std::uint32_t first_frame_id = 0;  ///< the frame of the lowest-indexed sender
    bool fault = false;                ///< an injected fault lost a frame
  };
  FaultPlan* faults_ = nullptr;
  int dead_fault_ = -1;
  int jammer_fault_ = -1;
  std::uint64_t fault_key_ = 0;
  virtual SlotSummary resolve(std::uint64_t slot) = 0;

 private:
  void step();

  OpticalBusConfig config_;
  std::vector<NodeId> members_;
  sc_core::sc_event lit_event_;
  std::uint64_t lit_slot_ = ~std::uint64_t{0};
  bool holding_ = false;
  TraceWindow trace_window_;
  bool busy_ = false;
  bool fault_ = false;
  std::uint32_t drivers_ = 0;
  double input_power_mw_ = 1.0;
  double power_mw_ = 0;
  std::uint32_t collisions_ = 0;
  std::uint32_t frame_id_ = 0;
  std::uint64_t busy_slots_ = 0;
  std::uint64_t garbled_receivers_ = 0;
  TraceWindow count_window_;
  MediumCounters counters_;
};

/// Whether a frame is an acknowledgement; frame types that have acknowledgements overload it
/// (found by argument-dependent lookup).
template <typename FrameT>
bool is_ack_frame(const FrameT& /*frame*/) {
  return false;
}
/// A frame's kind for the fault log; frame types with control frames overload it.
template <typename FrameT>
FrameKind fault_frame_kind(const FrameT& frame) {
  return is_ack_frame(frame) ? FrameKind::kAck : FrameKind::kData;
}

/// The bus for frames of type FrameT (which has a `packet.id` for the trace).
template <typename FrameT>
class OpticalBus : public OpticalBusBase, public BusTransmitIf<FrameT> {
 public:
  sc_core::sc_export<BusTransmitIf<FrameT>> inputs{"inputs"};
  sc_core::sc_port<ReceiverLightIf<FrameT>> receivers{"receivers"};

  OpticalBus(const sc_core::sc_module_name& name, const OpticalBusConfig& config,
             std::vector<NodeId> members = {})
      : OpticalBusBase(name, config, std::move(members)), beams_(config.attached) {
    inputs.bind(*this);
  }

  void drive(std::uint32_t sender, std::uint32_t receiver, const FrameT& frame,
             std::uint64_t slot) override {
    if (sender >= config().attached || receiver >= config().attached) {
      SC_REPORT_ERROR(name(), "drive: a sender or receiver that is not attached");
    }
    if (drives_slot_ != slot) {
      drives_slot_ = slot;
      drives_.clear();
    }
    drives_.push_back(Drive{sender, receiver, frame});
    lit(slot);
  }
  /// Forgets the last slot's drives (slot numbers restart with each run).
  void reset() {
    drives_slot_ = ~std::uint64_t{0};
    drives_.clear();
    for (Beams& b : beams_) b = Beams{};
    forget_lit_slot();
  }

 protected:
  SlotSummary resolve(std::uint64_t slot) override {
    SlotSummary s;
    if (drives_slot_ != slot) return s;
    s.drivers = static_cast<std::uint32_t>(drives_.size());
    // The lowest-indexed sender's frame, whatever order the kernel ran the senders in.
    const Drive* first = &drives_.front();
    for (const Drive& d : drives_) {
      if (d.sender < first->sender) first = &d;
    }
    s.first_frame_id = first->frame.packet.id;
    // Count beams per addressed receiver (slot-stamped, so only the addressed ones are touched).
    for (const Drive& d : drives_) {
      Beams& b = beams_[d.receiver];
      if (b.slot != slot) b = Beams{slot, 0};
      ++b.count;
    }
    // Injected faults: a dead bus carries no light; a jammer's light garbles every addressed
    // receiver; a bit error garbles one frame (its receiver's check fails: heard as noise).
    const bool dead = faults_ != nullptr && faults_->acts(dead_fault_, slot);
    const bool jammed = !dead && faults_ != nullptr && faults_->acts(jammer_fault_, slot);
    for (const Drive& d : drives_) {
      Beams& b = beams_[d.receiver];
      int fault = dead ? dead_fault_ : jammed ? jammer_fault_ : -1;
      if (fault < 0 && faults_ != nullptr && b.count == 1) {
        fault = faults_->garbles(fault_key_ * 0x100000000ULL + d.receiver, slot);
      }
      if (fault >= 0) {
        faults_->log().lost(static_cast<std::size_t>(fault), fault_frame_kind(d.frame),
                            d.frame.packet.id, slot);
        s.fault = true;
        // A jammed or garbled receiver hears noise; a real collision among the frames is
        // still counted as one.
        if (!dead && b.count > 1) {
          receivers->garbled(global(d.receiver), slot);
          ++s.garbled;
          s.garbled_frames += b.count;
        } else if (!dead && b.count == 1) {
          receivers->noise(global(d.receiver), slot);
        }
        if (b.count > 0) b.count = 0;  // its receiver is reported once
        continue;
      }
      if (b.count == 1) {
        receivers->light(global(d.receiver), d.frame, slot);
        ++s.delivered;
        if (is_ack_frame(d.frame)) ++s.acks;
      } else if (b.count > 1) {
        receivers->garbled(global(d.receiver), slot);
        ++s.garbled;
        s.garbled_frames += b.count;
        b.count = 0;  // reported once
      }
    }
    return s;
  }

 private:
  struct Drive {
    std::uint32_t sender;
    std::uint32_t receiver;
    FrameT frame;
  };
  struct Beams {
    std::uint64_t slot = ~std::uint64_t{0};
    std::uint32_t count = 0;
  };
  std::uint64_t drives_slot_ = ~std::uint64_t{0};
  std::vector<Drive> drives_;
  std::vector<Beams> beams_;
};

}  // namespace optinet
