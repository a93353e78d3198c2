#pragma once
/// \file
/// What the split&hash network's protocols (protocols/splithash) and the D-dimensional MOB's,
/// which run the same phases on the network embedded in the mesh (protocols/ocpc/dmob_*), both
/// use: the Modified Thinning Phase's schedule and iterations (protocols/splithash/thinning.h
/// states the phase and its readings), the random-function algorithm's batch draw
/// (protocols/splithash/random_batches.h) and its precondition. In a shared folder so that
/// neither family's protocols include the other's both ways.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/core/node_context.h"
#include "models/core/packet.h"
#include "models/core/rng.h"
#include "models/splithash/splithash_node.h"
#include "models/topology/split_hash.h"

namespace optinet::funnel {

/// The split&hash network's shape and thinning constants, which the phases read.
using splithash::SplitHashShape;
using splithash::ThinningParams;

/// The Modified Thinning Phase's schedule every node computes from h and the constants.
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

/// The random-function algorithm's batch draw: a node's m-th packet (m < slots) takes one of
/// the batches m * per_slot .. (m + 1) * per_slot - 1, drawn from `rng`; the packets beyond
/// `slots` are appended to `unsent`. Returns the (batch, packet) pairs.
std::vector<std::pair<std::uint32_t, Packet>> draw_batches(Rng& rng,
                                                           const std::vector<Packet>& packets,
                                                           std::uint32_t per_slot,
                                                           std::uint32_t slots,
                                                           std::vector<Packet>& unsent);

/// The random-function algorithm's precondition (SplitHashShape::one_node_blocks), for the
/// registries of the networks that run it.
std::string random_function_unavailable(const SplitHashShape& shape);

}  // namespace optinet::funnel
