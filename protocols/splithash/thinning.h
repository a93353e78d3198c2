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

namespace optinet::splithash {

/// The schedule every node computes from h and the constants.
struct ThinningSchedule {
  std::uint32_t h = 1;
  std::vector<std::uint32_t> iterations;  ///< t_g for g = 1 .. phases()
  std::uint32_t groups = 1;               ///< s

  std::uint32_t phases() const { return static_cast<std::uint32_t>(iterations.size()); }
  /// I = sum of t_g.
  std::uint32_t total_iterations() const;
  /// ceil(h / 2^(g-1)): l is drawn from 1 .. load(g) in phase g (g >= 1).
  std::uint32_t load(std::uint32_t g) const;
  /// floor(a_i / s): the functions of a group at level i.
  std::uint32_t group_size(const SplitHashShape& s, std::uint32_t i) const;
};

ThinningSchedule thinning_schedule(std::uint32_t h, const ThinningParams& params);

/// The inactivation rule: a node holding `count` packets after phase g stays active iff
/// count <= h / 2^g.
bool stays_active(std::size_t count, std::uint32_t h, std::uint32_t g);

/// Empty if the network has room for the groups at every level (floor(a_i / s) >= 1), else why
/// not.
std::string thinning_unavailable(const SplitHashShape& s, const ThinningSchedule& schedule);

/// The Modified Thinning Phase's iterations at one node, every node of the network in step:
/// iteration n uses function group n mod s (functions n mod s * group_size .. + group_size - 1);
/// an `active` node draws l < ceil(h / 2^(g-1)) in phase g and, if it holds more than l packets
/// in `mine`, offers its l-th (the line raised for it) as `top` to
/// `iterate(first_function, function_count, top)`, which runs the Funnel Algorithm and returns
/// what this node received as a bottom node; a packet `iterate` empties from `top` went down and
/// leaves `mine`. Then `after(received)`. After each phase a node holding more than h / 2^g
/// packets becomes inactive.
template <typename Iterate, typename After>
void thinning_iterations(NodeContext& node, const ThinningSchedule& schedule,
                         std::uint32_t group_size, bool active, std::vector<Packet>& mine,
                         Iterate&& iterate, After&& after) {
  std::uint32_t n = 0;  // the iteration, over all phases
  for (std::uint32_t g = 1; g <= schedule.phases(); ++g) {
    const std::uint32_t load = schedule.load(g);
    for (std::uint32_t t = 0; t < schedule.iterations[g - 1]; ++t, ++n) {
      std::optional<Packet> top;
      std::uint32_t l = 0;
      if (active) {
        l = node.rng().below(load);  // l - 1 of the text
        if (l < mine.size()) {
          top = mine[l];
          node.raise_pending();
        }
      }
      const bool sent = top.has_value();
      const std::optional<Packet> received =
          iterate(n % schedule.groups * group_size, group_size, top);
      if (sent && !top) mine.erase(mine.begin() + l);
      after(received);
    }
    if (active && !stays_active(mine.size(), schedule.h, g)) active = false;
  }
}

/// Runs the phase at funnel level i (tops: level i+1, bottoms: level i) of `batch` for this
/// node. A top node's `mine` holds its packets of the batch and loses those that go down; a
/// bottom node's `mine` gains what it receives. Every node of the network calls it (the others
/// sleep through it), so all stay in step.
void run_modified_thinning(SplitHashNodeContext& node, std::uint32_t batch, std::uint32_t i,
                           std::vector<Packet>& mine, const ThinningSchedule& schedule);

}  // namespace optinet::splithash
