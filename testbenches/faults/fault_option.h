#pragma once
/// \file
/// `--fault SPEC` (repeatable): parsing and validation against the network's own hardware, and
/// the JSON of the plan and of what it did in a run. A spec naming something the network does
/// not have is a UsageError naming the network's names and ranges, before elaboration.
///
///   coupler:B:A[@SLOT]  POPS coupler c(B,A) dead from SLOT on (default 0)
///   bus:NAME[@SLOT]     an OCPC/MOB bus dead from SLOT on
///   link:U:V[@SLOT]     the store-and-forward link U -> V dead from SLOT on
///   receiver:NODE[@SLOT] the node's receiver dead (hears nothing) from SLOT on
///   jammer:NODE[@SLOT]  the node's transmitter stuck on from SLOT on: every medium it lights
///                       carries its light in every slot, so no frame crosses them
///   ber:P               each frame garbled with probability P (0 < P <= 1), detected by the
///                       receiver's check and heard as noise
///   ber:budget          the same, with P = 1 - (1 - BER)^frame_bits and BER the receivers'
///                       bit-error ratio at the power the device's budget delivers to them
///                       (models/optical/bit_errors.h)
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "models/core/fault_plan.h"

namespace optinet {

/// The bit errors of a network's receivers under its power budget (ber:budget).
struct BudgetErrors {
  double received_power_dbm = 0;
  double bit_error_rate = 0;
  double frame_loss = 0;  ///< 1 - (1 - bit_error_rate)^frame_bits
};

/// What a network has that a fault may name; an empty field: the network has none.
struct FaultTargets {
  std::string network;               ///< for messages, e.g. "POPS(2,4)"
  std::uint32_t coupler_groups = 0;  ///< POPS g: couplers c(B,A), B, A < g
  std::vector<std::string> buses;    ///< bus names
  /// True if the directed link U -> V exists; empty: no links. `links_text` describes them.
  std::function<bool(std::uint32_t, std::uint32_t)> link;
  std::string links_text;
  std::uint32_t nodes = 0;  ///< receivers and jammers: nodes 0..nodes-1
  bool jammers = false;     ///< the network models stuck transmitters
  bool ber = false;         ///< the network's media garble frames
  /// ber:budget's error rates; none: the network has no power budget to derive them from.
  std::optional<BudgetErrors> budget_errors;
  /// --max-slots: every run stops there, so a fault @SLOT at or after it would never act.
  std::uint64_t max_slots = std::numeric_limits<std::uint64_t>::max();
};

/// One spec, checked against `targets`; throws UsageError ("--fault: ...").
Fault parse_fault_spec(const std::string& spec, const FaultTargets& targets);
/// Every spec; a medium or node named twice is refused, as is a second ber.
FaultPlan parse_fault_plan(const std::vector<std::string>& specs, const FaultTargets& targets);

/// The plan, for the report's parameters: one object per fault.
nlohmann::ordered_json fault_parameters(const FaultPlan& plan);
/// What the plan did in the run just ended: frames lost per fault.
nlohmann::ordered_json fault_effects(const FaultPlan& plan);

/// A run's fault outcome as every family reports it.
struct FaultOutcome {
  std::vector<std::string> losses;  ///< one line per packet the faults kept from its destination
  std::size_t duplicates = 0;       ///< second deliveries explained by a lost acknowledgement
  bool stalled = false;             ///< stopped for want of progress
  std::uint64_t window = 0;         ///< the progress watch's window
  std::uint64_t last_delivery = 0;  ///< slot of the last delivery (a stopped run's useful work)
};
/// Adds the fault fields to a run's JSON (faults, undelivered_to_faults, fault_losses,
/// fault_duplicates, stalled, last_delivery_slot, halted_nodes) and its line (what was lost and
/// why, one packet a line, at most 20 listed).
void add_fault_fields(nlohmann::ordered_json& fields, std::string& line, const FaultPlan& plan,
                      const FaultOutcome& outcome);

}  // namespace optinet
