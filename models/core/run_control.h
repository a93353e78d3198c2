#pragma once
/// \file
/// Run control: starts every processor of a network on the same slot, counts slots, stops the
/// simulation when every processor has finished or the slot limit is hit, carries deliveries to
/// the host, and models the SIMD machine's global wired-OR "packets pending" line.
#include <csignal>
#include <cstdint>
#include <string>
#include <systemc>

#include "models/core/compat.h"
#include "models/core/packet.h"

namespace optinet {

/// Where a processor hands the packets that reached it (the host side of the node).
class DeliverySink {
 public:
  virtual ~DeliverySink() = default;
  virtual void deliver(NodeId node, const Packet& packet, std::uint64_t slot) = 0;
  /// A hint that `packet` will be delivered soon: the sink may fetch what deliver() will read.
  virtual void prefetch(const Packet& /*packet*/) const {}
  /// Slot `slot` of the running run is over (called at its falling clock edge, after every
  /// delivery of the slot): the sink may decide what the next slots do, or stop the run.
  virtual void slot_ended(std::uint64_t /*slot*/) {}
};

/// What a processor sees of run control: the hardware a SIMD node has (slot counter, start
/// strobe, global OR line, host port), nothing of other nodes.
class RunControlIf : public virtual sc_core::sc_interface {
 public:
  /// Notified half a slot before slot 0 of a run.
  virtual const sc_core::sc_event& start_event() const = 0;
  /// Slots since the start of the current run (slot 0 is the first).
  virtual std::uint64_t current_slot() const = 0;
  /// Seed of the current run, known to every node (the run's common random string).
  virtual std::uint64_t run_seed() const = 0;
  virtual std::uint64_t run_index() const = 0;
  /// The wired-OR line: a node drives it while it holds undelivered work. Changes are seen
  /// from the next delta cycle on, so every reader in a slot sees the same value.
  virtual void raise_pending() = 0;
  virtual void release_pending() = 0;
  virtual bool any_pending() const = 0;
  virtual void deliver(NodeId node, const Packet& packet) = 0;
  /// A hint that `packet` will be delivered soon (DeliverySink::prefetch).
  virtual void prefetch_delivery(const Packet& /*packet*/) const {}
  virtual void node_finished() = 0;
  /// True while a run stopped at the slot limit is being wound down.
  virtual bool abort_requested() const = 0;
  /// Slot alarms for nodes that sleep through idle slots: slot_event(s) is notified at the
  /// rising edge that starts slot s, in the delta in which the clock's waiters run. The events
  /// form a ring, so a sleeper may wait for at most kSlotEvents - 1 slots ahead.
  /// When a run stopped at the slot limit starts winding down, every slot event is notified.
  static constexpr std::uint64_t kSlotEvents = 256;
  virtual const sc_core::sc_event& slot_event(std::uint64_t slot) const = 0;
  /// For nodes that sleep through one slot: notified at the rising edge of every slot with the
  /// parity of `slot` (slot, slot + 2, ...), with slot_event, and like it when a run winds
  /// down. Two events, not the ring: an event keeps its longest waiter list's capacity, and 128
  /// ring events each once waited on by every node would hold 1 KiB per node.
  virtual const sc_core::sc_event& every_other_slot_event(std::uint64_t slot) const = 0;
};

/// A network's proof, read from its hardware state, that nothing in it can ever move again
/// (a deadlock: every packet waits for a buffer that only a packet which cannot move would
/// free). Run control asks it at every falling clock edge of a run and ends the run at once
/// when it answers.
class DeadlockTest {
 public:
  virtual ~DeadlockTest() = default;
  /// At the falling edge of `slot`, whatever order the processes of that edge run in: the
  /// reason no packet can ever move again (one line), or "" while one still may.
  virtual std::string deadlock(std::uint64_t slot) = 0;
};

/// Thrown at a slot boundary of a run being aborted; unwinds the protocol to the thread loop.
struct RunAborted {};

/// The plan of one run, set between sc_start calls.
struct RunPlan {
  std::uint64_t seed = 0;
  std::uint64_t index = 0;
  std::uint64_t max_slots = 0;
  std::uint32_t nodes = 0;  ///< processors that will report node_finished()
};

/// Outcome of a run as seen by run control.
struct RunOutcome {
  std::uint64_t slots = 0;
  bool hit_limit = false;
  bool stopped = false;  ///< ended by stop() (an open-loop run whose host has what it needs)
  /// Ended by the network's DeadlockTest: its reason ("" otherwise). The run is wound down as
  /// after the slot limit.
  std::string deadlock;
};

/// The machine's wired-OR "pending" line: raised and released by processors, its value changes
/// in the update phase, so every reader of a delta cycle sees the same value.
class PendingLine : public sc_core::sc_prim_channel {
 public:
  explicit PendingLine(const char* name) : sc_core::sc_prim_channel(name) {}
  void raise() { change(+1); }
  void release() { change(-1); }
  bool any() const { return count_ > 0; }
  void clear() { count_ = change_ = 0; }

 private:
  void change(std::int64_t by) {
    change_ += by;
    request_update();
  }
  void update() override {
    count_ += change_;
    change_ = 0;
  }
  std::int64_t count_ = 0;
  std::int64_t change_ = 0;
};

/// Run control: a hierarchical channel (processors bind their control port to it) with the
/// slot clock as a port, so an unbound clock is an elaboration error.
class RunControl : public sc_core::sc_module, public RunControlIf {
 public:
  /// The slot clock the processors use.
  sc_core::sc_in<bool> clk{"clk"};

  RunControl(const sc_core::sc_module_name& name, sc_core::sc_time period);

  void set_sink(DeliverySink* sink) { sink_ = sink; }
  /// The network's deadlock test, asked at every falling edge of a run (null: none).
  void set_deadlock_test(DeadlockTest* test) { deadlock_test_ = test; }

  /// Arms a run: the next falling clock edge starts it. Call from sc_main, then sc_start().
  void arm(const RunPlan& plan);
  /// Simulates until the armed run ends; returns how it ended.
  RunOutcome run_to_completion();
  /// After a run stopped at the slot limit, by stop() or by a deadlock: lets every processor unwind
  /// to its idle state.
  void wind_down();
  /// Ends the running run at the next falling clock edge, as the slot limit does, without it
  /// being a failure: the host of an open-loop run calls it once every packet it measures has
  /// been delivered. The processors unwind as after the slot limit.
  void stop() { stop_requested_ = running_; }
  /// A flag set from outside the simulation (a signal handler): while it is non-zero, a running
  /// run stops at the next falling clock edge as by stop(). Null: none.
  void set_interrupt_flag(const volatile std::sig_atomic_t* flag) { interrupt_ = flag; }

  /// Starts a run from inside the simulation (a control register's doorbell, a process):
  /// `plan` is armed as by arm() and the run starts at the first falling clock edge at or after
  /// sc_time_stamp() + `delay`. It ends with run_done_event() instead of sc_pause(); a run that
  /// hit the slot limit is wound down (two slots) before the event. Requires idle().
  void start(const RunPlan& plan, const sc_core::sc_time& delay = sc_core::SC_ZERO_TIME);
  /// Notified (delta) when a run started with start() has ended and every node is idle again.
  const sc_core::sc_event& run_done_event() const { return run_done_; }
  /// How the last run ended (valid once it has ended).
  RunOutcome last_outcome() const { return RunOutcome{end_slot_, hit_limit_, stopped_, deadlock_}; }
  /// No run armed, running or winding down: a new run may be armed or started.
  bool idle() const { return !armed_ && !running_ && !aborting_; }
  bool running() const { return running_; }
  /// Traces the slot number of the running run under this channel's name.
  void trace(sc_core::sc_trace_file* tf) const override;

  // RunControlIf
  const sc_core::sc_event& start_event() const override { return start_; }
  std::uint64_t current_slot() const override;
  std::uint64_t run_seed() const override { return plan_.seed; }
  std::uint64_t run_index() const override { return plan_.index; }
  void raise_pending() override { pending_.raise(); }
  void release_pending() override { pending_.release(); }
  bool any_pending() const override { return pending_.any(); }
  void deliver(NodeId node, const Packet& packet) override;
  void prefetch_delivery(const Packet& packet) const override {
    if (sink_ != nullptr) sink_->prefetch(packet);
  }
  void node_finished() override;
  bool abort_requested() const override { return aborting_; }
  const sc_core::sc_event& slot_event(std::uint64_t slot) const override {
    return slot_events_[slot % kSlotEvents];
  }
  const sc_core::sc_event& every_other_slot_event(std::uint64_t slot) const override {
    return parity_events_[slot & 1];
  }

 private:
  void on_falling_edge();
  void on_clock_edge();
  /// The run has ended (all nodes finished, or the limit): pause sc_start or notify the event.
  void end_run();
  void on_wind_down_end();
  /// Sets aborting_ and wakes every sleeping node (all slot events, after `delay`).
  void begin_abort(const sc_core::sc_time& delay);

  sc_core::sc_time period_;
  DeliverySink* sink_ = nullptr;
  DeadlockTest* deadlock_test_ = nullptr;
  std::string deadlock_;  ///< the last run's deadlock ("" if none)
  const volatile std::sig_atomic_t* interrupt_ = nullptr;
  RunPlan plan_;
  bool armed_ = false;
  bool running_ = false;
  bool hit_limit_ = false;
  bool stop_requested_ = false;
  bool stopped_ = false;
  bool aborting_ = false;
  bool waiting_for_falling_edge_ = false;
  bool pause_at_end_ = true;  // false for runs started with start()
  sc_core::sc_time start_time_;
  std::uint64_t end_slot_ = 0;
  std::uint32_t finished_ = 0;
  std::uint64_t slot_register_ = 0;  // traced copy of the slot number
  PendingLine pending_{"pending"};
  sc_core::sc_event start_;
  sc_core::sc_event clock_watch_;
  sc_core::sc_event run_done_;
  sc_core::sc_event wind_down_end_;
  sc_core::sc_event slot_events_[kSlotEvents];
  sc_core::sc_event parity_events_[2];
};

}  // namespace optinet
