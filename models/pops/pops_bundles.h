#pragma once
/// \file
/// Fibre bundles of a POPS group. A pin-for-pin POPS(d,g) has d*g transmitter fibres per group;
/// binding one port per fibre is O(n*g). Instead each group has one transmit bundle (its d
/// transmitters towards its g outgoing couplers) and one receive bundle (the g incoming
/// couplers' broadcast outputs towards its d receivers), so bindings are O(n + g*g).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <systemc>
#include <vector>

#include "models/core/packet.h"

namespace optinet::pops {

/// Processor side of a transmit bundle: local processor `source` of the group lights a frame
/// into its fibre to one coupler.
class StarTransmitIf : public virtual sc_core::sc_interface {
 public:
  virtual void drive(std::uint32_t coupler, std::uint32_t source, const Frame& frame,
                     std::uint64_t slot) = 0;
};

/// One source port of a coupler lit in a slot.
struct StarSourceDrive {
  std::uint32_t source = 0;  ///< local index in the group
  Frame frame;
};

/// What a coupler sees at its d inputs in one slot: how many sources drive it, and the frame
/// of the first. Per-source inputs (for RTL couplers) are kept only when the bundle records them.
struct StarInputLane {
  std::uint64_t slot = ~std::uint64_t{0};
  std::uint32_t drivers = 0;
  Frame frame;
  std::vector<StarSourceDrive> sources;  ///< every lit source, when recorded
};

/// Coupler side of a transmit bundle.
class StarInputIf : public virtual sc_core::sc_interface {
 public:
  virtual const StarInputLane& lane(std::uint32_t coupler) const = 0;
  /// Notified (delta) the first time a source drives `coupler` in a slot.
  virtual const sc_core::sc_event& lane_event(std::uint32_t coupler) const = 0;
  /// Notified (delta) the first time a source drives any coupler in a slot.
  virtual const sc_core::sc_event& lit_event() const = 0;
  /// The couplers driven in the current slot, in the order they were first driven. A reader
  /// that resolves them all at once (PassiveStarGroup) takes the list: a source that drives
  /// later in the same slot would then be missed, and is an error.
  virtual const std::vector<std::uint32_t>& take_lit() = 0;
};

/// A group's d transmitters towards its g outgoing couplers c(b, a), b = 0..g-1.
class GroupTransmitBundle : public sc_core::sc_prim_channel,
                            public StarTransmitIf,
                            public StarInputIf {
 public:
  GroupTransmitBundle(const char* name, std::uint32_t couplers)
      : sc_core::sc_prim_channel(name), lanes_(couplers), events_(couplers) {
    lit_.reserve(couplers);
  }

  void drive(std::uint32_t coupler, std::uint32_t source, const Frame& frame,
             std::uint64_t slot) override {
    StarInputLane& lane = lanes_.at(coupler);
    if (lit_taken_ && lit_slot_ == slot) {
      SC_REPORT_ERROR(name(), "a source drove after the couplers resolved the slot");
    }
    if (lane.slot != slot) {
      lane.slot = slot;
      lane.drivers = 0;
      lane.sources.clear();
      // No event yet: no coupler waits on this lane, so there is nothing to notify.
      if (events_[coupler]) events_[coupler]->notify(sc_core::SC_ZERO_TIME);
      if (lit_slot_ != slot) {
        lit_slot_ = slot;
        lit_.clear();
        lit_taken_ = false;
        if (lit_event_) lit_event_->notify(sc_core::SC_ZERO_TIME);
      }
      lit_.push_back(coupler);
    }
    if (++lane.drivers == 1) lane.frame = frame;
    if (record_sources_) lane.sources.push_back({source, frame});
  }
  const StarInputLane& lane(std::uint32_t coupler) const override { return lanes_[coupler]; }
  /// Keep every source's frame per lane and slot (RTL couplers need them).
  void record_sources(bool on) { record_sources_ = on; }
  /// Forgets every slot stamp (slot numbers restart with each run).
  void reset() {
    for (StarInputLane& lane : lanes_) {
      lane.slot = ~std::uint64_t{0};
      lane.drivers = 0;
      lane.sources.clear();
    }
    lit_slot_ = ~std::uint64_t{0};
    lit_.clear();
    lit_taken_ = false;
  }
  /// Created at the coupler's first wait, during simulation: SystemC 2.3.4 gives an unnamed
  /// event made during elaboration a generated name in its object registry (about 8 k
  /// instructions each, docs/benchmarks.md), and one made while running none.
  const sc_core::sc_event& lane_event(std::uint32_t coupler) const override {
    std::unique_ptr<sc_core::sc_event>& event = events_[coupler];
    if (!event) event = std::make_unique<sc_core::sc_event>();
    return *event;
  }
  /// Created at the first wait, as the lane events are.
  const sc_core::sc_event& lit_event() const override {
    if (!lit_event_) lit_event_ = std::make_unique<sc_core::sc_event>();
    return *lit_event_;
  }
  const std::vector<std::uint32_t>& take_lit() override {
    lit_taken_ = true;
    return lit_;
  }

 private:
  std::vector<StarInputLane> lanes_;
  mutable std::vector<std::unique_ptr<sc_core::sc_event>> events_;
  mutable std::unique_ptr<sc_core::sc_event> lit_event_;
  std::uint64_t lit_slot_ = ~std::uint64_t{0};  ///< the slot `lit_` belongs to
  std::vector<std::uint32_t> lit_;              ///< couplers driven in `lit_slot_`
  bool lit_taken_ = false;                      ///< a reader has resolved `lit_`
  bool record_sources_ = false;
};

/// Coupler side of a receive bundle: broadcast a frame to every receiver of the group.
class StarOutputIf : public virtual sc_core::sc_interface {
 public:
  virtual void broadcast(std::uint32_t source_group, const Frame& frame, std::uint64_t slot) = 0;
};

/// Processor side of a receive bundle: what the coupler from `source_group` delivered in `slot`.
class StarReceiveIf : public virtual sc_core::sc_interface {
 public:
  virtual std::optional<Frame> sample(std::uint32_t source_group, std::uint64_t slot) const = 0;
};

/// The broadcast outputs of the g couplers c(b, a), a = 0..g-1, into group b.
class GroupReceiveBundle : public sc_core::sc_prim_channel,
                           public StarOutputIf,
                           public StarReceiveIf {
 public:
  GroupReceiveBundle(const char* name, std::uint32_t couplers)
      : sc_core::sc_prim_channel(name), outputs_(couplers) {}

  void broadcast(std::uint32_t source_group, const Frame& frame, std::uint64_t slot) override {
    outputs_.at(source_group) = Output{slot, frame};
  }
  /// Forgets every slot stamp (slot numbers restart with each run).
  void reset() { std::fill(outputs_.begin(), outputs_.end(), Output{}); }
  std::optional<Frame> sample(std::uint32_t source_group, std::uint64_t slot) const override {
    const Output& o = outputs_.at(source_group);
    if (o.slot != slot) return std::nullopt;
    return o.frame;
  }

 private:
  struct Output {
    std::uint64_t slot = ~std::uint64_t{0};
    Frame frame;
  };
  std::vector<Output> outputs_;
};

/// A processor's side of its group's two bundles (its transmitter and its receiver) behind one
/// port: a port is a registered SystemC object, about 8 k instructions of elaboration with its
/// binding (docs/benchmarks.md).
class StarNodeIf : public StarTransmitIf, public StarReceiveIf {};

/// A group's transmit and receive bundles as its processors see them. A plain object, not a
/// SystemC object: it forwards to the two bundles and costs no registration.
class GroupNodeBundles : public StarNodeIf {
 public:
  GroupNodeBundles(StarTransmitIf& tx, const StarReceiveIf& rx) : tx_(tx), rx_(rx) {}
  void drive(std::uint32_t coupler, std::uint32_t source, const Frame& frame,
             std::uint64_t slot) override {
    tx_.drive(coupler, source, frame, slot);
  }
  std::optional<Frame> sample(std::uint32_t source_group, std::uint64_t slot) const override {
    return rx_.sample(source_group, slot);
  }

 private:
  StarTransmitIf& tx_;
  const StarReceiveIf& rx_;
};

}  // namespace optinet::pops
