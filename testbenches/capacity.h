#pragma once
/// \file
/// The hardware's capacity under an open-loop traffic pattern: the largest injection rate
/// (packets per node per slot) at which no medium is asked to carry more than one frame per
/// slot, computed from the expected traffic matrix of the pattern. A protocol can only come
/// close to it: it is the bound each latency-throughput curve is drawn against.
#include <cstdint>
#include <string>

#include "models/networks/ocpc_node.h"
#include "models/networks/pops_node.h"
#include "testbenches/open_loop.h"

namespace optinet {

/// The resource that limits a network under a pattern, and the rate it allows.
struct CapacityBound {
  double rate = 0;          ///< packets per node per slot
  std::string bottleneck;   ///< e.g. "coupler c(3,1)", "receiver 17"
};

/// POPS(d,g): every coupler carries one frame per slot, every receiver takes one, every
/// transmitter sends one. Packets a pattern sends to their own source are not created, and
/// not counted.
CapacityBound pops_capacity(const pops::PopsShape& shape, const OpenLoopConfig& traffic);

/// OCPC: every receiver takes one frame per slot, every transmitter sends one. MOB-PC: the same
/// per processor, with every packet that changes both row and column relayed once (at the
/// corner in its source's row, as row-first routing does; for uniform traffic any two-hop
/// routing loads the processors alike), so a relay's transmitter and receiver carry it twice.
CapacityBound ocpc_capacity(const ocpc::OcpcShape& shape, const OpenLoopConfig& traffic);

}  // namespace optinet
