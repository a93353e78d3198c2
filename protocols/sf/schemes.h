#pragma once
/// \file
/// The two-phase randomized routing schemes of Valiant and Brebner (the Scheme contract is in
/// models/sf/sf_scheme.h): CUBES, BASIC, CUBESS, the d-way shuffles, CCC, shuffle-exchange
/// and the grids, and the registry that names them.
#include <memory>
#include <string>
#include <vector>

#include "models/core/rng.h"
#include "models/sf/sf_scheme.h"
#include "models/topology/sf_graph.h"

namespace optinet::sf {

/// The schemes a network accepts, the first being its default.
std::vector<std::string> scheme_names(const SfGraph& graph);
/// The same by the network's name (a graph's name(): "hypercube", "shuffle", "ccc",
/// "shuffle-exchange", "grid"); empty for another name.
std::vector<std::string> scheme_names(const std::string& network);
/// Why the named scheme does not apply to the graph (for --protocol), or "" if it does.
std::string scheme_unavailable(const std::string& name, const SfGraph& graph);
/// Builds the named scheme for the graph; throws std::invalid_argument if it does not apply.
std::unique_ptr<Scheme> make_scheme(const std::string& name, const SfGraph& graph);
/// One sub-phase of a grid scheme: it moves a packet along one dimension (0-based) to a random
/// coordinate (randomizing) or to the destination's (correcting).
struct GridSubphase {
  unsigned dimension;
  bool random;
};
/// The named grid scheme's sub-phases in order (gridk: random in dimensions k-1 down to 1, then
/// correcting 0, 1, ..., k-1; grid3: random in 0, correcting 1, then 0).
std::vector<GridSubphase> grid_plan(const std::string& name, unsigned k);
/// A grid scheme's route without Phase A: the 0-based dimensions its correcting sub-phases fix,
/// in order (gridk: 0, 1, ..., k-1; grid3: 1, 0).
std::vector<unsigned> grid_correction_order(const std::string& name, unsigned k);

// Ticket building blocks, exposed for tests.

/// "Pack T" (section 4 (iii)): the non-zero elements of t in order of occurrence, then zeros.
std::vector<unsigned> pack(const std::vector<unsigned>& t);
/// The shortest route in the d-way shuffle from u to v as out-edge labels (section 6: the
/// unique path of the least length k, tried for k = 0, 1, ..., n).
std::vector<unsigned> shortest_shuffle_route(unsigned d, unsigned n, NodeId u, NodeId v);
/// Follows a step list from `from`; returns the node reached.
NodeId follow(const SfGraph& graph, NodeId from, const std::vector<unsigned>& labels);
/// The step list in a ticket.
std::vector<unsigned> steps_of(const Ticket& t);

}  // namespace optinet::sf
