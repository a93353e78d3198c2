#pragma once
/// \file
/// POPS protocols by name, as the command line and tests select them.
#include <memory>
#include <string>
#include <vector>

#include "models/networks/pops_node.h"

namespace optinet::pops {

struct ProtocolInfo {
  std::string name;
  std::string summary;
  /// Slots per protocol step (steps = slots / slots_per_step); 0 if the protocol has no steps.
  unsigned slots_per_step = 0;
  /// Slot phases (1-based within a step) in which a collision is a protocol error.
  std::vector<unsigned> collision_free_phases;
  std::unique_ptr<PopsProtocol> (*make)(const PopsShape& shape) = nullptr;
  /// True if a collision in any slot is a protocol error.
  bool collision_free = false;
};

const std::vector<ProtocolInfo>& protocols();
/// nullptr if unknown.
const ProtocolInfo* find_protocol(const std::string& name);
/// The protocol named `name`; throws std::invalid_argument if there is none.
const ProtocolInfo& protocol_info(const std::string& name);
/// "a, b, c" for messages.
std::string protocol_names();

}  // namespace optinet::pops
