#pragma once
/// \file
/// The offline planner of Mei & Rizzi, Theorem 2.1 (from [13]): with the permutation known in
/// advance, POPS(d,g) routes it in 1 slot when d = 1 and in 2*ceil(d/g) slots when d > 1. Pure
/// C++ (no SystemC): it runs before the run, outside the nodes, and gives each node its program.
///
/// d = 1: the packet from i goes on coupler c(pi(i), i) in slot 0; pi(i) listens to it.
/// d > 1: the group-level demand multigraph (one edge group(i) -> group(pi(i)) per packet, max
/// degree <= d) is edge-coloured properly with K = R*g colours, R = ceil(d/g), every colour class
/// holding at most d edges (Konig's alternating paths, then de Werra's balancing). Colour
/// c = rho*g + m sends the packet in round rho (slots 2rho, 2rho+1) through intermediate group m:
/// source -> c(m, a) -> relay in group m -> c(b, m) -> destination (a, b the source and
/// destination groups). The relay is processor a of group m when d >= g (a < g <= d), and the
/// k-th packet of its colour class when d < g. A proper colouring makes every coupler carry at
/// most one packet per slot; the class bound gives every packet its own relay.
///
/// Choices: a packet addressed to its own source (a fixed point) is delivered locally and takes
/// no coupler. A hop from a node to itself (the relay is the source or the destination) is
/// skipped, so no node ever hears its own transmission. Partial permutations use the same plan
/// (the demand graph only has fewer edges) and the same slot count: the program of every node
/// lasts offline_slots(shape) slots whatever the traffic.
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "models/pops/pops_node.h"

namespace optinet::pops {

/// 1 when d = 1, 2*ceil(d/g) when d > 1.
std::uint32_t offline_slots(const PopsShape& shape);

/// Edge colouring of a bipartite multigraph with `vertices` vertices on each side; edge k joins
/// left vertex edges[k].first to right vertex edges[k].second. Returns one colour in
/// 0..colours-1 per edge, proper (no two edges of a colour share a vertex) and with at most
/// `cap` edges per colour. Throws std::invalid_argument if the maximum degree exceeds `colours`
/// or cap * colours < edges.size().
std::vector<std::uint32_t> colour_bipartite(
    std::uint32_t vertices, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
    std::uint32_t colours, std::uint32_t cap);

inline constexpr std::uint32_t kNoGroup = std::numeric_limits<std::uint32_t>::max();

/// What a node sends in a slot: nothing, its own packet, or the copy it holds as a relay.
enum class OfflineSend : std::uint8_t { kNone, kOwn, kHeld };

/// One slot of a node's program.
struct OfflineAction {
  std::uint32_t slot = 0;
  OfflineSend send = OfflineSend::kNone;
  std::uint32_t send_group = kNoGroup;    ///< transmit on c(send_group, group(node))
  std::uint32_t listen_group = kNoGroup;  ///< listen to c(group(node), listen_group)
};

/// The schedule of one permutation: every node runs `slots` slots; program[i] lists node i's
/// actions in increasing slot order (at most one per slot; slots not listed are idle).
struct OfflineSchedule {
  std::uint32_t slots = 0;
  std::vector<std::vector<OfflineAction>> program;
};

/// Theorem 2.1. `destination[i]` is pi(i), or kNoNode if source i has no packet. Throws
/// std::invalid_argument unless it is a partial permutation of 0..n-1 (n entries).
OfflineSchedule plan_offline(const PopsShape& shape, const std::vector<NodeId>& destination);

/// A comparator [low : high]: after the stage `low` keeps the minimum of the two values and
/// `high` the maximum.
struct Comparator {
  NodeId low = 0;
  NodeId high = 0;
};

/// Lemma 2.2: the permutation that exchanges the two nodes of every comparator and fixes every
/// other node. Throws std::invalid_argument if a node is out of range or used twice.
std::vector<NodeId> comparator_permutation(std::uint32_t n, const std::vector<Comparator>& stage);

/// Lemma 2.2: the offline schedule of a comparator stage (each pair exchanges its values).
inline OfflineSchedule plan_comparator_stage(const PopsShape& shape,
                                             const std::vector<Comparator>& stage) {
  return plan_offline(shape, comparator_permutation(shape.n(), stage));
}

}  // namespace optinet::pops
