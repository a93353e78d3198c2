#pragma once
/// \file
/// The arbitration every node of a reservation group computes from the words it heard: a greedy
/// maximal matching of requesters to targets with rotating priority. Every node that heard the
/// same words computes the same matching, so no arbiter is needed (the distributed arbitration
/// of DT-WDMA, where all nodes run one algorithm on the broadcast control channel). Pure logic.
#include <cstdint>
#include <vector>

#include "models/optical/control_word.h"

namespace optinet::pops {

/// No target.
inline constexpr std::uint32_t kUnmatched = ~std::uint32_t{0};

/// Matches requesters 0..requests.size()-1 to targets 0..targets-1 (any number): bit t of
/// requests[i] set means target t is acceptable to requester i (bits at or past `targets`, such
/// as a flag, are ignored). Requesters are served in the order turn, turn+1, ... (mod the
/// requester count); requester i takes the first free target of its map counted cyclically from
/// (i + turn) mod targets. `out[i]` is its target, or kUnmatched. The result is maximal: an
/// unmatched requester's targets are all taken. `first`, if given, holds targets assigned before
/// the others (kUnmatched: none; distinct); those requesters keep them and the rest are matched
/// to the targets left.
void rotating_match(const std::vector<ControlWord>& requests, std::uint32_t targets,
                    std::uint64_t turn, std::vector<std::uint32_t>& out,
                    const std::vector<std::uint32_t>* first = nullptr);
/// The same for maps of at most 64 targets, one word each.
void rotating_match(const std::vector<std::uint64_t>& requests, std::uint32_t targets,
                    std::uint64_t turn, std::vector<std::uint32_t>& out,
                    const std::vector<std::uint32_t>* first = nullptr);

}  // namespace optinet::pops
