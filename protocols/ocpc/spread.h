#pragma once
/// \file
/// Spreading packets evenly over the members of one bus by their prefix ranks, as OCPC
/// communication steps: split&hash's redistribution (protocols/splithash/redistribute.h) and
/// the D-dimensional MOB's (protocols/ocpc/dmob_h_relation.h) run it on a bus of a set of nodes.
#include <cstdint>
#include <vector>

#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

/// Every member of `bus` (OCPC processors 0 .. p-1) in the same step, with `left` (its
/// packets) and `most`, the most packets any member of any set holds: a prefix sum of the
/// counts, then 2 most steps moving each packet of rank r to member r mod p in window r / p.
/// Afterwards `left` is what the member holds. The prefix is padded to `scan_max` steps (the
/// longest of the level's sets), so the whole takes scan_max + 2 most steps.
void spread_over_bus(OcpcNodeContext& bus, std::uint64_t most, std::vector<Packet>& left,
                     std::uint32_t scan_max);

/// The member and window of rank r in a set of `size` members: the packet goes to member
/// r mod size in window r / size (windows >= 2: the packet stays).
struct RankPlace {
  std::uint64_t member;
  std::uint64_t window;
};
inline RankPlace place_of(std::uint64_t rank, std::uint64_t size) {
  return RankPlace{rank % size, rank / size};
}

}  // namespace optinet::ocpc
