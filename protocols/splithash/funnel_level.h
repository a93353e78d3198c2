#pragma once
/// \file
/// One level of one batch of the Funnel Algorithm (section 3), as every protocol of the
/// split&hash network runs it: rounds of a_i communication steps (one slot more for the
/// wired-OR line to settle) until no top node of the level is active after a round. The
/// readings of the text it follows are listed in funnel.h and docs/splithash-model.md.
#include <cstdint>
#include <optional>

#include "models/splithash/splithash_node.h"

namespace optinet::splithash {

/// How a call of run_funnel_level runs the Funnel Algorithm. The defaults are Theorem 1's:
/// every function h_0 .. h_(a_i - 1), up to the settings' round limit, a packet still active
/// then reported stuck.
struct FunnelPass {
  /// The functions tried in a round: h_first .. h_(first + count - 1); count 0 means all a_i.
  /// Only bottom nodes in the blocks of these functions receive.
  std::uint32_t first_function = 0;
  std::uint32_t function_count = 0;
  /// The most rounds; 0 means settings().round_limit.
  std::uint32_t round_limit = 0;
  /// At the round limit a packet still active is noted stuck (the run fails); otherwise it just
  /// stays in `held` (the modified thinning phase's T rounds, Theorem 4).
  bool stuck_is_error = true;
};

/// Runs level i (the funnels between levels i+1 and i; i = 0: one step per round from level 1
/// to the sinks) of `batch` at this node. A top node of the level sends `held` and empties it
/// when acknowledged (it must have raised the line for it); a bottom node of level i >= 1 that
/// holds nothing takes the first packet it alone receives into `held`; a sink delivers.
void run_funnel_level(SplitHashNodeContext& node, std::uint32_t batch, std::uint32_t i,
                      std::optional<Packet>& held, const FunnelPass& pass = {});

}  // namespace optinet::splithash
