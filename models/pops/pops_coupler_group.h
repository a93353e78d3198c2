#pragma once
/// \file
/// The g behavioural couplers c(b, a), b = 0..g-1, that group a's transmitters light, as one
/// module with one method. A module, three ports and a method per coupler cost about 30 k
/// instructions of elaboration each, half of a POPS network's objects (docs/benchmarks.md); here
/// the couplers are plain `StarCoupler` objects, and a group has one port to its transmit
/// bundle and one multiport to the g receive bundles.
#include <cstdint>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/pops/pops_bundles.h"
#include "models/pops/pops_coupler.h"

namespace optinet::pops {

class PassiveStarGroup : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<StarInputIf> sources{"sources"};  ///< group a's transmit bundle
  /// Group b's receive bundle is binding b, b = 0..g-1 (coupler c(b, a) delivers into it).
  sc_core::sc_port<StarOutputIf, 0> destinations{"destinations"};

  OPTINET_HAS_PROCESS(PassiveStarGroup);
  /// Couplers c(b, `source_group`) for b = 0..`couplers`-1.
  PassiveStarGroup(const sc_core::sc_module_name& name, std::uint32_t source_group,
                   std::uint32_t couplers);

  /// Coupler c(b, a).
  StarCoupler& coupler(std::uint32_t b) { return couplers_[b]; }
  const StarCoupler& coupler(std::uint32_t b) const { return couplers_[b]; }

 private:
  void end_of_elaboration() override;
  /// Resolves the lanes lit in a slot in the delta after the sources drive (as one coupler
  /// module per lane would), and turns them dark at the next rising edge.
  void step();

  enum class Phase { kStart, kIdle, kHolding };
  std::vector<StarCoupler> couplers_;
  std::vector<std::uint32_t> held_;  ///< the couplers resolved in the current slot
  Phase phase_ = Phase::kStart;
};

}  // namespace optinet::pops
