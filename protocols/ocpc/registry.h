#pragma once
/// \file
/// OCPC, MOB-PC and D-dimensional MOB protocols by name, as the command line and tests select them.
/// A protocol is added with one entry in registry.cpp.
#include <memory>
#include <string>
#include <vector>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel_plan.h"
#include "protocols/ocpc/gjlr_plan.h"

namespace optinet::ocpc {

/// Settings a protocol takes from the command line (each protocol reads its own).
struct ProtocolOptions {
  gjlr::Constants gjlr;      ///< gjlr's schedule constants (`--gjlr-scale`)
  DmobFunnelOptions funnel;  ///< `funnel` on the d-dimensional MOB (`--a`, `--network-seed`)
};

struct ProtocolInfo {
  std::string name;
  std::string summary;
  bool on_ocpc = true;  ///< runs on the OCPC (any node may send to any other)
  bool on_mob = false;  ///< runs on the MOB-PC (row and column buses only)
  std::unique_ptr<OcpcProtocol> (*make)(const OcpcShape& shape,
                                        const ProtocolOptions& options) = nullptr;
  /// Runs under a sustained load (open-loop traffic).
  bool open_loop = false;
  bool on_dmob = false;  ///< runs on the D-dimensional MOB (buses along each dimension only)
  /// Needs the reservation control plane (OcpcNetworkConfig::control_plane); a collision of
  /// its data frames is then a protocol error.
  bool control_plane = false;
  /// Simulates the embedded split&hash network (d-dimensional MOB: `--a`, `--network-seed`,
  /// `--batches`, `--round-limit`).
  bool split_hash = false;
  /// Routes h-relations for any h the network takes (`--h`, `--applications`, the thinning
  /// constants), not random functions.
  bool h_relations = false;
  /// Why the protocol cannot serve an embedded split&hash shape the network takes ("" if it
  /// can); null: every shape.
  std::string (*shape_unavailable)(const splithash::SplitHashShape& shape) = nullptr;
};

/// Whether `info` runs on `topology`.
bool runs_on(const ProtocolInfo& info, Topology topology);
/// "OCPC", "MOB-PC", "D-dimensional MOB".
std::string topology_name(Topology topology);

const std::vector<ProtocolInfo>& protocols();
/// nullptr if unknown.
const ProtocolInfo* find_protocol(const std::string& name);
/// "a, b, c": the protocols that run on `topology`, for messages.
std::string protocol_names(Topology topology);
/// Why `name` cannot run under a sustained load (naming those that can), or "".
std::string open_loop_unavailable(const std::string& name, Topology topology);
/// Why `name` cannot run on `topology` (unknown, or made for the other network), naming the
/// accepted protocols; "" if it can.
std::string protocol_unavailable(const std::string& name, Topology topology);

}  // namespace optinet::ocpc
