#pragma once
/// \file
/// What a protocol itself can carry under an open-loop pattern (packets per node per slot, as
/// --rate counts them), beside the routing bound (testbenches/open_loop/capacity.h) and the
/// hardware bound (testbenches/open_loop/hardware_bound.h), never above the latter:
///
/// * exact where the schedule or the routing fixes it: TDMA's frame, a queue per service class
///   served once per period, stable while each class's arrivals stay below one per period
///   (POPS, the OCPC and the MOB-PC); Valiant and Brebner's two-phase routing on the grid and the
///   hypercube, whose expected link loads its sub-phases fix (one packet per link and slot);
/// * unknown where the protocol's own dynamics decide it (reservation's matchings, random
///   access with back-off): `value` is empty and `how` says that only a search measures it
///   (`--find-knee`, or `--find-stability-limit` for strict stability).
#include <optional>
#include <string>

#include "models/ocpc/ocpc_node.h"
#include "models/pops/pops_node.h"
#include "models/topology/sf_graph.h"
#include "testbenches/open_loop/open_loop.h"

namespace optinet {

struct ProtocolCapacity {
  std::optional<double> value;  ///< packets per node per slot; empty: not known in advance
  std::string how;              ///< how it was found, or why it is not known
};

/// POPS(d,g) with `protocol` (its registry name).
ProtocolCapacity pops_protocol_capacity(const pops::PopsShape& shape, const std::string& protocol,
                                        const OpenLoopConfig& traffic);
/// The OCPC, the MOB-PC and the D-dimensional MOB with `protocol`.
ProtocolCapacity ocpc_protocol_capacity(const ocpc::OcpcShape& shape, const std::string& protocol,
                                        const OpenLoopConfig& traffic);
/// A store-and-forward grid or hypercube with its scheme; other graphs: not known.
ProtocolCapacity sf_protocol_capacity(const sf::SfGraph& graph, const std::string& scheme,
                                      const OpenLoopConfig& traffic);

/// TDMA on POPS: the load (packets per slot per unit rate) of the busiest service class, the
/// destinations one slot of a frame of n serves for one source: a single destination for
/// d <= g, the d/g receivers j = c (mod g) of one group for d > g (protocols/pops/tdma.h).
double pops_tdma_class_load(const pops::PopsShape& shape, const OpenLoopConfig& traffic);

}  // namespace optinet
