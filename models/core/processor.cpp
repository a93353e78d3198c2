#include "models/core/processor.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace optinet {

namespace {
// The protocols keep a handful of locals; 64 KiB leaves ample headroom and keeps the virtual
// footprint of 2^18 threads at 16 GiB (only touched pages count towards RSS).
constexpr std::size_t kThreadStackBytes = 64 * 1024;
// skip_slots() sleeps on a slot event only for gaps of at least this many slots.
constexpr std::uint32_t kMinSleepSlots = 8;
}  // namespace

Processor::Processor(const sc_core::sc_module_name& name, const ProcessorConfig& config)
    : sc_core::sc_module(name), id_(config.id), wiring_(config.slot_wiring) {
  if (wiring_.clk == nullptr || wiring_.control == nullptr) {
    throw std::invalid_argument(std::string(this->name()) + ": no slot clock or run control");
  }
  SC_THREAD(thread);
  set_stack_size(kThreadStackBytes);
}

void Processor::thread() {
  control_ = wiring_.control->operator->();
  posedge_ = &wiring_.clk->posedge_event();
  negedge_ = &wiring_.clk->negedge_event();
  while (true) {
    wait(control_->start_event());
    rng_ = Rng::node_stream(control_->run_seed(), id_);
    max_buffers_ = 0;
    listening_ = false;
    slot_ = control_->current_slot();  // the prologue reads the slot the run starts in
    try {
      run_protocol();
      control_->node_finished();
    } catch (const RunAborted&) {
      tx_valid_ = rx_valid_ = fault_ = false;
    } catch (const std::logic_error& e) {
      // A protocol's own check failed. With fault-free hardware, or before any fault acted,
      // that is a model error; after a fault lost frames it is the node reporting the fault.
      if (faults_ == nullptr || !faults_->log().any_lost()) throw;
      faults_->log().halted(id_, slot(), e.what());
      tx_valid_ = rx_valid_ = fault_ = false;
      control_->node_finished();
    }
  }
}

void Processor::begin_slots() {
  wait(*posedge_);
  ++steps_;
  if (control_->abort_requested()) throw RunAborted{};
  slot_ = control_->current_slot();  // once per run: slot 0, unless a run starts mid-slot
  start_of_slot();
}

void Processor::next_slot() {
  if (listening_ && sample_at_falling_edge_) {
    wait(*negedge_);
    ++steps_;
    if (control_->abort_requested()) throw RunAborted{};
    sample_receiver(slot());
    listening_ = false;
  }
  wait(*posedge_);
  ++steps_;
  if (control_->abort_requested()) throw RunAborted{};
  enter_next_slot();
}

void Processor::enter_next_slot() {
  ++slot_;
  if (listening_) {
    // The receive latch still holds the last slot's frame: nothing has been driven yet in this
    // delta, and couplers resolve the new slot a delta later.
    sample_receiver(slot() - 1);
    listening_ = false;
  }
  tx_valid_ = false;
  rx_valid_ = false;
  fault_ = false;
  start_of_slot();
}

void Processor::stepped_next_slot(std::uint64_t slot) {
  ++steps_;
  if (slot != slot_ + 1) throw std::logic_error(std::string(name()) + ": stepped past a slot");
  enter_next_slot();
}

void Processor::stepped_wake(std::uint64_t slot) {
  ++steps_;
  if (sleeping_) {
    sleeping_ = false;
    slots_slept_ += slot - fell_asleep_;
  }
  slot_ = slot;
  listening_ = false;
  tx_valid_ = rx_valid_ = fault_ = false;
  start_of_slot();
}

void Processor::stepped_sleep() {
  sleeping_ = true;
  fell_asleep_ = slot_;
}

void Processor::stepped_run_over() {
  sleeping_ = false;
  stepper_ = nullptr;
}

void Processor::wait_while_stepped(ProcessorStepper& stepper, const sc_core::sc_event& run_over) {
  stepper_ = &stepper;
  wait(run_over);
  if (!control_->abort_requested()) {
    throw std::logic_error(std::string(name()) + ": a stepped run ended without being stopped");
  }
  throw RunAborted{};
}

void Processor::skip_slots(std::uint32_t idle) {
  next_slot();
  if (idle == 0) return;
  // Short gaps are stepped: for them sleeping on a slot event measured slower than waking with
  // the clock (docs/benchmarks.md). A traced processor always steps, so its signals change
  // slot by slot.
  if (idle < kMinSleepSlots || sample_at_falling_edge_) {
    for (std::uint32_t i = 0; i < idle; ++i) next_slot();
    return;
  }
  const std::uint64_t target = slot_ + idle;
  while (slot_ < target) {
    const std::uint64_t wake = std::min(target, slot_ + RunControlIf::kSlotEvents - 1);
    wait(control_->slot_event(wake));  // also notified when the run is aborted
    ++steps_;
    if (control_->abort_requested()) throw RunAborted{};
    slot_ = wake;  // slot events are notified at the rising edge that starts their slot
  }
  start_of_slot();
}

void Processor::sleep_through_next_slot() {
  // The event of this slot's parity was notified at this slot's rising edge, by run control's
  // method, which the kernel runs before the threads of that delta: the next notification is
  // the rising edge of slot + 2.
  const std::uint64_t wake = slot_ + 2;
  wait(control_->every_other_slot_event(wake));  // also notified when the run is aborted
  ++steps_;
  if (control_->abort_requested()) throw RunAborted{};
  slot_ = wake;
  tx_valid_ = rx_valid_ = fault_ = false;
  sample_receiver(wake - 1);
  listening_ = false;
  start_of_slot();
}

void Processor::sleep_until(std::uint64_t alarm) {
  if (woken_in_slot_ == slot_) return;  // a peer transmitted to it in this slot already
  if (!wake_event_) wake_event_ = std::make_unique<sc_core::sc_event>();
  sleeping_ = true;
  fell_asleep_ = slot_;
  while (true) {
    // Slot events form a ring: wait at most kSlotEvents - 1 slots ahead at a time.
    const std::uint64_t ring = std::min(alarm, slot_ + RunControlIf::kSlotEvents - 1);
    wait(*wake_event_ | control_->slot_event(ring));  // slot events: also when aborted
    ++steps_;
    if (control_->abort_requested()) {
      sleeping_ = false;
      throw RunAborted{};
    }
    slot_ = control_->current_slot();
    if (woken_in_slot_ == slot_ || slot_ >= alarm) break;
  }
  sleeping_ = false;
  slots_slept_ += slot_ - fell_asleep_;
  listening_ = false;
  tx_valid_ = rx_valid_ = fault_ = false;
  start_of_slot();
}

void Processor::wake(NodeId other) {
  if (peers_ == nullptr) return;
  Processor& peer = *(*peers_)[other];
  peer.woken_in_slot_ = slot_;
  if (!peer.sleeping_) return;
  if (peer.stepper_ != nullptr) {
    peer.stepper_->wake(other);
  } else {
    peer.wake_event_->notify(sc_core::SC_ZERO_TIME);
  }
}

void Processor::note_buffers(unsigned count) { max_buffers_ = std::max(max_buffers_, count); }

void Processor::trace(sc_core::sc_trace_file* tf, const TraceWindow& window) {
  sample_at_falling_edge_ = true;
  trace_window_ = window;
  const std::string base = name();
  sc_core::sc_trace(tf, tx_valid_, base + ".tx_valid");
  sc_core::sc_trace(tf, tx_packet_, base + ".tx_packet", 32);
  sc_core::sc_trace(tf, rx_valid_, base + ".rx_valid");
  sc_core::sc_trace(tf, rx_packet_, base + ".rx_packet", 32);
  if (faults_ != nullptr && receiver_fault_ >= 0) sc_core::sc_trace(tf, fault_, base + ".fault");
}

}  // namespace optinet
