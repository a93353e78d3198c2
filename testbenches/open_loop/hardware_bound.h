#pragma once
/// \file
/// The hardware's bound under an open-loop pattern: the largest injection rate (packets per node
/// per slot) that ANY routing and schedule could carry on the network, every resource carrying
/// at most one frame (packet) per slot. It is the maximum concurrent flow of the pattern's
/// expected traffic matrix (testbenches/open_loop/traffic_matrix.h): the largest lambda such that
/// lambda times the matrix can be routed as a fractional multicommodity flow, relays at processors
/// allowed, within every resource's one frame per slot. It is solved as a linear program with
/// GLPK, one commodity per source (the flows of a source to all its destinations share one
/// flow-conservation system; a flow so aggregated splits into paths from the source, so the
/// bound is exact). Where the program would have more than `max_lp_variables` variables, the
/// bound is the tightest of a few cuts that are cheap to count (method "cut"), a valid upper
/// bound on the LP's value.
///
/// Beside it, testbenches/open_loop/capacity.h gives the routing bound: the pattern routed as the
/// model's protocols route it (one hop on POPS and the OCPC, row first on the MOB-PC, dimension
/// order on the grid and the hypercube). The hardware bound is never below it; it is above it where
/// another routing spreads what that route concentrates (grid transpose, hypercube bit reversal).
///
/// Resources, as the models count them:
/// * POPS(d,g) (models/pops/pops_node.h): every coupler c(b,a) carries one frame per slot;
///   every processor sends one frame per slot (one laser; lighting several couplers of its
///   group at once copies one packet, which unicast traffic has no use for) and receives one (its
///   receiver tuned to one coupler c(group, a)). A processor may relay a packet to another group.
/// * OCPC (models/ocpc/ocpc_node.h, models/optical/optical_bus.h): every transmitter sends
///   one frame per slot, every receiver takes one; a bus carries any number of frames to distinct
///   receivers. A processor may relay. Relaying never raises the OCPC's bound above the
///   one-hop one (a relay costs a transmitter and a receiver more), but the program allows it.
/// * MOB-PC and the D-dimensional MOB: the same per processor, which reaches the processors of
///   its row and column buses (every line of every dimension) in one hop; a packet that changes
///   several coordinates is relayed, by any processors, along any buses.
/// * Store-and-forward networks (models/topology/sf_graph.h): every directed link
///   carries one packet per slot; a node injects and delivers any number of packets per slot
///   (models/sf/sf_router.cpp takes every created packet and delivers every arrival).
///
/// A pattern that creates no packet (every packet self-addressed) has value 0 and bottleneck
/// "no traffic", as capacity.h reports it. A pattern that sends to a node the network does not
/// have (a hotspot past n, bit reversal on n not a power of two) throws std::invalid_argument.
#include <cstddef>
#include <string>

#include "models/ocpc/ocpc_node.h"
#include "models/pops/pops_node.h"
#include "models/topology/sf_graph.h"
#include "testbenches/open_loop/open_loop.h"

namespace optinet {

struct HardwareBound {
  double value = 0;        ///< packets per node per slot
  std::string bottleneck;  ///< "coupler c(3,1)", "link 5->6, link 6->7 (+14 more)", "cut: ..."
  std::string method;      ///< "lp" (the maximum concurrent flow) or "cut" (above the limit)
  std::size_t lp_variables = 0;  ///< the program's size, solved or not
};

/// The LP's size limit: 1 + (sources with traffic) x (arcs a source's flow may use). The 16 x 16
/// grid under uniform traffic has 244,801 and takes about 50 s of CPU time and 370 MB; the
/// program grows as n x arcs, so the 32 x 32 grid (about 4 million) is left to the cuts.
inline constexpr std::size_t kMaxLpVariables = 300000;

HardwareBound pops_hardware_bound(const pops::PopsShape& shape, const OpenLoopConfig& traffic,
                                  std::size_t max_lp_variables = kMaxLpVariables);
/// OCPC, MOB-PC and D-dimensional MOB (shape.topology).
HardwareBound ocpc_hardware_bound(const ocpc::OcpcShape& shape, const OpenLoopConfig& traffic,
                                  std::size_t max_lp_variables = kMaxLpVariables);
/// Any store-and-forward graph (links of one packet per slot each way). The cuts: every node's
/// out-links and in-links, the hop volume (every link's slot against the pattern's shortest
/// routes), and on the grid and the hypercube every cut across a dimension (between
/// coordinates c and c + 1, each way).
HardwareBound sf_hardware_bound(const sf::SfGraph& graph, const OpenLoopConfig& traffic,
                                std::size_t max_lp_variables = kMaxLpVariables);

}  // namespace optinet
