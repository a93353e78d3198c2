#include "models/optical/optical_bus.h"

namespace optinet {

OpticalBusBase::OpticalBusBase(const sc_core::sc_module_name& name, const OpticalBusConfig& config,
                               std::vector<NodeId> members)
    : sc_core::sc_module(name), config_(config), members_(std::move(members)) {
  // No static sensitivity: the method waits for a transmitter to light the bus and, after a lit
  // slot, for the next rising edge to go dark. An unused bus costs nothing per slot.
  SC_METHOD(step);
  dont_initialize();
  sensitive << lit_event_;
}

void OpticalBusBase::lit(std::uint64_t slot) {
  if (lit_slot_ == slot) return;
  lit_slot_ = slot;
  lit_event_.notify(sc_core::SC_ZERO_TIME);
}

void OpticalBusBase::step() {
  if (holding_) {  // the rising edge after a lit slot: go dark
    holding_ = false;
    busy_ = false;
    drivers_ = collisions_ = frame_id_ = 0;
    power_mw_ = 0;
    fault_ = false;
    // A transmitter may already have lit the new slot in this delta: its notification is
    // pending for the next delta, which this trigger still catches.
    sc_core::next_trigger(lit_event_);
    return;
  }
  const SlotSummary s = resolve(lit_slot_);
  ++busy_slots_;
  garbled_receivers_ += s.garbled;
  if (count_window_.contains(lit_slot_)) {
    ++counters_.busy_slots;
    counters_.single_slots += s.delivered;
    counters_.collision_slots += s.garbled;
    counters_.frames_in += s.drivers;
    counters_.wasted_frames += s.garbled_frames;
    counters_.ack_frames += s.acks;
    counters_.data_frames += s.delivered - s.acks;
  }
  if (trace_window_.contains(lit_slot_)) {
    busy_ = s.drivers > 0;
    drivers_ = s.drivers;
    // Light adds on the bus: every lit transmitter, a stuck one too; a dead bus is dark.
    const bool dead = faults_ != nullptr && faults_->acts(dead_fault_, lit_slot_);
    const bool jammed = faults_ != nullptr && faults_->acts(jammer_fault_, lit_slot_);
    power_mw_ = dead ? 0.0 : double(s.drivers + (jammed ? 1 : 0)) * input_power_mw_;
    collisions_ = s.garbled;
    frame_id_ = s.first_frame_id;
    fault_ = s.fault;
  }
  holding_ = true;
  sc_core::next_trigger(clk.posedge_event());
}

void OpticalBusBase::trace(sc_core::sc_trace_file* tf, const TraceWindow& window) {
  trace_window_ = window;
  const std::string base = name();
  sc_core::sc_trace(tf, busy_, base + ".busy");
  sc_core::sc_trace(tf, drivers_, base + ".drivers", 32);
  sc_core::sc_trace(tf, collisions_, base + ".collisions", 32);
  sc_core::sc_trace(tf, frame_id_, base + ".frame_packet", 32);
  sc_core::sc_trace(tf, power_mw_, base + ".power_mw");
  if (faults_ != nullptr && faults_->touches(dead_fault_, jammer_fault_)) {
    sc_core::sc_trace(tf, fault_, base + ".fault");
  }
}

}  // namespace optinet
