#include "models/optical/optical_passive_star.h"

#include <string>

namespace optinet {

OpticalPassiveStar::OpticalPassiveStar(const sc_core::sc_module_name& name,
                                       const OpticalPassiveStarConfig& config)
    : sc_core::sc_module(name), config_(config) {
  // No static sensitivity: the method waits for light on its inputs (a delta after the rising
  // edge at which sources drive) and, when it held a frame, for the next rising edge to go dark.
  // An unused coupler therefore costs nothing per slot.
  SC_METHOD(resolve);
}

void OpticalPassiveStar::resolve() {
  const std::uint32_t b = config_.destination_group;
  switch (phase_) {
    case Phase::kStart:
      break;
    case Phase::kHolding:  // the slot is over: go dark until a source drives again
      busy_ = collision_ = false;
      frame_packet_ = frame_kind_ = 0;
      // Sources may already have driven in this new slot (same delta): the lane event is then
      // pending in the next delta, which the trigger below still catches.
      break;
    case Phase::kIdle: {
      const StarInputLane& lane = sources->lane(b);
      const bool traced = trace_window_.contains(lane.slot);
      busy_ = traced;
      ++busy_slots_;
      if (lane.drivers == 1) {
        destinations->broadcast(config_.source_group, lane.frame, lane.slot);
        if (traced) {
          frame_packet_ = lane.frame.packet.id;
          frame_kind_ = static_cast<std::uint32_t>(lane.frame.kind);
        }
      } else {
        collision_ = traced;
        ++collision_slots_;
        if (observer_ != nullptr) observer_->on_collision(lane.slot, b, config_.source_group);
      }
      phase_ = Phase::kHolding;
      sc_core::next_trigger(clk.posedge_event());
      return;
    }
  }
  phase_ = Phase::kIdle;
  sc_core::next_trigger(sources->lane_event(b));
}

void OpticalPassiveStar::trace(sc_core::sc_trace_file* tf, const TraceWindow& window) {
  trace_window_ = window;
  const std::string base = name();
  sc_core::sc_trace(tf, busy_, base + ".busy");
  sc_core::sc_trace(tf, collision_, base + ".collision");
  sc_core::sc_trace(tf, frame_packet_, base + ".frame_packet", 32);
  sc_core::sc_trace(tf, frame_kind_, base + ".frame_kind", 2);
}

}  // namespace optinet
