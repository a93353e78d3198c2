#pragma once
/// \file
/// The Modified Thinning Phase of Theorem 4 (a) (after Anderson & Miller and GJLR93), run in
/// every funnel of one level for one batch:
///
///     for g := 1 to log h do
///       for j := 1 to t_g do
///         every active top node chooses a random l in {1, ..., h/2^(g-1)};
///         if it holds at least l packets it takes part in the Funnel Algorithm for T rounds
///           with its l-th packet, using the j-th group of functions;
///       a node holding more than h/2^g packets becomes inactive.
///
/// Readings of the sketch (docs/splithash-model.md, readings 13-17):
/// - log h is ceil(log2 h) phases, h/2^(g-1) is rounded up; h = 1 has no phase (every packet
///   is left to the random-function algorithm).
/// - t_g = ceil(c (h/2^g + log2 h)) iterations ("t_i = O(h/2^i + log h)", the index being the
///   phase's), c = ThinningParams::c.
/// - "For T steps" is T rounds of the Funnel Algorithm (each a_i steps: the running time
///   O(T a_i log^2 h + T a_i h) counts T a_i steps per iteration); an iteration ends early when
///   the wired-OR line shows every chosen packet through.
/// - "s a_i functions with distinct images, each group of a_i functions used at most h times":
///   the network's a_i functions (disjoint blocks) are split into s = ceil(I / h) groups of
///   floor(a_i / s) consecutive functions, I = sum t_g the iterations; iteration n uses group
///   n mod s. A bottom node takes at most one packet per iteration (it is in one block, and
///   the Funnel Algorithm delivers to distinct nodes), so at most h per batch and level.
#include <cstdint>
#include <optional>
#include <vector>

#include "models/splithash/splithash_node.h"
#include "protocols/funnel/funnel_phases.h"

namespace optinet::splithash {

/// Runs the phase at funnel level i (tops: level i+1, bottoms: level i) of `batch` for this
/// node. A top node's `mine` holds its packets of the batch and loses those that go down; a
/// bottom node's `mine` gains what it receives. Every node of the network calls it (the others
/// sleep through it), so all stay in step.
void run_modified_thinning(SplitHashNodeContext& node, std::uint32_t batch, std::uint32_t i,
                           std::vector<Packet>& mine, const funnel::ThinningSchedule& schedule);

}  // namespace optinet::splithash
