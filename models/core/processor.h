#pragma once
/// \file
/// The processor module: one SC_THREAD that runs the node's protocol once per run.
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/fault_plan.h"
#include "models/core/injection_port.h"
#include "models/core/node_context.h"
#include "models/core/run_control.h"
#include "models/core/trace_window.h"

namespace optinet {

/// The slot clock and run control of the module that holds a processor: that module's own
/// ports. A processor keeps pointers to them instead of ports of its own (two registered
/// SystemC objects and two bindings fewer per processor, docs/benchmarks.md) and reads the
/// channels behind them when its thread first runs, after binding.
struct SlotWiring {
  const sc_core::sc_in<bool>* clk = nullptr;
  sc_core::sc_port<RunControlIf>* control = nullptr;
};

/// The process that steps a network's processors in a stepped run, in place of their threads
/// (pops_stepper.h).
class ProcessorStepper {
 public:
  /// A peer transmits to sleeping node `node` in the current slot: it acts in this slot.
  virtual void wake(NodeId node) = 0;

 protected:
  ~ProcessorStepper() = default;
};

struct ProcessorConfig {
  NodeId id = 0;
  SlotWiring slot_wiring;
};

/// Base of every network's processor. Derived classes add their medium (ports, or for POPS a
/// plain pointer to the group's bundles), implement the network's node context
/// (transmit/listen) and run the protocol in run_protocol(). The NodeContext calls that reach
/// run control are valid from the thread's first activation on.
class Processor : public sc_core::sc_module, public virtual NodeContext {
 public:
  OPTINET_HAS_PROCESS(Processor);
  Processor(const sc_core::sc_module_name& name, const ProcessorConfig& config);

  /// Loads the node's input packets for the next run (between runs only).
  void load(std::vector<Packet> packets) { packets_ = std::move(packets); }
  /// The host's injection port for open-loop runs (nullptr: closed-loop runs of the loaded
  /// packets). Between runs only.
  void set_injection(InjectionPort* port) { injection_ = port; }
  /// An injected receiver fault (index into `plan`, -1: none). Between runs only.
  void set_receiver_fault(FaultPlan* plan, int fault) {
    faults_ = plan;
    receiver_fault_ = fault;
  }
  /// Largest number of packet buffers held at once during the last run.
  unsigned max_buffers() const { return max_buffers_; }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Registers tx/rx valid and packet id under this module's hierarchical name. A traced
  /// processor samples its receiver at the falling edge, so rx shows in the slot it arrived in;
  /// an untraced one reads the same latched frame at the next rising edge (one thread
  /// activation less per listening slot, same values).
  void trace(sc_core::sc_trace_file* tf, const TraceWindow& window = {});

  // NodeContext (the network-independent part)
  NodeId id() const override { return id_; }
  /// The processor's own slot counter: set at each rising edge it wakes for (no division of
  /// the kernel's time stamp per call).
  std::uint64_t slot() const override { return slot_; }
  std::uint64_t run_seed() const override { return control_->run_seed(); }
  Rng& rng() override { return rng_; }
  const std::vector<Packet>& packets() const override { return packets_; }
  bool open_loop() const override { return injection_ != nullptr; }
  void take_injected(std::size_t max, std::vector<Packet>& out) override {
    if (injection_ != nullptr) injection_->take_created(id_, slot(), max, out);
  }
  std::optional<Packet> take_injected_for(const NodeId* destinations, std::size_t count) override {
    if (injection_ == nullptr) return std::nullopt;
    return injection_->take_created_for(id_, slot(), destinations, count);
  }
  std::uint64_t injected_waiting() const override {
    return injection_ != nullptr ? injection_->queued(id_) : 0;
  }
  void begin_slots() override;
  void next_slot() override;
  void skip_slots(std::uint32_t idle) override;
  void deliver(const Packet& packet) override { control_->deliver(id_, packet); }
  void raise_pending() override { control_->raise_pending(); }
  void release_pending() override { control_->release_pending(); }
  bool any_pending() const override { return control_->any_pending(); }
  void note_buffers(unsigned count) override;
  bool can_sleep() const override {
    return injection_ != nullptr && peers_ != nullptr && !sample_at_falling_edge_ &&
           faults_ == nullptr;
  }
  std::uint64_t next_injection(std::uint64_t horizon) const override {
    return injection_ != nullptr ? injection_->next_creation(id_, horizon) : horizon;
  }
  void sleep_until(std::uint64_t alarm) override;
  void wake(NodeId other) override;
  /// The processors of the network by node id, which this one may wake; null: none (and no
  /// node sleeps). Between runs only.
  void set_peers(const std::vector<Processor*>* peers) { peers_ = peers; }
  /// Slots this processor slept through in sleep_until(), over all runs.
  std::uint64_t slots_slept() const { return slots_slept_; }
  /// Times its thread woke in a slot (a protocol step: the slot's rising edge, or a peer's or
  /// an alarm's wake-up), or its stepper stepped it, over all runs.
  std::uint64_t steps() const { return steps_; }

  // Stepped runs: the network's stepper steps the node instead of its thread, with the slot
  // bookkeeping of next_slot(), sleep_until() and begin_slots().
  /// Enters `slot` from the slot before, in which the node acted (samples its receiver if it
  /// listened).
  void stepped_next_slot(std::uint64_t slot);
  /// Enters `slot` as the run's first slot or after sleeping (nothing to sample).
  void stepped_wake(std::uint64_t slot);
  /// Sleeps from the current slot on, until stepped_wake().
  void stepped_sleep();
  bool asleep() const { return sleeping_; }
  /// The stepped run is over: the node no longer sleeps and its thread may unwind.
  void stepped_run_over();

 protected:
  /// Runs the protocol for one run, from the prologue to the end.
  virtual void run_protocol() = 0;
  /// Reads what the receiver latched in `slot` (called only for slots where the node listened).
  virtual void sample_receiver(std::uint64_t slot) = 0;
  /// Called at every rising edge, before the protocol acts in the new slot.
  virtual void start_of_slot() {}

  /// Marks this slot as one in which the receiver is tuned (sampled at the falling edge).
  void set_listening() { listening_ = true; }
  /// Ends this slot and the next without waking in between, then samples the receiver for the
  /// second (the node's receiver must be on in every slot). Not for a traced processor, whose
  /// trace registers change slot by slot.
  void sleep_through_next_slot();
  /// This processor's signals are traced (it steps slot by slot).
  bool traced() const { return sample_at_falling_edge_; }
  /// True if the node may be stepped by `stepper` instead of its thread: an open-loop run,
  /// untraced, without faults.
  bool steppable() const {
    return injection_ != nullptr && !sample_at_falling_edge_ && faults_ == nullptr;
  }
  /// Hands the rest of the run to `stepper` and waits until `run_over` (notified once the run
  /// is aborted), then unwinds as an aborted run.
  void wait_while_stepped(ProcessorStepper& stepper, const sc_core::sc_event& run_over);
  void record_tx(std::uint32_t packet_id, std::uint64_t slot) {
    if (!trace_window_.contains(slot)) return;
    tx_valid_ = true;
    tx_packet_ = packet_id;
  }
  /// True if this node's receiver is dead in `slot`: `frame`, which reached it, is logged as
  /// lost to the fault and must not be handed to the protocol.
  bool lost_at_receiver(const Frame& frame, std::uint64_t slot) {
    if (faults_ == nullptr || !faults_->acts(receiver_fault_, slot)) return false;
    faults_->log().lost(static_cast<std::size_t>(receiver_fault_), frame, slot);
    if (trace_window_.contains(slot)) fault_ = true;
    return true;
  }
  void record_rx(std::uint32_t packet_id, std::uint64_t slot) {
    if (!trace_window_.contains(slot)) return;
    rx_valid_ = true;
    rx_packet_ = packet_id;
  }

 private:
  void thread();
  /// The part of next_slot() after the rising edge: the slot number, the receiver, the
  /// registers.
  void enter_next_slot();

  NodeId id_;
  SlotWiring wiring_;
  // The channels behind wiring_, set when the thread first runs.
  RunControlIf* control_ = nullptr;
  const sc_core::sc_event* posedge_ = nullptr;
  const sc_core::sc_event* negedge_ = nullptr;
  std::uint64_t slot_ = 0;  ///< the current slot (0 in the prologue, as current_slot())
  Rng rng_;
  std::vector<Packet> packets_;
  InjectionPort* injection_ = nullptr;
  bool listening_ = false;
  bool sample_at_falling_edge_ = false;
  TraceWindow trace_window_;
  unsigned max_buffers_ = 0;
  // Trace registers: the value during the current slot.
  bool tx_valid_ = false;
  std::uint32_t tx_packet_ = 0;
  bool rx_valid_ = false;
  std::uint32_t rx_packet_ = 0;
  bool fault_ = false;  ///< a frame was lost at this node's dead receiver in this slot
  FaultPlan* faults_ = nullptr;
  int receiver_fault_ = -1;
  // Sleeping (open-loop runs): the event a peer notifies, made at the first sleep.
  const std::vector<Processor*>* peers_ = nullptr;
  std::unique_ptr<sc_core::sc_event> wake_event_;
  std::uint64_t woken_in_slot_ = ~std::uint64_t{0};  ///< the last slot a peer woke it in
  bool sleeping_ = false;
  std::uint64_t fell_asleep_ = 0;        ///< the slot it last fell asleep in
  ProcessorStepper* stepper_ = nullptr;  ///< during a stepped run
  std::uint64_t slots_slept_ = 0;
  std::uint64_t steps_ = 0;
};

}  // namespace optinet
