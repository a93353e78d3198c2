#pragma once
/// \file
/// POPS protocols by name, as the command line and tests select them.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/pops/pops_node.h"

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
  /// Why the protocol cannot run on a shape ("" if it can); nullptr: it runs on every shape.
  std::string (*unavailable)(const PopsShape& shape) = nullptr;
  /// Runs under a sustained load (open-loop traffic): takes its host's packets as they come.
  bool open_loop = false;
  /// Why the protocol cannot run open-loop on a shape ("" if it can); nullptr: every shape.
  std::string (*open_loop_unavailable)(const PopsShape& shape) = nullptr;
  /// Needs the network's reservation control plane (PopsNetworkConfig::control_plane).
  bool control_plane = false;
  /// Runs open-loop with bit-error faults: a source learns nothing of a frame garbled on its
  /// coupler (no acknowledgement), so the frame's packet is lost, and no other frame depends on
  /// it (one hop, no relay).
  bool open_loop_losses = false;
};

/// The protocol a front end asked for, or the option at fault and why.
struct ProtocolChoice {
  const ProtocolInfo* info = nullptr;  ///< nullptr when refused
  std::string option;                  ///< the option at fault
  std::string reason;                  ///< what is wrong and what is accepted
};

/// Why `info` cannot run under a sustained load on `shape` (naming the accepted protocols), or
/// "" if it can.
std::string open_loop_unavailable(const ProtocolInfo& info, const PopsShape& shape);

/// The sorters of `--sorter`, which selects a variant of the `sorting` protocol.
std::string sorter_names();

/// Resolves `--protocol name` (and `--sorter`, if given) on `shape`, checking every
/// precondition of the protocol, so that every front end refuses the same input the same way.
ProtocolChoice choose_protocol(const std::string& name, const std::optional<std::string>& sorter,
                               const PopsShape& shape);

const std::vector<ProtocolInfo>& protocols();
/// nullptr if unknown.
const ProtocolInfo* find_protocol(const std::string& name);
/// The protocol named `name`; throws std::invalid_argument if there is none.
const ProtocolInfo& protocol_info(const std::string& name);
/// "a, b, c" for messages.
std::string protocol_names();

}  // namespace optinet::pops
