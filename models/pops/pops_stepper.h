#pragma once
/// \file
/// The grouped view's stepper: one method that steps every processor of a POPS network whose
/// protocol has a stepped form (PopsNodeSteps), in an open-loop run, untraced and without
/// faults, in place of the processors' threads. At each rising edge it does for each node what
/// its thread would (run_steps): a node that acted in the last slot enters the new one (its
/// receiver sampled) and, if it has nothing to do, sleeps until its alarm; then every node
/// awake acts, and a node a peer transmits to is woken to act (listen) in that slot. A node
/// asleep costs nothing. The runs are those of the threads (tests/pops/test_pops_stepped.cpp).
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/processor.h"
#include "models/core/run_control.h"
#include "models/pops/pops_node.h"

namespace optinet::pops {

class PopsProcessor;

class PopsStepper : public sc_core::sc_module, public ProcessorStepper {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  OPTINET_HAS_PROCESS(PopsStepper);
  PopsStepper(const sc_core::sc_module_name& name, std::uint32_t nodes);

  /// Whether the next runs step the processors that allow it (else every one runs its thread).
  /// Between runs only.
  void set_enabled(bool enabled) { enabled_ = enabled; }
  bool enabled() const { return enabled_; }
  /// In processor `p`'s prologue: its `steps` run here for the rest of the run.
  void adopt(PopsProcessor& p, std::unique_ptr<PopsNodeSteps> steps);
  /// Notified (delta) once a stepped run has stopped: the processors' threads unwind.
  const sc_core::sc_event& run_over() const { return run_over_; }

  // ProcessorStepper
  void wake(NodeId node) override;

 private:
  struct Node {
    PopsProcessor* processor = nullptr;
    std::unique_ptr<PopsNodeSteps> steps;
    std::uint64_t alarm = 0;      ///< while asleep: the slot it wakes in
    std::uint64_t ring_slot = 0;  ///< while asleep: the slot of its entry in the alarm ring
  };
  /// Alarms are kept in a ring of slots; one further ahead waits in the ring's last slot.
  static constexpr std::uint64_t kAlarmRing = 8192;

  void edge();
  void first_slot(std::uint64_t slot);
  void next_slot(std::uint64_t slot);
  void act(NodeId id);
  void sleep(NodeId id, std::uint64_t slot, std::uint64_t alarm);
  /// Puts node `id`'s alarm in the ring: at `alarm`, or at the ring's last slot from `slot`.
  void ring(NodeId id, std::uint64_t slot, std::uint64_t alarm);
  void stop();

  std::vector<Node> nodes_;                  ///< by node id
  std::vector<NodeId> adopted_;              ///< this run's stepped nodes
  std::vector<NodeId> acted_;                ///< nodes that acted in the current slot
  std::vector<NodeId> entered_;              ///< nodes that acted in the last slot (scratch)
  std::vector<NodeId> to_act_;               ///< nodes awake in the current slot (scratch)
  std::vector<NodeId> woken_;                ///< sleepers woken by a peer in the current slot
  std::vector<std::vector<NodeId>> alarms_;  ///< by slot modulo kAlarmRing
  sc_core::sc_event run_over_;
  std::uint64_t slot_ = 0;
  bool enabled_ = false;
  bool initialized_ = false;
  bool running_ = false;
  bool started_ = false;  ///< the run's first slot has begun
};

}  // namespace optinet::pops
