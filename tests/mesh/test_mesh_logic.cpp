// Pure logic of the mesh synchronization trees: indexing schemes, the tree mapping by ranks
// (Assertions 1 and 2, Lemma 1), Lemma 2's quantities and the split of Figure 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "models/core/rng.h"
#include "models/topology/mesh_indexing.h"
#include "models/topology/sync_tree.h"
#include "protocols/mesh/split_logic.h"
#include "protocols/mesh/tree_routing.h"
#include "tests/support/sanitized.h"

using namespace optinet::mesh;
using optinet::mesh::Rank;

namespace {

// A table written as the mesh is drawn: first line the top row (y = n-1), x from left to right.
void expect_table(const MeshIndexing& ix, const std::vector<std::vector<std::uint32_t>>& rows) {
  const std::uint32_t n = ix.n();
  ASSERT_EQ(rows.size(), n);
  for (std::uint32_t line = 0; line < n; ++line)
    for (std::uint32_t x = 0; x < n; ++x) {
      const Coord c{x, n - 1 - line};
      EXPECT_EQ(ix.index(c), rows[line][x])
          << indexing_name(ix.scheme()) << " at (" << c.x << "," << c.y << ")";
      EXPECT_EQ(ix.coord(rows[line][x]), c);
    }
}

}  // namespace

TEST(MeshIndexing, EverySchemeIsABijection) {
  for (Indexing s : {Indexing::kRow, Indexing::kColumn, Indexing::kSnake, Indexing::kHilbert})
    for (std::uint32_t n : {1u, 2u, 3u, 4u, 5u, 8u, 16u, 64u}) {
      if (!indexing_unavailable(n, s).empty()) continue;
      const MeshIndexing ix(n, s);
      std::set<std::uint32_t> seen;
      for (std::uint32_t y = 0; y < n; ++y)
        for (std::uint32_t x = 0; x < n; ++x) {
          const std::uint32_t i = ix.index({x, y});
          ASSERT_LT(i, n * n);
          seen.insert(i);
          ASSERT_EQ(ix.coord(i), (Coord{x, y}));
        }
      EXPECT_EQ(seen.size(), n * n) << indexing_name(s) << " n=" << n;
    }
}

TEST(MeshIndexing, HilbertNeedsAPowerOfTwo) {
  EXPECT_FALSE(indexing_unavailable(12, Indexing::kHilbert).empty());
  EXPECT_TRUE(indexing_unavailable(12, Indexing::kSnake).empty());
  EXPECT_TRUE(indexing_unavailable(256, Indexing::kHilbert).empty());
  EXPECT_EQ(parse_indexing("hilbert"), Indexing::kHilbert);
  EXPECT_FALSE(parse_indexing("peano").has_value());
}

TEST(MeshIndexing, FourByFourTables) {
  expect_table(MeshIndexing(4, Indexing::kRow),
               {{12, 13, 14, 15}, {8, 9, 10, 11}, {4, 5, 6, 7}, {0, 1, 2, 3}});
  expect_table(MeshIndexing(4, Indexing::kColumn),
               {{3, 7, 11, 15}, {2, 6, 10, 14}, {1, 5, 9, 13}, {0, 4, 8, 12}});
  expect_table(MeshIndexing(4, Indexing::kSnake),
               {{15, 14, 13, 12}, {8, 9, 10, 11}, {7, 6, 5, 4}, {0, 1, 2, 3}});
  expect_table(MeshIndexing(4, Indexing::kHilbert),
               {{5, 6, 9, 10}, {4, 7, 8, 11}, {3, 2, 13, 12}, {0, 1, 14, 15}});
}

TEST(MeshIndexing, EightByEightHilbertTable) {
  // Four 4 x 4 curves: bottom-left transposed (0..15), top-left (16..31) and top-right
  // (32..47) as they are, bottom-right anti-transposed (48..63).
  expect_table(MeshIndexing(8, Indexing::kHilbert), {{21, 22, 25, 26, 37, 38, 41, 42},
                                                     {20, 23, 24, 27, 36, 39, 40, 43},
                                                     {19, 18, 29, 28, 35, 34, 45, 44},
                                                     {16, 17, 30, 31, 32, 33, 46, 47},
                                                     {15, 12, 11, 10, 53, 52, 51, 48},
                                                     {14, 13, 8, 9, 54, 55, 50, 49},
                                                     {1, 2, 7, 6, 57, 56, 61, 62},
                                                     {0, 3, 4, 5, 58, 59, 60, 63}});
  expect_table(MeshIndexing(8, Indexing::kSnake), {{63, 62, 61, 60, 59, 58, 57, 56},
                                                   {48, 49, 50, 51, 52, 53, 54, 55},
                                                   {47, 46, 45, 44, 43, 42, 41, 40},
                                                   {32, 33, 34, 35, 36, 37, 38, 39},
                                                   {31, 30, 29, 28, 27, 26, 25, 24},
                                                   {16, 17, 18, 19, 20, 21, 22, 23},
                                                   {15, 14, 13, 12, 11, 10, 9, 8},
                                                   {0, 1, 2, 3, 4, 5, 6, 7}});
}

TEST(MeshIndexing, HilbertNeighboursAndFactOne) {
  for (std::uint32_t n : {2u, 4u, 8u, 16u, 32u}) {
    const MeshIndexing ix(n, Indexing::kHilbert);
    for (std::uint32_t i = 0; i + 1 < n * n; ++i)
      ASSERT_EQ(distance(ix.coord(i), ix.coord(i + 1)), 1u);
    if (n > 16) continue;
    for (std::uint32_t i = 0; i < n * n; ++i)
      for (std::uint32_t j = i + 1; j < n * n; ++j)  // Fact 1: d(u, v) < 3 sqrt|I(u) - I(v)|
        ASSERT_LT(double(distance(ix.coord(i), ix.coord(j))), 3.0 * std::sqrt(double(j - i)));
  }
}

TEST(SyncTree, LocalLinksEqualTheMappingProcedure) {
  for (std::int64_t s = 1; s <= 300; ++s) {
    const auto tree = build_tree(s);
    EXPECT_EQ(tree[static_cast<std::size_t>(root_rank(s))].parent, kNoRank);
    for (std::int64_t r = 0; r < s; ++r)
      ASSERT_EQ(tree_links(s, r), tree[static_cast<std::size_t>(r)]) << s << " " << r;
  }
  EXPECT_EQ(root_rank(1), 0);
  EXPECT_EQ(root_rank(2), 1);
  EXPECT_EQ(root_rank(7), 3);
  EXPECT_EQ(root_rank(8), 4);
  // s = 5: 0..4, root 2; left {0,1} root 1, right {3,4} root 4.
  const auto t5 = build_tree(5);
  EXPECT_EQ(t5[2].left, 1);
  EXPECT_EQ(t5[2].right, 4);
  EXPECT_EQ(t5[1].left, 0);
  EXPECT_EQ(t5[4].left, 3);
  EXPECT_EQ(t5[0].right, kNoRank);
}

TEST(SyncTree, LemmaOneAndAssertionTwo) {
  for (std::int64_t s = 1; s <= 400; ++s) {
    const auto tree = build_tree(s);
    // Sub-tree rank ranges, children before parents.
    std::vector<std::int64_t> lo(tree.size()), hi(tree.size());
    std::vector<std::size_t> order(tree.size());
    for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return tree[a].depth > tree[b].depth; });
    std::uint32_t max_depth = 0;
    for (std::size_t r : order) {
      const auto& v = tree[r];
      max_depth = std::max(max_depth, v.depth);
      lo[r] = v.left == kNoRank ? std::int64_t(r) : lo[static_cast<std::size_t>(v.left)];
      hi[r] = v.right == kNoRank ? std::int64_t(r) : hi[static_cast<std::size_t>(v.right)];
      // Assertion 2: the left sub-tree ends at r - 1, the right one starts at r + 1.
      if (v.left != kNoRank) {
        ASSERT_EQ(hi[static_cast<std::size_t>(v.left)], std::int64_t(r) - 1);
      }
      if (v.right != kNoRank) {
        ASSERT_EQ(lo[static_cast<std::size_t>(v.right)], std::int64_t(r) + 1);
      }
      // Lemma 1: |rank u - rank v| <= ceil(s / 2^(k+2)), k the parent's depth.
      if (v.parent != kNoRank) {
        const std::int64_t k = v.depth - 1, diff = std::llabs(v.parent - std::int64_t(r));
        const std::int64_t bound = (s + (std::int64_t(1) << (k + 2)) - 1) >> (k + 2);
        ASSERT_LE(diff, bound) << "s=" << s << " r=" << r;
      }
      // Almost balanced: only parents of leaves may have one child.
      if ((v.left == kNoRank) != (v.right == kNoRank)) {
        const auto only = v.left != kNoRank ? v.left : v.right;
        ASSERT_EQ(tree[static_cast<std::size_t>(only)].left, kNoRank);
        ASSERT_EQ(tree[static_cast<std::size_t>(only)].right, kNoRank);
      }
    }
    EXPECT_EQ(lo[static_cast<std::size_t>(root_rank(s))], 0);
    EXPECT_EQ(hi[static_cast<std::size_t>(root_rank(s))], s - 1);
    EXPECT_LE(max_depth, std::uint32_t(std::ceil(std::log2(double(s) + 1))));
  }
}

TEST(SplitLogic, LemmaTwoQuantitiesEqualABruteForceCount) {
  optinet::Rng rng = optinet::Rng::stream(7, 0, 0);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t s = 1 + rng.next() % 200;
    const std::uint64_t p = rng.next() % 101;  // percent of state 1
    std::vector<int> states(s);
    for (auto& st : states) st = (rng.next() % 100) < p ? 1 : 0;
    const auto v = optinet::mesh::reference_passes(states);
    const auto tree = build_tree(static_cast<std::int64_t>(s));
    // Sub-tree membership by walking up from every vertex.
    for (std::size_t u = 0; u < s; ++u) {
      Rank fl[2] = {0, 0}, fr[2] = {0, 0}, b[2] = {0, 0}, t[2] = {0, 0};
      Rank ml[2] = {optinet::mesh::kMinusInfinity, optinet::mesh::kMinusInfinity};
      Rank mr[2] = {optinet::mesh::kMinusInfinity, optinet::mesh::kMinusInfinity};
      Rank seen[2] = {0, 0};
      for (std::size_t w = 0; w < s; ++w) {
        const int x = states[w];
        const Rank new_rank = seen[x]++;
        ++t[x];
        if (w < u) ++b[x];
        std::size_t a = w;  // is w below u, and on which side?
        while (tree[a].parent != kNoRank && std::size_t(tree[a].parent) != u)
          a = static_cast<std::size_t>(tree[a].parent);
        if (w == u || tree[a].parent == kNoRank) continue;
        if (std::int64_t(a) == tree[u].left) {
          ++fl[x];
          ml[x] = std::max(ml[x], new_rank);
        } else {
          ++fr[x];
          mr[x] = std::max(mr[x], new_rank);
        }
      }
      for (int x = 0; x < 2; ++x) {
        ASSERT_EQ(v[u].f_left[x], fl[x]);
        ASSERT_EQ(v[u].f_right[x], fr[x]);
        ASSERT_EQ(v[u].t[x], t[x]);
        ASSERT_EQ(v[u].b[x], b[x]);
        ASSERT_EQ(v[u].m_left(x), ml[x]);
        ASSERT_EQ(v[u].m_right(x), mr[x]);
        ASSERT_EQ(v[u].new_rank(x), b[x] + (states[u] == x ? 1 : 0) - 1);
      }
    }
  }
}

TEST(SplitLogic, EveryLabellingOfEveryGroupUpToSixteen) {
  // A group's split depends only on its members' rank order, so every 0/1 labelling of every
  // group size up to 16 covers every labelling of every sub-group of a 4 x 4 mesh.
  for (std::size_t s = 1; s <= 16; ++s)
    for (std::uint32_t bits = 0; bits < (1u << s); bits += optinet::test::kSanitizedStride) {
      std::vector<int> states(s);
      for (std::size_t r = 0; r < s; ++r) states[r] = (bits >> r) & 1;
      const auto got = optinet::mesh::reference_split(states);
      const auto want = optinet::mesh::mapped_split(states);
      ASSERT_EQ(got.size(), want.size());
      for (std::size_t r = 0; r < s; ++r)
        ASSERT_TRUE(got[r] == want[r]) << "s=" << s << " labels=" << bits << " rank " << r;
    }
}

TEST(SplitLogic, AppendixStyleExample) {
  // Figure 6: odd ranks in state 0, even ranks in state 1.
  std::vector<int> states(15);
  for (std::size_t r = 0; r < states.size(); ++r) states[r] = r % 2 == 0 ? 1 : 0;
  const auto got = optinet::mesh::reference_split(states);
  // T^1 = ranks 0,2,..,14 (8 vertices, root new rank 4 = original 8); T^0 = 1,3,..,13 (7
  // vertices, root new rank 3 = original 7).
  EXPECT_EQ(got[8].parent, kNoRank);
  EXPECT_EQ(got[8].adjacent_root, 7);
  EXPECT_EQ(got[7].parent, kNoRank);
  EXPECT_EQ(got[7].adjacent_root, 8);
  EXPECT_EQ(got[8].left, 4);    // new rank 2
  EXPECT_EQ(got[8].right, 12);  // new rank 6
  EXPECT_EQ(got[7].left, 3);    // new rank 1
  EXPECT_EQ(got[7].right, 11);  // new rank 5
}

// ---------------------------------------------------------------------------------------------
// The worst-case sub-groups of Theorems 1-3 and the bounds of Theorems 1 and 2.
#include "testbenches/mesh/mesh_worst_case.h"

TEST(WorstCase, TheoremOneGroupAsTheProofBuildsIt) {
  // n = 16, w = 16: squares of 4 nodes get 1, 2 and 4 marked nodes, w/2 - 1 in all.
  const auto g = theorem1_group(16, 2);
  EXPECT_EQ(g.size(), 7u);
  const MeshIndexing ix(16, Indexing::kHilbert);
  for (std::size_t r = 1; r < g.size(); ++r) EXPECT_LT(ix.index(g[r - 1]), ix.index(g[r]));
  // Distinct squares are at least sqrt(w)/2 apart, and the tree has depth log w - 2.
  EXPECT_GE(longest_leaf_root_path(g), 4u);
  for (std::uint32_t n : {16u, 32u, 64u}) {
    std::uint64_t best = 0;
    for (std::uint32_t q = 1; (1u << q) <= n; ++q)
      best = std::max(best, longest_leaf_root_path(theorem1_group(n, q)));
    const double lg = std::log2(double(n));
    EXPECT_LE(double(best), 3 * std::sqrt(2.0) * n * std::sqrt(lg));
    EXPECT_GE(double(best), 0.5 * n / std::sqrt(2.0) * std::sqrt(lg));
  }
}

TEST(WorstCase, TheoremThreeEveryEdgeCrossesTheMesh) {
  for (Indexing s : {Indexing::kRow, Indexing::kColumn, Indexing::kSnake})
    for (std::uint32_t n : {8u, 16u, 32u, 64u}) {
      const auto g = theorem3_group(n, s);  // throws if not in index order
      const auto tree = build_tree(static_cast<std::int64_t>(g.size()));
      std::uint32_t depth = 0;
      for (std::size_t r = 0; r < g.size(); ++r) {
        depth = std::max(depth, tree[r].depth);
        if (tree[r].parent != kNoRank) {
          ASSERT_GE(distance(g[r], g[static_cast<std::size_t>(tree[r].parent)]), n - 1);
        }
      }
      EXPECT_GE(longest_leaf_root_path(g), std::uint64_t(depth) * (n - 1));
    }
}

TEST(WorstCase, TheoremOneUpperBoundOnRandomSubGroups) {
  optinet::Rng rng = optinet::Rng::stream(11, 0, 0);
  for (std::uint32_t n : {8u, 16u, 32u}) {
    const MeshIndexing ix(n, Indexing::kHilbert);
    const double bound = 3 * std::sqrt(2.0) * n * std::sqrt(std::log2(double(n)));
    for (int trial = 0; trial < 100; ++trial) {
      std::vector<bool> member(n * n);
      const double p = rng.unit();
      bool any = false;
      for (std::size_t i = 0; i < member.size(); ++i) any |= (member[i] = rng.unit() < p);
      if (!any) continue;
      ASSERT_LE(double(longest_leaf_root_path(members_in_rank_order(ix, member))), bound);
    }
  }
}

TEST(WorstCase, TheoremTwoBoundsOnEquidistantGroups) {
  for (std::uint32_t n : {4u, 8u, 16u, 32u, 64u}) {
    const MeshIndexing ix(n, Indexing::kHilbert);
    for (std::uint32_t stride : {1u, 2u, 3u, 5u, n - 1, n + 1, 4 * n}) {
      const auto g = equidistant_group(ix, stride);
      const double s = double(g.size());
      // The proof's sum: 3 * sum over levels i < ceil(log s) of sqrt(r * ceil(s / 2^(i+2))).
      double sum = 0;
      for (int i = 0; i < int(std::ceil(std::log2(s))); ++i)
        sum += std::sqrt(double(stride) * std::ceil(s / std::pow(2.0, i + 2)));
      ASSERT_LE(double(longest_leaf_root_path(g)), 3 * sum) << n << " " << stride;
    }
  }
}

namespace {
using optinet::mesh::analyse_tree_routing;
using optinet::mesh::TreeQueues;
}  // namespace

TEST(TreeRouting, HandCheckedThreeVertices) {
  // s = 3, all in state 0: the new tree is the old one (root 1, children 0 and 2). Problem 0
  // (to the parent): 0 -> 1 and 2 -> 1, one step; problem 1: 1 -> 0; problem 2: 1 -> 2. At
  // once, the four packets use four different directed links (one step), but with one queue
  // per vertex, vertex 1's two packets leave one after the other (two steps).
  const auto link = analyse_tree_routing({0, 0, 0}, TreeQueues::kPerLink);
  EXPECT_EQ(link.problem_steps[0], 1u);
  EXPECT_EQ(link.problem_steps[1], 1u);
  EXPECT_EQ(link.problem_steps[2], 1u);
  EXPECT_EQ(link.problem_steps[3] + link.problem_steps[4] + link.problem_steps[5], 0u);
  EXPECT_EQ(link.problem_steps[6], 0u);  // no other sub-group, no roots' exchange
  EXPECT_EQ(link.steps_one_by_one, 3u);
  EXPECT_EQ(link.steps_at_once, 1u);
  EXPECT_EQ(link.lemma4_max_packets, 1);
  EXPECT_DOUBLE_EQ(link.lemma4_max_ratio, 1.0 / 6.0);   // 3 ceil(log2 3) = 6
  EXPECT_DOUBLE_EQ(link.lemma5_max_ratio, 1.0 / 16.0);  // 8 ceil(log2 3) = 16
  const auto single = analyse_tree_routing({0, 0, 0}, TreeQueues::kPerVertex);
  EXPECT_EQ(single.steps_at_once, 2u);
  EXPECT_EQ(single.steps_one_by_one, 3u);
}

TEST(TreeRouting, HandCheckedTwoSubGroups) {
  // s = 2, states (0, 1): tree 0 <- root 1. Each sub-group has one vertex, so the only packets
  // are the roots' exchange: 0 -> 1 and 1 -> 0, one step, over the one edge each way.
  const auto r = analyse_tree_routing({0, 1}, TreeQueues::kPerLink);
  EXPECT_EQ(r.problem_steps[6], 1u);
  EXPECT_EQ(r.steps_at_once, 1u);
  EXPECT_EQ(r.lemma4_max_packets, 0);
  EXPECT_EQ(r.all_problems_max_packets, 1);
}

TEST(TreeRouting, LemmasFourAndFiveOverManySeeds) {
  // Random labellings of random density (as section 5 draws them), sizes 2..4096: no link of a
  // problem carries more than 3 ceil(log2 s_u) packets, no problem takes more than
  // 8 ceil(log2 s) tree steps; the bounds are approached (the ratios are not trivially 0).
  double worst4 = 0, worst5 = 0;
  std::uint64_t slower_single = 0, cases = 0;
  for (std::int64_t s : {2, 3, 5, 8, 13, 16, 31, 64, 100, 255, 256, 1000, 4096})
    for (std::uint64_t seed = 1; seed <= (s > 1000 ? 10u : 200u);
         seed += optinet::test::kSanitizedStride) {
      auto rng = optinet::Rng::stream(seed, 7, std::uint64_t(s));
      const double density = rng.unit();
      std::vector<int> states(static_cast<std::size_t>(s));
      for (int& x : states) x = rng.unit() < density ? 1 : 0;
      const auto r = analyse_tree_routing(states, TreeQueues::kPerLink);
      ASSERT_EQ(r.lemma4_violations, 0) << "s " << s << " seed " << seed;
      ASSERT_EQ(r.lemma5_violations, 0) << "s " << s << " seed " << seed;
      worst4 = std::max(worst4, r.lemma4_max_ratio);
      worst5 = std::max(worst5, r.lemma5_max_ratio);
      ASSERT_LE(r.steps_at_once, r.steps_one_by_one);
      const auto single = analyse_tree_routing(states, TreeQueues::kPerVertex);
      ASSERT_GE(single.steps_at_once, r.steps_at_once);
      slower_single += single.steps_at_once > r.steps_at_once;
      ++cases;
    }
  EXPECT_GT(worst4, 0.5);
  EXPECT_GT(worst5, 0.2);
  EXPECT_GT(slower_single, cases / 2);  // one queue per vertex costs steps on most splits
}
