#include "models/sf/sf_node.h"

#include <string>

namespace optinet::sf {

SfNode::SfNode(const sc_core::sc_module_name& name, const SfRouterShared& shared, SfRouter& router)
    : sc_core::sc_module(name), router_(router) {
  if (shared.steps != nullptr) return;  // stepped by the network's process
  inbox_ = std::make_unique<Inbox>("inbox", *this);
  wake_ = std::make_unique<sc_core::sc_event>();
  SC_METHOD(activate);
  dont_initialize();
  sensitive << *wake_;
}

SfNode::~SfNode() = default;

void SfNode::end_of_elaboration() {
  run_ = control.operator->();
  clock_ = clk.operator->();
}

void SfNode::load(const std::vector<Packet>& packets, std::uint64_t run_seed) {
  router_.load(packets, run_seed);
  running_ = false;
  if (inbox_ == nullptr) return;  // stepped: the network lists every node when the run starts
  inbox_->take_requests();
  // The first activation (at elaboration's end or right after the previous run) re-arms the
  // method on the run's start.
  wake_->notify(sc_core::SC_ZERO_TIME);
}

void SfNode::activate() {
  // Woken by the start of a run, by the inbox (a packet was admitted), or by the clock.
  if (run_->start_event().triggered()) running_ = true;
  if (running_ && clock_->posedge()) {
    if (run_->abort_requested()) {
      running_ = false;  // a run stopped at the slot limit: go idle, load() clears the rest
    } else {
      router_.step(run_->current_slot());
    }
  }
  clocked_ = running_ && router_.needs_next_slot();
  if (clocked_) {
    next_trigger(clock_->posedge_event());
  } else if (running_) {
    // Idle in a run: only this node's own wake_ (the static sensitivity). Waiting on the run's
    // start event too would put all N nodes on one shared event, whose waiter list every wake
    // searches linearly (hop cost tripled from N = 2^12 to 2^16).
    next_trigger();
  } else {
    next_trigger(run_->start_event());  // loaded, waiting for the run: once per node per run
  }
}

void SfNode::admit_offers() {
  // A node already waiting on the clock would ignore wake_ (its static sensitivity is off
  // while it waits on the edge): notify only an idle one, which saves a delta cycle per slot.
  if (router_.admit(inbox_->take_requests(), run_->current_slot()) && !clocked_)
    wake_->notify(sc_core::SC_ZERO_TIME);
}

void SfNode::trace(sc_core::sc_trace_file* tf, double lit_power_mw) {
  router_.trace(tf, name(), lit_power_mw);
}

}  // namespace optinet::sf
