#include "models/pops/pops_coupler.h"

namespace optinet::pops {

int StarCoupler::apply_faults(const StarInputLane& lane, StarOutcome& o) {
  if (faults_ == nullptr) return -1;
  int fault = -1;
  if (faults_->acts(dead_fault_, lane.slot)) {
    fault = dead_fault_;  // no light leaves a dead coupler: nothing to flag, nothing delivered
    o = StarOutcome{};
  } else if (faults_->acts(jammer_fault_, lane.slot)) {
    fault = jammer_fault_;  // the stuck source is one more lit input: every frame collides
    o.busy = o.collision = true;
    o.frame.reset();
  } else if (o.frame) {
    fault = faults_->garbles(fault_key_, lane.slot);  // fails its check: heard as noise
    if (fault >= 0) o.frame.reset();
  }
  if (fault < 0) return -1;
  if (lane.sources.empty()) {
    faults_->log().lost(static_cast<std::size_t>(fault), lane.frame, lane.slot);
  } else {
    for (const StarSourceDrive& s : lane.sources) {
      faults_->log().lost(static_cast<std::size_t>(fault), s.frame, lane.slot);
    }
  }
  return fault;
}

StarOutcome StarCoupler::commit(const StarInputLane& lane, StarOutcome o, StarOutputIf& out) {
  const bool traced = trace_window_.contains(lane.slot);
  // A real collision (two sources of the group) is reported before a fault can hide it.
  const bool real_collision = o.collision;
  if (traced) {
    // Light adds at the outputs: every lit source, a stuck one too; a dead coupler is dark.
    const bool dead = faults_ != nullptr && faults_->acts(dead_fault_, lane.slot);
    const bool jammed = faults_ != nullptr && faults_->acts(jammer_fault_, lane.slot);
    power_mw_ = dead ? 0.0 : double(lane.drivers + (jammed ? 1 : 0)) * input_power_mw_;
  }
  if (apply_faults(lane, o) >= 0) fault_ = traced;
  if (count_window_.contains(lane.slot)) {
    counters_.busy_slots += o.busy ? 1 : 0;
    counters_.single_slots += o.frame ? 1 : 0;
    counters_.collision_slots += o.collision ? 1 : 0;
    counters_.frames_in += lane.drivers;
    counters_.wasted_frames += o.collision ? lane.drivers : 0;
    if (o.frame)
      ++(o.frame->kind == FrameKind::kAck ? counters_.ack_frames : counters_.data_frames);
  }
  if (o.busy) {
    busy_ = traced;
    ++busy_slots_;
  }
  if (o.frame) {
    out.broadcast(config_.source_group, *o.frame, lane.slot);
    if (traced) {
      frame_packet_ = o.frame->packet.id;
      frame_kind_ = static_cast<std::uint32_t>(o.frame->kind);
    }
  }
  if (o.collision) {
    collision_ = traced;
    ++collision_slots_;
  }
  if (real_collision) {
    if (observer_ != nullptr) {
      observer_->on_collision(lane.slot, config_.destination_group, config_.source_group);
    }
  }
  return o;
}

void StarCoupler::trace(sc_core::sc_trace_file* tf, const std::string& name,
                        const TraceWindow& window) {
  sc_core::sc_trace(tf, busy_, name + ".busy");
  sc_core::sc_trace(tf, collision_, name + ".collision");
  sc_core::sc_trace(tf, frame_packet_, name + ".frame_packet", 32);
  sc_core::sc_trace(tf, frame_kind_, name + ".frame_kind", 2);
  trace_optics(tf, name, window);
}

void StarCoupler::trace_optics(sc_core::sc_trace_file* tf, const std::string& name,
                               const TraceWindow& window) {
  trace_window_ = window;
  sc_core::sc_trace(tf, power_mw_, name + ".power_mw");
  if (faults_ != nullptr && faults_->touches(dead_fault_, jammer_fault_)) {
    sc_core::sc_trace(tf, fault_, name + ".fault");
  }
}

PassiveStar::PassiveStar(const sc_core::sc_module_name& name,
                         const OpticalPassiveStarConfig& config, unsigned settle_deltas)
    : sc_core::sc_module(name), coupler_(config), settle_deltas_(settle_deltas) {
  // No static sensitivity: the method waits for light on its inputs (a delta after the rising
  // edge at which sources drive) and, when it held a frame, for the next rising edge to go dark.
  // An unused coupler therefore costs nothing per slot.
  SC_METHOD(step);
}

void PassiveStar::step() {
  const std::uint32_t b = coupler_.config().destination_group;
  switch (phase_) {
    case Phase::kStart:
      break;
    case Phase::kHolding:  // the slot is over: go dark until a source drives again
      coupler_.go_dark();
      // Sources may already have driven in this new slot (same delta): the lane event is then
      // pending in the next delta, which the trigger below still catches.
      break;
    case Phase::kIdle:
      present(sources->lane(b));
      settling_ = settle_deltas_;
      [[fallthrough]];
    case Phase::kSettling:
      if (settling_ > 0) {
        --settling_;
        phase_ = Phase::kSettling;
        sc_core::next_trigger(sc_core::SC_ZERO_TIME);
        return;
      }
      coupler_.commit(sources->lane(b), outcome(sources->lane(b)), *destinations[0]);
      phase_ = Phase::kHolding;
      sc_core::next_trigger(clk.posedge_event());
      return;
  }
  phase_ = Phase::kIdle;
  sc_core::next_trigger(sources->lane_event(b));
}

}  // namespace optinet::pops
