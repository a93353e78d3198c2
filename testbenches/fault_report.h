#pragma once
/// \file
/// A run record's fault report, the same on every network: its JSON fields, its line, and the
/// count of packets the faults kept from delivery (which sets exit status 4).
#include "testbenches/fault_option.h"
#include "testbenches/network_command.h"

namespace optinet {

inline void report_faults(RunRecord& record, const FaultPlan& plan, const FaultOutcome& outcome) {
  if (plan.empty()) return;
  record.undelivered_to_faults = outcome.losses.size();
  add_fault_fields(record.fields, record.description, plan, outcome);
}

}  // namespace optinet
