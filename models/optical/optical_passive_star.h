#pragma once
/// \file
/// The optical passive star coupler c(b, a) of a POPS network: d sources (group a), d
/// destinations (group b). In a slot with exactly one lit source its frame is broadcast to every
/// destination; with two or more nothing is delivered and the collision flag rises for the slot.
#include <cstdint>
#include <systemc>

#include "models/core/compat.h"
#include "models/core/trace_window.h"
#include "models/optical/pops_bundles.h"

namespace optinet {

/// Told of every collision (testbench statistics and invariant checks).
class CollisionObserver {
 public:
  virtual ~CollisionObserver() = default;
  virtual void on_collision(std::uint64_t slot, std::uint32_t destination_group,
                            std::uint32_t source_group) = 0;
};

struct OpticalPassiveStarConfig {
  std::uint32_t destination_group = 0;  ///< b
  std::uint32_t source_group = 0;       ///< a
};

class OpticalPassiveStar : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<StarInputIf> sources{"sources"};             ///< group a's transmit bundle
  sc_core::sc_port<StarOutputIf> destinations{"destinations"};  ///< group b's receive bundle

  OPTINET_HAS_PROCESS(OpticalPassiveStar);
  OpticalPassiveStar(const sc_core::sc_module_name& name, const OpticalPassiveStarConfig& config);

  void set_observer(CollisionObserver* observer) { observer_ = observer; }
  /// busy, collision and frame id/kind during the current slot, under this module's name,
  /// recorded for the slots in `window`.
  void trace(sc_core::sc_trace_file* tf, const TraceWindow& window = {});

  std::uint64_t busy_slots() const { return busy_slots_; }
  std::uint64_t collision_slots() const { return collision_slots_; }
  /// The trace registers (meaningful within the trace window).
  bool busy() const { return busy_; }
  bool collision() const { return collision_; }

 private:
  void resolve();

  enum class Phase { kStart, kIdle, kHolding };
  OpticalPassiveStarConfig config_;
  CollisionObserver* observer_ = nullptr;
  Phase phase_ = Phase::kStart;
  TraceWindow trace_window_;
  bool busy_ = false;
  bool collision_ = false;
  std::uint32_t frame_packet_ = 0;
  std::uint32_t frame_kind_ = 0;
  std::uint64_t busy_slots_ = 0;
  std::uint64_t collision_slots_ = 0;
};

}  // namespace optinet
