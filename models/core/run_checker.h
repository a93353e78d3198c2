#pragma once
/// \file
/// A checker of one run's deliveries, attached to a device from outside (a testbench's
/// scoreboard): the device tells it which packets a run carries, hands it every delivery, and
/// closes the run. The device works the same without one.
#include <cstddef>
#include <vector>

#include "models/core/run_control.h"

namespace optinet {

class RunChecker : public DeliverySink {
 public:
  /// Starts a run that carries exactly `packets`.
  virtual void expect(const std::vector<Packet>& packets) = 0;
  /// Ends the run: every expected packet not delivered is a violation.
  virtual void finish() = 0;
  /// Violations found in the current run.
  virtual std::size_t violations() const = 0;
};

}  // namespace optinet
