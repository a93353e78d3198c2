#pragma once
/// \file
/// The routing bound under an open-loop traffic pattern: the largest injection rate (packets per
/// node per slot) at which no medium is asked to carry more than one frame per slot, computed
/// from the expected traffic matrix of the pattern (testbenches/open_loop/traffic_matrix.h) routed
/// as the model's protocols route it: one hop on POPS and the OCPC, row first on the MOB-PC,
/// dimension order on the grid and the hypercube. It is the bound each latency-throughput curve is
/// drawn against; what any routing could carry is testbenches/open_loop/hardware_bound.h's hardware
/// bound.
#include <cstdint>
#include <string>
#include <vector>

#include "models/ocpc/ocpc_node.h"
#include "models/pops/pops_node.h"
#include "models/topology/sf_graph.h"
#include "testbenches/open_loop/open_loop.h"

namespace optinet {

/// The resource that limits a network under a pattern, and the rate it allows.
struct CapacityBound {
  double rate = 0;         ///< packets per node per slot
  std::string bottleneck;  ///< e.g. "coupler c(3,1)", "receiver 17"
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

/// Store-and-forward grid and hypercube (point-to-point links, one packet per slot per
/// direction): the smaller of sf_routing_capacity and sf_bisection_capacity, O(n * diameter).
/// It bounds the pattern routed as Phase B routes it, without Phase A. A two-phase scheme's
/// random detour costs about as many hops again (uniform traffic saturates near half the bound),
/// and spreads a pattern that dimension order concentrates (transpose), where it may carry more.
/// Throws std::invalid_argument for another graph.
CapacityBound sf_capacity(const sf::SfGraph& graph, const std::string& scheme,
                          const OpenLoopConfig& traffic);
/// The scheme's Phase B route as a dimension order (the labels of out-edges' dimensions, 0-based):
/// on the grid its correcting sub-phases in order (gridk: 0, 1, ..., k-1; grid3: 1, 0); on the
/// hypercube bit order, dimension 1 (the most significant bit) first, as CUBES corrects them
/// (BASIC and CUBESS correct them in a random order; for uniform traffic the loads are alike).
std::vector<unsigned> sf_phase_b_order(const sf::SfGraph& graph, const std::string& scheme);
/// The busiest link under the expected traffic matrix with every packet routed from its source
/// to its destination dimension by dimension in `order` (the route Phase B takes without
/// Phase A); the uniform part of the matrix in closed form, the rest route by route.
CapacityBound sf_routing_capacity(const sf::SfGraph& graph, const std::vector<unsigned>& order,
                                  const OpenLoopConfig& traffic);
/// The bisection bound: for each dimension, the cut between its lower and upper halves
/// (coordinates below n/2 and the rest on a grid of side n; a bit on the hypercube), traffic
/// crossing it each way over the links crossing it. For uniform traffic the textbook 4/n on a
/// grid of side n (n even) and 2 on the hypercube, times (N-1)/N (no packet is sent to its own
/// source).
CapacityBound sf_bisection_capacity(const sf::SfGraph& graph, const OpenLoopConfig& traffic);

}  // namespace optinet
