#pragma once
/// \file
/// The sub-groups of the proofs of Theorems 1-3 (Chochia, Cole & Heywood, section 2), built as
/// the proofs build them, and the equidistant sub-groups of Theorem 2; each is returned as the
/// members' coordinates in rank order, ready for longest_leaf_root_path().
#include <cstdint>
#include <vector>

#include "models/topology/sync_tree.h"

namespace optinet::mesh {

/// Theorem 1 on the Hilbert indexed n x n mesh (n a power of two), sub-meshes of w = 4^q nodes:
/// the lower-left quarter of every sub-mesh is a marked square; square k along the curve gets
/// the first 2^k of its nodes (in index order) until a square is full (w/4) or squares run out.
std::vector<Coord> theorem1_group(std::uint32_t n, std::uint32_t q);

/// Theorem 3: a perfect tree of 2^k - 1 vertices placed so that every vertex is about a row's
/// width from its parent. Row major: n/2 <= 2^k - 1 <= n, vertices at an even distance from
/// the leaves on the left end of successive rows, the others at the right end of the row of
/// the rank before. Snake: n/4 <= 2^k - 1 <= n/2, the even-distance vertices on even rows only.
/// Column major: the row-major group transposed.
std::vector<Coord> theorem3_group(std::uint32_t n, Indexing scheme);

/// Theorem 2: the nodes of indices offset, offset + stride, ... (all below n^2).
std::vector<Coord> equidistant_group(const MeshIndexing& ix, std::uint32_t stride,
                                     std::uint32_t offset = 0);

}  // namespace optinet::mesh
