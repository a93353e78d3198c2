#include "models/pops/pops_coupler_group.h"

#include <string>

namespace optinet::pops {

PassiveStarGroup::PassiveStarGroup(const sc_core::sc_module_name& name, std::uint32_t source_group,
                                   std::uint32_t couplers)
    : sc_core::sc_module(name) {
  couplers_.reserve(couplers);
  for (std::uint32_t b = 0; b < couplers; ++b) {
    couplers_.emplace_back(OpticalPassiveStarConfig{b, source_group});
  }
  held_.reserve(couplers);
  // No static sensitivity: the method waits for light on any lane (a delta after the rising
  // edge at which sources drive) and, when it resolved some, for the next rising edge. A group
  // whose transmitters are silent costs nothing per slot.
  SC_METHOD(step);
}

void PassiveStarGroup::end_of_elaboration() {
  if (static_cast<std::size_t>(destinations.size()) != couplers_.size()) {
    SC_REPORT_ERROR(name(), ("destinations bound " + std::to_string(destinations.size()) +
                             " times for " + std::to_string(couplers_.size()) + " couplers")
                                .c_str());
  }
}

void PassiveStarGroup::step() {
  switch (phase_) {
    case Phase::kStart:
      break;
    case Phase::kHolding:  // the slot is over: go dark until a source drives again
      for (std::uint32_t b : held_) couplers_[b].go_dark();
      // Sources may already have driven in this new slot (same delta): the lit event is then
      // pending in the next delta, which the trigger below still catches.
      break;
    case Phase::kIdle: {
      const std::vector<std::uint32_t>& lit = sources->take_lit();
      for (std::uint32_t b : lit) {
        const StarInputLane& lane = sources->lane(b);
        couplers_[b].commit(lane, resolve_behavioural(lane), *destinations[static_cast<int>(b)]);
      }
      held_ = lit;
      phase_ = Phase::kHolding;
      sc_core::next_trigger(clk.posedge_event());
      return;
    }
  }
  phase_ = Phase::kIdle;
  sc_core::next_trigger(sources->lit_event());
}

}  // namespace optinet::pops
