#pragma once
/// \file
/// The scoreboard every run is checked by: each packet delivered exactly once, at its
/// destination, with its payload intact, and nothing invented.
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/run_checker.h"

namespace optinet {

class Scoreboard : public RunChecker {
 public:
  /// Starts a run expecting exactly `packets` (ids must be distinct).
  void expect(const std::vector<Packet>& packets) override;
  void deliver(NodeId node, const Packet& packet, std::uint64_t slot) override;
  /// Adds an error for each packet not delivered; call once at the end of the run.
  void finish() override;

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
};

}  // namespace optinet
