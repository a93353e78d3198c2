#pragma once
/// \file
/// The optical passive star coupler c(b, a) of a POPS network: d sources (group a), d
/// destinations (group b). In a slot with exactly one lit source its frame is broadcast to every
/// destination; with two or more nothing is delivered and the collision flag rises for the slot.
/// `StarCoupler` is one coupler's state as a plain object (delivery, faults, trace registers,
/// statistics). Behavioural couplers are driven a group at a time by `PassiveStarGroup`
/// (pops_coupler_group.h); an RTL coupler (`PopsRtlCoupler`, pops_rtl_coupler.h, with Verilator)
/// is a module of its own, `PassiveStar`, around its verilated model.
#include <cstdint>
#include <optional>
#include <string>
#include <systemc>

#include "models/core/compat.h"
#include "models/core/fault_plan.h"
#include "models/core/medium_counters.h"
#include "models/core/trace_window.h"
#include "models/pops/pops_bundles.h"

namespace optinet::pops {

/// Told of every collision (testbench statistics and invariant checks).
class CollisionObserver {
 public:
  virtual ~CollisionObserver() = default;
  virtual void on_collision(std::uint64_t slot, std::uint32_t destination_group,
                            std::uint32_t source_group) = 0;
  /// Lockstep couplers: the RTL and the behavioural model disagreed in `slot`.
  virtual void on_mismatch(std::uint64_t /*slot*/, const std::string& /*coupler*/,
                           const std::string& /*detail*/) {}
};

struct OpticalPassiveStarConfig {
  std::uint32_t destination_group = 0;  ///< b
  std::uint32_t source_group = 0;       ///< a
};

/// What a coupler makes of a lit slot.
struct StarOutcome {
  bool busy = false;
  bool collision = false;
  std::optional<Frame> frame;  ///< broadcast, when exactly one source drives
};

/// The behavioural law of a passive star.
inline StarOutcome resolve_behavioural(const StarInputLane& lane) {
  StarOutcome o;
  o.busy = lane.drivers > 0;
  o.collision = lane.drivers > 1;
  if (lane.drivers == 1) o.frame = lane.frame;
  return o;
}

/// A coupler's law as a hardware model (the verilated RTL): the lit lane is presented, and the
/// outcome read once the model has settled.
class StarLaw {
 public:
  virtual ~StarLaw() = default;
  virtual void present(const StarInputLane& lane) = 0;
  virtual StarOutcome outcome(const StarInputLane& lane) = 0;
};

/// One coupler c(b, a) as a plain object: what it makes of a resolved slot (faults, counters,
/// trace registers, the broadcast, the observer), with no SystemC object of its own. A module
/// presents it the lit slots: `PassiveStarGroup` for a group's behavioural couplers, or
/// `PassiveStar` for one RTL coupler.
class StarCoupler {
 public:
  explicit StarCoupler(const OpticalPassiveStarConfig& config) : config_(config) {}

  const OpticalPassiveStarConfig& config() const { return config_; }
  void set_observer(CollisionObserver* observer) { observer_ = observer; }
  CollisionObserver* observer() const { return observer_; }
  /// Injected faults: `dead` (index into `plan`, -1: none) kills the coupler from its slot on;
  /// `jammer` is a stuck transmitter of the source group; the plan's bit errors garble the
  /// frames of medium `key`. Between runs only.
  void set_faults(FaultPlan* plan, int dead, int jammer, std::uint64_t key) {
    faults_ = plan;
    dead_fault_ = dead;
    jammer_fault_ = jammer;
    fault_key_ = key;
  }
  /// The optical power one lit source delivers at each output, mW (the power budget's received
  /// power). Between runs only.
  void set_input_power_mw(double mw) { input_power_mw_ = mw; }
  /// busy, collision and frame id/kind during the current slot, as `name`.busy and so on, and
  /// the optical power at an output as the real `name`.power_mw (the sum over the lit sources),
  /// recorded for the slots in `window`.
  void trace(sc_core::sc_trace_file* tf, const std::string& name, const TraceWindow& window = {});
  /// Only the registers a coupler's pins do not carry: `name`.power_mw, and `name`.fault where
  /// a fault can act on it.
  void trace_optics(sc_core::sc_trace_file* tf, const std::string& name,
                    const TraceWindow& window = {});

  /// Counts the slots of `window` from now on (counters cleared).
  void count_slots(const TraceWindow& window) {
    count_window_ = window;
    counters_ = MediumCounters{};
  }
  /// Ends the count window after `last` (counters kept).
  void end_count(std::uint64_t last) { count_window_.last = last; }
  const MediumCounters& counters() const { return counters_; }
  std::uint64_t busy_slots() const { return busy_slots_; }
  std::uint64_t collision_slots() const { return collision_slots_; }
  /// The trace registers (meaningful within the trace window).
  bool busy() const { return busy_; }
  bool collision() const { return collision_; }
  bool fault() const { return fault_; }
  double power_mw() const { return power_mw_; }

  /// The lit slot `lane` resolved as `o`: faults act, the counters and trace registers are set,
  /// a frame that got through is broadcast into `out`, and the observer hears of a collision.
  /// Returns the outcome as the faults left it.
  StarOutcome commit(const StarInputLane& lane, StarOutcome o, StarOutputIf& out);
  /// The slot is over: the trace registers go dark.
  void go_dark() {
    busy_ = collision_ = fault_ = false;
    frame_packet_ = frame_kind_ = 0;
    power_mw_ = 0;
  }

 private:
  /// Applies the injected faults to a slot's outcome; returns the fault that acted, or -1.
  int apply_faults(const StarInputLane& lane, StarOutcome& o);

  OpticalPassiveStarConfig config_;
  CollisionObserver* observer_ = nullptr;
  TraceWindow trace_window_;
  bool busy_ = false;
  bool collision_ = false;
  bool fault_ = false;
  FaultPlan* faults_ = nullptr;
  int dead_fault_ = -1;
  int jammer_fault_ = -1;
  std::uint64_t fault_key_ = 0;
  double input_power_mw_ = 1.0;
  double power_mw_ = 0;
  std::uint32_t frame_packet_ = 0;
  std::uint32_t frame_kind_ = 0;
  std::uint64_t busy_slots_ = 0;
  std::uint64_t collision_slots_ = 0;
  TraceWindow count_window_;
  MediumCounters counters_;
};

/// A coupler that is a module of its own (the RTL kinds): ports, and one method that presents
/// each lit slot to the implementation. The lit lane is resolved `settle_deltas` delta cycles
/// after it is presented, and the coupler goes dark at the next rising edge.
class PassiveStar : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<StarInputIf> sources{"sources"};             ///< group a's transmit bundle
  sc_core::sc_port<StarOutputIf> destinations{"destinations"};  ///< group b's receive bundle

  StarCoupler& coupler() { return coupler_; }
  const StarCoupler& coupler() const { return coupler_; }

 protected:
  OPTINET_HAS_PROCESS(PassiveStar);
  PassiveStar(const sc_core::sc_module_name& name, const OpticalPassiveStarConfig& config,
              unsigned settle_deltas);
  /// The lane is lit: a chance to drive an implementation's inputs.
  virtual void present(const StarInputLane& /*lane*/) {}
  /// The slot's outcome, `settle_deltas` delta cycles after present().
  virtual StarOutcome outcome(const StarInputLane& lane) = 0;
  CollisionObserver* observer() const { return coupler_.observer(); }

 private:
  void step();

  enum class Phase { kStart, kIdle, kSettling, kHolding };
  StarCoupler coupler_;
  unsigned settle_deltas_;
  unsigned settling_ = 0;
  Phase phase_ = Phase::kStart;
};

}  // namespace optinet::pops
