#include "models/core/run_control.h"

#include <stdexcept>
#include <string>

namespace optinet {

RunControl::RunControl(const sc_core::sc_module_name& name, sc_core::sc_time period)
    : sc_core::sc_module(name), period_(period) {
  // Two tiny methods watch the clock while a run is armed or running: one starts the run, one
  // counts slots and enforces the limit. Both are woken by run_to_completion().
  sc_core::sc_spawn_options options;
  options.spawn_method();
  options.dont_initialize();
  options.set_sensitivity(&clock_watch_);
  sc_core::sc_spawn([this] { on_falling_edge(); }, "start_on_falling_edge", &options);
  sc_core::sc_spawn([this] { on_clock_edge(); }, "slot_watch", &options);
  // Ends the wind-down of a run started with start() that hit the slot limit.
  sc_core::sc_spawn_options wind_down_options;
  wind_down_options.spawn_method();
  wind_down_options.dont_initialize();
  wind_down_options.set_sensitivity(&wind_down_end_);
  sc_core::sc_spawn([this] { on_wind_down_end(); }, "wind_down_end", &wind_down_options);
}

void RunControl::arm(const RunPlan& plan) {
  if (running_ || armed_) throw std::logic_error("RunControl::arm: a run is already in progress");
  plan_ = plan;
  armed_ = true;
  pending_.clear();
  hit_limit_ = false;
  stop_requested_ = false;
  stopped_ = false;
  deadlock_.clear();
  finished_ = 0;
}

RunOutcome RunControl::run_to_completion() {
  if (!armed_) throw std::logic_error("RunControl::run_to_completion: no run armed");
  pause_at_end_ = true;
  // Each clock watcher then re-arms itself on the edges it needs.
  clock_watch_.notify(sc_core::SC_ZERO_TIME);
  sc_core::sc_start();
  if (running_) throw std::logic_error("RunControl: simulation stopped while a run was active");
  return last_outcome();
}

void RunControl::wind_down() {
  // Every unfinished processor waits for a clock edge or sleeps until a slot; at the next edge
  // (or the abort event) it sees the abort and unwinds to its idle wait for a start.
  begin_abort(sc_core::SC_ZERO_TIME);
  sc_core::sc_start(2 * period_);
  aborting_ = false;
}

void RunControl::start(const RunPlan& plan, const sc_core::sc_time& delay) {
  if (!idle()) throw std::logic_error("RunControl::start: a run is already in progress");
  arm(plan);
  pause_at_end_ = false;
  clock_watch_.notify(delay);
}

void RunControl::end_run() {
  running_ = false;
  end_slot_ = current_slot();
  if (pause_at_end_) {
    sc_core::sc_pause();
  } else if (hit_limit_ || stopped_ || !deadlock_.empty()) {
    // As wind_down(): unfinished processors see the abort at their next clock edges.
    begin_abort(sc_core::SC_ZERO_TIME);
    wind_down_end_.notify(2 * period_);
  } else {
    run_done_.notify(sc_core::SC_ZERO_TIME);
  }
}

void RunControl::begin_abort(const sc_core::sc_time& delay) {
  aborting_ = true;
  // Sleepers wait on one slot event each (an or-list with a shared abort event would cost every
  // wake-up a linear search of that event's waiters).
  for (sc_core::sc_event& e : slot_events_) e.notify(delay);
  for (sc_core::sc_event& e : parity_events_) e.notify(delay);
}

void RunControl::on_wind_down_end() {
  aborting_ = false;
  run_done_.notify(sc_core::SC_ZERO_TIME);
}

std::uint64_t RunControl::current_slot() const {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (now < start_time_) return 0;
  return static_cast<std::uint64_t>((now - start_time_).value() / period_.value());
}

void RunControl::on_falling_edge() {
  // Woken by run_to_completion(): wait for the next falling edge, then start the armed run.
  if (!armed_) return;
  if (!waiting_for_falling_edge_) {
    waiting_for_falling_edge_ = true;
    sc_core::next_trigger(clk->negedge_event());
    return;
  }
  waiting_for_falling_edge_ = false;
  armed_ = false;
  running_ = true;
  start_time_ = sc_core::sc_time_stamp() + period_ / 2;
  start_.notify();  // processors run their prologue now; slot 0 starts at the next rising edge
  if (plan_.nodes == 0) end_run();
}

void RunControl::on_clock_edge() {
  // Active only while a run is (two activations per slot). The rising edge updates the traced
  // slot number; the limit is checked at the falling edge, after the processors of a run that
  // needs exactly max_slots slots have finished at the rising edge of slot max_slots.
  if (running_ && clk->read()) {
    slot_register_ = current_slot();
    slot_events_[slot_register_ % kSlotEvents].notify();  // sleepers run with the clock's waiters
    parity_events_[slot_register_ & 1].notify();
  }
  if (running_ && !clk->read() && sink_ != nullptr) sink_->slot_ended(current_slot());
  if (running_ && !clk->read() && deadlock_test_ != nullptr && !stop_requested_) {
    deadlock_ = deadlock_test_->deadlock(current_slot());
    if (!deadlock_.empty()) {
      end_run();
      return;
    }
  }
  if (running_ && !clk->read() && interrupt_ != nullptr && *interrupt_ != 0) {
    stop_requested_ = true;
  }
  if (running_ && !clk->read() && stop_requested_) {
    stopped_ = true;
    end_run();
    return;
  }
  if (running_ && !clk->read() && current_slot() >= plan_.max_slots) {
    hit_limit_ = true;
    end_run();
    return;
  }
  if (running_ || armed_) sc_core::next_trigger(clk->value_changed_event());
}

void RunControl::trace(sc_core::sc_trace_file* tf) const {
  sc_core::sc_trace(tf, slot_register_, std::string(name()) + ".slot", 32);
}

void RunControl::deliver(NodeId node, const Packet& packet) {
  if (sink_ != nullptr) sink_->deliver(node, packet, current_slot());
}

void RunControl::node_finished() {
  if (++finished_ < plan_.nodes || !running_) return;
  end_run();
}

}  // namespace optinet
