#pragma once
/// \file
/// Bitonic sort (Batcher) over a NodeGroup of power-of-two size as OCPC communication steps:
/// every member holds one Message and calls bitonic_sort() in the same step; after
/// bitonic_steps(size) = log2(size) * (log2(size) + 1) / 2 steps the member of rank r holds the
/// r-th smallest message by the key (control[0], control[1]) (callers mark "no message" with
/// control[0] = kNoKey, which sorts last). Each step is one compare-exchange stage: partners
/// swap their messages (each sends one and receives one, contention-free) and keep the smaller
/// or the larger. Disjoint groups may sort at the same time.
#include <cstdint>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/node_group.h"

namespace optinet::ocpc {

/// The key of an empty position: sorts after every real key.
inline constexpr std::uint64_t kNoKey = ~std::uint64_t{0};

/// The comparator a rank takes part in at stage (block, distance) of the network: its partner,
/// and whether it keeps the smaller of the two.
struct BitonicExchange {
  std::uint32_t partner = 0;
  bool keep_smaller = true;
};

/// block = 2, 4, ..., size (the size of the bitonic sequences being merged), distance =
/// block/2, ..., 1: partner = rank xor distance; the pair sorts ascending when rank & block is 0.
BitonicExchange bitonic_exchange(std::uint32_t rank, std::uint32_t block, std::uint32_t distance);

/// Communication steps bitonic_sort() takes on `size` members (a power of two).
std::uint32_t bitonic_steps(std::uint32_t size);

/// True if a sorts before b: by (control[0], control[1]).
inline bool sorts_before(const Message& a, const Message& b) {
  return a.control[0] != b.control[0] ? a.control[0] < b.control[0] : a.control[1] < b.control[1];
}

/// Runs the sort for this node, a member of `group` (size a power of two); returns the message
/// this node holds at the end. A missing partner message is a protocol error (std::logic_error).
Message bitonic_sort(OcpcNodeContext& node, const NodeGroup& group, const Message& mine);

}  // namespace optinet::ocpc
