#pragma once
/// \file
/// The scoreboard every run is checked by: each packet delivered exactly once, at its
/// destination, with its payload intact, and nothing invented.
///
/// With injected faults (set_faults) it separates what the faults explain from model errors:
///  * a packet not delivered, one of whose frames a fault lost, is lost to that fault;
///  * a packet not delivered that no fault touched, in a run where faults lost frames, is held
///    back by them (a protocol waiting for what a fault destroyed); in a run where the faults
///    lost nothing it is a model error;
///  * a second delivery of a packet, intact and at its destination, after a fault lost one of
///    its acknowledgements, is a duplicate the fault explains (the source, unacknowledged, sent
///    it again); any other duplicate is a model error;
///  * a packet delivered to the wrong node, corrupted or invented is always a model error (a
///    garbled frame is never accepted, so no fault can explain it).
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/fault_plan.h"
#include "models/core/run_checker.h"

namespace optinet {

class Scoreboard : public RunChecker {
 public:
  /// Starts a run expecting exactly `packets` (ids must be distinct).
  void expect(const std::vector<Packet>& packets) override;
  void deliver(NodeId node, const Packet& packet, std::uint64_t slot) override;
  /// Fetches the packet's entries, which a large network's delivery reads from memory.
  void prefetch(const Packet& packet) const override;
  /// Adds an error for each packet not delivered; call once at the end of the run.
  void finish() override;
  /// Classifies losses against `plan`'s log (nullptr or empty: no faults, every loss an error).
  void set_faults(const FaultPlan* plan) {
    faults_ = plan != nullptr && !plan->empty() ? plan : nullptr;
  }
  /// One line per packet the faults kept from its destination (after finish()).
  const std::vector<std::string>& fault_losses() const { return fault_losses_; }
  std::size_t undelivered_to_faults() const { return undelivered_to_faults_; }
  /// Second deliveries explained by a lost acknowledgement.
  std::size_t fault_duplicates() const { return fault_duplicates_; }

  std::size_t expected() const { return expected_count_; }
  std::size_t delivered() const { return delivered_count_; }
  std::uint64_t last_delivery_slot() const { return last_slot_; }
  /// By packet id: the slot of its delivery in the current run (0 if not delivered).
  const std::vector<std::uint64_t>& delivery_slots() const { return slot_of_; }
  const std::vector<std::string>& errors() const { return errors_; }
  std::size_t violations() const override { return errors_.size(); }

 private:
  void error(const std::string& message);

  std::vector<Packet> by_id_;
  std::vector<std::uint8_t> state_;  // 0 unknown id, 1 expected, 2 delivered
  std::vector<std::uint64_t> slot_of_;
  std::size_t expected_count_ = 0;
  std::size_t delivered_count_ = 0;
  std::uint64_t last_slot_ = 0;
  std::vector<std::string> errors_;
  std::size_t suppressed_ = 0;
  const FaultPlan* faults_ = nullptr;
  std::vector<std::string> fault_losses_;
  std::size_t undelivered_to_faults_ = 0;
  std::size_t fault_duplicates_ = 0;
};

}  // namespace optinet
