#pragma once
/// \file
/// A collision observer for a run's couplers: totals, collisions by slot of a protocol step,
/// and the first lockstep mismatch.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/rtl_stage.h"
#include "models/pops/pops_coupler.h"

namespace optinet::pops {

/// Counts collisions, by slot phase within a protocol step, and keeps the first lockstep
/// mismatch.
class CollisionTally : public CollisionObserver {
 public:
  explicit CollisionTally(unsigned slots_per_step) : by_phase_(slots_per_step, 0) {}
  void reset() {
    total_ = 0;
    std::fill(by_phase_.begin(), by_phase_.end(), 0);
    first_mismatch_.clear();
  }
  void on_mismatch(std::uint64_t slot, const std::string& coupler,
                   const std::string& detail) override {
    first_mismatch_.on_mismatch(slot, coupler, detail);
  }
  /// Empty when the RTL and behavioural couplers agreed in every slot.
  const std::string& first_mismatch() const { return first_mismatch_.text(); }
  void on_collision(std::uint64_t slot, std::uint32_t, std::uint32_t) override {
    ++total_;
    if (!by_phase_.empty()) ++by_phase_[slot % by_phase_.size()];
  }
  std::uint64_t total() const { return total_; }
  const std::vector<std::uint64_t>& by_phase() const { return by_phase_; }

 private:
  std::uint64_t total_ = 0;
  std::vector<std::uint64_t> by_phase_;
  RtlFirstMismatch first_mismatch_;
};

}  // namespace optinet::pops
