#pragma once
/// \file
/// The machine's wired-OR line used as a collective: the largest value over all nodes.
#include <cstdint>

#include "models/core/node_context.h"

namespace optinet::ocpc {

/// The largest of every participating node's `value` (< 2^bits), by the wired-OR line: one slot
/// per bit from the highest (the first is the current slot), each node still a candidate raising
/// the line if its bit is 1; a candidate with a 0 bit drops out when the line is up. Every node
/// of the network that is still running must call it (the line is shared); values of 0 take part
/// silently.
std::uint64_t wired_or_max(NodeContext& node, std::uint64_t value, std::uint32_t bits);

}  // namespace optinet::ocpc
