#include "models/topology/sync_tree.h"

#include <algorithm>
#include <stdexcept>

namespace optinet::mesh {

TreeLinks tree_links(std::int64_t s, std::int64_t r) {
  if (s < 1 || r < 0 || r >= s) throw std::out_of_range("tree_links: rank outside 0..s-1");
  TreeLinks out;
  std::int64_t lo = 0, hi = s - 1, parent = kNoRank;
  std::uint32_t depth = 0;
  while (true) {
    const std::int64_t root = range_root(lo, hi);
    if (root == r) {
      out.parent = parent;
      out.left = root > lo ? range_root(lo, root - 1) : kNoRank;
      out.right = root < hi ? range_root(root + 1, hi) : kNoRank;
      out.depth = depth;
      return out;
    }
    parent = root;
    ++depth;
    if (r < root)
      hi = root - 1;
    else
      lo = root + 1;
  }
}

namespace {
void build_range(std::vector<TreeLinks>& tree, std::int64_t lo, std::int64_t hi,
                 std::int64_t parent, std::uint32_t depth) {
  if (lo > hi) return;
  const std::int64_t root = range_root(lo, hi);
  TreeLinks& v = tree[static_cast<std::size_t>(root)];
  v.parent = parent;
  v.depth = depth;
  v.left = root > lo ? range_root(lo, root - 1) : kNoRank;
  v.right = root < hi ? range_root(root + 1, hi) : kNoRank;
  build_range(tree, lo, root - 1, root, depth + 1);
  build_range(tree, root + 1, hi, root, depth + 1);
}
}  // namespace

std::vector<TreeLinks> build_tree(std::int64_t s) {
  std::vector<TreeLinks> tree(static_cast<std::size_t>(std::max<std::int64_t>(s, 0)));
  build_range(tree, 0, s - 1, kNoRank, 0);
  return tree;
}

std::vector<Coord> members_in_rank_order(const MeshIndexing& ix, const std::vector<bool>& member) {
  std::vector<Coord> out;
  for (std::uint32_t i = 0; i < member.size(); ++i)
    if (member[i]) out.push_back(ix.coord(i));
  return out;
}

std::uint64_t longest_leaf_root_path(const std::vector<Coord>& ranked) {
  const auto tree = build_tree(static_cast<std::int64_t>(ranked.size()));
  // Path length to the root, memoised in rank order of depth (parents before children).
  std::vector<std::size_t> order(tree.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return tree[a].depth < tree[b].depth; });
  std::vector<std::uint64_t> to_root(tree.size(), 0);
  std::uint64_t longest = 0;
  for (std::size_t r : order) {
    if (tree[r].parent != kNoRank) {
      const auto p = static_cast<std::size_t>(tree[r].parent);
      to_root[r] = to_root[p] + distance(ranked[r], ranked[p]);
    }
    longest = std::max(longest, to_root[r]);
  }
  return longest;
}

}  // namespace optinet::mesh
