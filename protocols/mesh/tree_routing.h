#pragma once
/// \file
/// Step 4 of the split (routing on a tree) on a physical tree isomorphic to the group's tree,
/// as section 4 analyses it: the routing problems, Lemma 4's packet count per link and Lemma
/// 5's synchronous simulation. Pure C++, for the checker and the tests.
///
/// The physical tree: every tree edge is a link per direction carrying one packet per tree
/// communication step; a packet that crosses a link in step t can cross the next in step t + 1.
/// Queues: one per outgoing link (the paper's model; each link sends its queue's first packet)
/// or one per vertex (only the vertex's first packet leaves in a step, as from the mesh's single
/// outbox). Both order packets by Lemma 5's rules (lemma5_priority), ties by sending order.
///
/// Problems: the paper's six (for each state x, every vertex in state x sends to its new
/// parent, to its new left child, to its new right child), numbered 3x + 0, 1, 2, and a
/// seventh, the two packets between the new roots. Lemma 4 is counted on the six.
#include <array>
#include <cstdint>
#include <vector>

#include "protocols/mesh/split_logic.h"

namespace optinet::mesh {

constexpr int kRoutingProblems = 7;  ///< the paper's six and the roots' exchange

enum class TreeQueues { kPerLink, kPerVertex };

/// ceil(log2 s) for s >= 1 (0 for s = 1).
std::uint32_t ceil_log2(std::int64_t s);

struct TreeRoutingStats {
  std::int64_t size = 0;
  /// Lemma 4: the most packets of one of the six problems crossing one directed tree edge, and
  /// the largest ratio of such a count to 3 ceil(log2 s_u), u the edge's upper end (the root of
  /// a sub-tree of s_u >= 2 vertices). Violations: edges and problems above the bound.
  std::int64_t lemma4_max_packets = 0;
  double lemma4_max_ratio = 0;
  std::int64_t lemma4_violations = 0;
  /// The most packets of all seven problems together crossing one directed edge.
  std::int64_t all_problems_max_packets = 0;
  /// Lemma 5: tree steps of each problem alone; the largest ratio of one to 8 ceil(log2 s).
  std::array<std::uint64_t, kRoutingProblems> problem_steps{};
  double lemma5_max_ratio = 0;
  std::int64_t lemma5_violations = 0;
  std::uint64_t steps_one_by_one = 0;  ///< the problems one after another (sum)
  std::uint64_t steps_at_once = 0;     ///< all seven problems at once
};

/// Step 4 of a split of one group: `states` are phi of the members in rank order.
TreeRoutingStats analyse_tree_routing(const std::vector<int>& states, TreeQueues queues);

}  // namespace optinet::mesh
