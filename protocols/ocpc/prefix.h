#pragma once
/// \file
/// Parallel prefix (scan) over a NodeGroup as OCPC communication steps: every member calls
/// scan() in the same step with its value, and after scan_steps(size) steps knows the inclusive
/// prefix over ranks 0..r and the total over the group. Two words are scanned at once (the two
/// control words of a Message), each with its own operator. Every step is contention-free
/// (each member sends to at most one member and receives from at most one), so disjoint groups
/// may scan at the same time; a missing message is a protocol error (std::logic_error).
///  * size a power of two: recursive doubling, log2(size) steps: in step d, rank r exchanges
///    its block total with rank r xor 2^d and adds it to its prefix if that rank is lower.
///  * other sizes: Hillis-Steele (rank r sends its prefix to r + 2^d) in ceil(log2 size)
///    steps, then the last rank's prefix (the total) is broadcast by doubling in as many steps.
#include <array>
#include <cstdint>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/node_group.h"

namespace optinet::ocpc {

enum class ScanOp : std::uint8_t { kSum, kMax };

using ScanWords = std::array<std::uint64_t, 2>;
using ScanOps = std::array<ScanOp, 2>;

struct ScanResult {
  ScanWords inclusive{};  ///< op over ranks 0..r
  ScanWords total{};      ///< op over the whole group
};

/// Communication steps scan() takes on a group of `size` members.
std::uint32_t scan_steps(std::uint32_t size);

/// Combines two words under `op`.
std::uint64_t combine(ScanOp op, std::uint64_t a, std::uint64_t b);

/// Runs the scan for this node, a member of `group`.
ScanResult scan(OcpcNodeContext& node, const NodeGroup& group, const ScanWords& value,
                const ScanOps& ops);

}  // namespace optinet::ocpc
