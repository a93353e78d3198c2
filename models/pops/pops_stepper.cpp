#include "models/pops/pops_stepper.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/pops/pops_processor.h"

namespace optinet::pops {

PopsStepper::PopsStepper(const sc_core::sc_module_name& name, std::uint32_t nodes)
    : sc_core::sc_module(name), nodes_(nodes), alarms_(kAlarmRing), run_over_("run_over") {
  // No static sensitivity: the method waits for a run's start, then for each rising edge while
  // it steps nodes.
  SC_METHOD(edge);
}

void PopsStepper::adopt(PopsProcessor& p, std::unique_ptr<PopsNodeSteps> steps) {
  if (running_ && started_) {
    throw std::logic_error(std::string(name()) + ": a node adopted outside a run's prologue");
  }
  Node& node = nodes_.at(p.id());
  node.processor = &p;
  node.steps = std::move(steps);
  adopted_.push_back(p.id());
}

void PopsStepper::edge() {
  if (!running_) {
    // After initialization, a run's start (its prologue, half a slot before slot 0).
    if (initialized_ && enabled_) {
      running_ = true;
      started_ = false;
      sc_core::next_trigger(clk.posedge_event());
      return;
    }
    initialized_ = true;
    sc_core::next_trigger(control->start_event());
    return;
  }
  if (control->abort_requested() || adopted_.empty()) {
    stop();
    sc_core::next_trigger(control->start_event());
    return;
  }
  const std::uint64_t slot = control->current_slot();
  if (!started_) {
    started_ = true;
    first_slot(slot);
  } else {
    next_slot(slot);
  }
  sc_core::next_trigger(clk.posedge_event());
}

void PopsStepper::first_slot(std::uint64_t slot) {
  slot_ = slot;
  acted_.clear();
  for (NodeId id : adopted_) {
    nodes_[id].processor->stepped_wake(slot);
    act(id);
  }
}

void PopsStepper::next_slot(std::uint64_t slot) {
  slot_ = slot;
  // The nodes that acted in the last slot enter this one; those with nothing to do sleep.
  entered_.swap(acted_);
  acted_.clear();
  to_act_.clear();
  for (NodeId id : entered_) {
    Node& node = nodes_[id];
    node.processor->stepped_next_slot(slot);
    node.steps->after_slot(*node.processor);
    const std::uint64_t idle = node.steps->idle_until(*node.processor);
    if (idle > slot) {
      sleep(id, slot, idle);
    } else {
      to_act_.push_back(id);
    }
  }
  // The nodes whose alarm is this slot wake (an entry is stale if a peer woke the node since).
  std::vector<NodeId>& due = alarms_[slot % kAlarmRing];
  for (std::size_t k = 0; k < due.size(); ++k) {
    const NodeId id = due[k];
    Node& node = nodes_[id];
    if (!node.processor->asleep() || node.ring_slot != slot) continue;
    if (node.alarm > slot) {
      ring(id, slot, node.alarm);  // beyond the ring when it fell asleep
      continue;
    }
    node.processor->stepped_wake(slot);
    to_act_.push_back(id);
  }
  due.clear();
  // Every node awake acts; a sleeper a peer transmits to is woken (wake()) and acts too.
  woken_.clear();
  for (NodeId id : to_act_) act(id);
  for (std::size_t k = 0; k < woken_.size(); ++k) act(woken_[k]);
}

void PopsStepper::act(NodeId id) {
  Node& node = nodes_[id];
  node.steps->act(*node.processor);
  acted_.push_back(id);
}

void PopsStepper::sleep(NodeId id, std::uint64_t slot, std::uint64_t alarm) {
  nodes_[id].processor->stepped_sleep();
  nodes_[id].alarm = alarm;
  ring(id, slot, alarm);
}

void PopsStepper::ring(NodeId id, std::uint64_t slot, std::uint64_t alarm) {
  const std::uint64_t at = std::min(alarm, slot + kAlarmRing - 1);
  nodes_[id].ring_slot = at;
  alarms_[at % kAlarmRing].push_back(id);
}

void PopsStepper::wake(NodeId id) {
  Node& node = nodes_.at(id);
  if (node.processor == nullptr || !node.processor->asleep()) return;
  node.processor->stepped_wake(slot_);
  woken_.push_back(id);
}

void PopsStepper::stop() {
  for (NodeId id : adopted_) {
    Node& node = nodes_[id];
    node.processor->stepped_run_over();
    node.processor = nullptr;
    node.steps.reset();
  }
  if (!adopted_.empty()) run_over_.notify(sc_core::SC_ZERO_TIME);
  adopted_.clear();
  acted_.clear();
  for (std::vector<NodeId>& due : alarms_) due.clear();
  running_ = false;
}

}  // namespace optinet::pops
