#pragma once
/// \file
/// A run record's fault report, the same on every network: its JSON fields, its line, and the
/// count of packets the faults kept from delivery (which sets exit status 4).
#include "testbenches/cli/network_command.h"
#include "testbenches/faults/fault_option.h"
#include "testbenches/open_loop/open_loop.h"

namespace optinet {

inline void report_faults(RunRecord& record, const FaultPlan& plan, const FaultOutcome& outcome) {
  if (plan.empty()) return;
  record.undelivered_to_faults = outcome.losses.size();
  add_fault_fields(record.fields, record.description, plan, outcome);
}

/// The same for an open-loop run: the packets whose frames the faults garbled (their sources do
/// not send them again; the host counted them), and the terms of its conservation check,
/// created - refused = delivered + lost + in_flight.
inline void report_open_loop_faults(RunRecord& record, const FaultPlan& plan,
                                    const OpenLoopResult& r) {
  if (plan.empty()) return;
  const std::uint64_t lost = r.lost;
  record.undelivered_to_faults = lost;
  record.fields["faults"] = fault_effects(plan);
  record.fields["undelivered_to_faults"] = lost;
  record.fields["lost"] = lost;
  record.fields["labelled_lost"] = r.labelled_lost;
  record.fields["in_flight"] = r.in_flight;
  // Of the packets that left the network, the share delivered.
  const std::uint64_t out = r.delivered + lost;
  record.fields["delivered_share"] = out > 0 ? static_cast<double>(r.delivered) / out : 0.0;
  std::uint64_t frames = 0;
  for (std::uint64_t f : plan.log().frames_lost()) frames += f;
  record.description += "; faults lost " + std::to_string(frames) + " frame(s), " +
                        std::to_string(lost) + " packet(s) (not sent again)";
}

}  // namespace optinet
