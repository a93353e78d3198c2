#pragma once
/// \file
/// Theorem 4 (a)'s redistribution of the remainder before the random-function algorithm:
/// "partitioning the top node sets into distinct sets of size O(log^3 k^(i+1)) ... each set
/// contains at most 2 * size packets, which can be distributed using a parallel prefix
/// algorithm on each set", so that each node holds at most two packets.
///
/// Reading 18 (docs/splithash-model.md): the sets are the top nodes of one bus of h_0 below a
/// group of level L (the nodes t of the group with the same h_0(t); about k a_(L-1) nodes, and
/// uniform: each h_0 preimage has k^L / b_(L-1) nodes). They can talk to each other directly:
/// the bus is an optical crossbar. Any packet may move within its group of level L (its coarse
/// path below level L depends only on the group), so the set is a valid one to balance over.
/// Communication steps, every node of the network in step:
///  1. c_max, the most packets any node of level L holds, by the wired-OR line (16 slots). If
///     c_max <= 2 nothing moves and the redistribution ends here.
///  2. A prefix sum of the counts over each set (ocpc::scan on the bus, padded to the longest
///     set of the level): the packets of the set get ranks 0 .. C-1 in member order.
///  3. 2 c_max steps: in step (w, u) every member sends its u-th packet if its rank r has
///     r / S = w (S the set's size), to member r mod S. Ranks >= 2S (more than 2S packets in a
///     set, unlikely) stay where they are. Each member sends at most one packet a step and
///     receives at most one (the rank w S + m is unique), so no step collides.
/// Afterwards a member holds its received packets and those it kept (ranks that map to itself,
/// or >= 2S): at most two when C <= 2S.
#include <cstdint>
#include <vector>

#include "models/splithash/splithash_node.h"

namespace optinet::splithash {

/// Runs the redistribution of level `level` (>= 2) for this node; a node of that level passes
/// its remainder in `left`, which it holds afterwards; other nodes pass theirs (untouched).
void redistribute(SplitHashNodeContext& node, std::uint32_t level, std::vector<Packet>& left);

}  // namespace optinet::splithash
