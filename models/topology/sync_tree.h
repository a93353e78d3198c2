#pragma once
/// \file
/// The almost balanced binary synchronization tree of a sub-group by ranks (Chochia, Cole &
/// Heywood, section 2). The members of a sub-group of size s have ranks 0..s-1 in index order;
/// the root of a rank range [lo, hi] is lo + ceil((hi - lo) / 2), its left sub-tree the range
/// below it and its right sub-tree the range above it, recursively. (The text's "U'_< holds
/// ranks > rank u" is a slip: Assertion 2 and Lemma 1's proof put smaller ranks on the left.)
#include <cstdint>
#include <vector>

#include "models/topology/mesh_indexing.h"

namespace optinet::mesh {

constexpr std::int64_t kNoRank = -1;

/// The tree neighbours of one vertex, as ranks (kNoRank where there is none), and its depth
/// (edges to the root).
struct TreeLinks {
  std::int64_t parent = kNoRank;
  std::int64_t left = kNoRank;
  std::int64_t right = kNoRank;
  std::uint32_t depth = 0;
  bool operator==(const TreeLinks& o) const {
    return parent == o.parent && left == o.left && right == o.right && depth == o.depth;
  }
};

/// The root of the ranks lo..hi (lo <= hi).
inline std::int64_t range_root(std::int64_t lo, std::int64_t hi) { return lo + (hi - lo + 1) / 2; }

/// Root rank of a tree of size s >= 1: ceil((s - 1) / 2).
inline std::int64_t root_rank(std::int64_t s) { return range_root(0, s - 1); }

/// Assertion 1: the parent and children ranks of rank r in the tree of size s, by descending
/// from the root (O(log s) steps, local to the vertex).
TreeLinks tree_links(std::int64_t s, std::int64_t r);

/// The whole tree of size s by the recursive mapping procedure itself (a reference for tests
/// and checkers): element r holds rank r's links.
std::vector<TreeLinks> build_tree(std::int64_t s);

/// The member coordinates of a sub-group in rank order: the nodes whose label is set, sorted by
/// index (member[i] == true for mesh index i).
std::vector<Coord> members_in_rank_order(const MeshIndexing& ix, const std::vector<bool>& member);

/// The largest number of mesh links a packet crosses from a leaf to the root on the sub-group's
/// tree (links between tree neighbours counted as Manhattan distances, as Theorems 1-3 count).
std::uint64_t longest_leaf_root_path(const std::vector<Coord>& ranked);

}  // namespace optinet::mesh
