// Theorem 2's embedding (models/topology/split_hash_embedding.h) and the collision-free routes
// of its partial permutations (models/topology/mesh_routes.h): pure structure, no SystemC.
#include <gtest/gtest.h>

#include <set>
#include <tuple>
#include <vector>

#include "models/topology/mesh_routes.h"
#include "models/topology/split_hash_embedding.h"
#include "protocols/ocpc/dmob_funnel_plan.h"

namespace optinet::splithash {
namespace {

using topology::DmobIndexing;

struct Case {
  std::uint32_t k, d, a;
  std::uint64_t seed;
};

const Case kCases[] = {{4, 2, 2, 1}, {6, 2, 2, 7}, {8, 2, 3, 2},  {6, 3, 2, 3}, {8, 3, 2, 4},
                       {7, 3, 2, 5}, {8, 4, 2, 6}, {10, 3, 3, 8}, {9, 4, 2, 9}, {16, 2, 5, 10}};

/// Every funnel edge (x, h_j(x)) into every child c becomes the MOB edge (psi(x), bottom) for
/// the one iota of x: psi(x) and the bottom node share a bus of dimension i (or are the node).
TEST(DmobFunnelEmbedding, EveryFunnelEdgeIsOnAMobBus) {
  for (const Case& c : kCases) {
    const SplitHashShape shape{c.k, c.d, c.a};
    ASSERT_EQ(shape.invalid(), "") << c.k << " " << c.d << " " << c.a;
    const SplitHashWiring wiring(shape, c.seed);
    const SplitHashEmbedding e(wiring);
    const DmobIndexing mesh = e.mesh();
    for (std::uint32_t i = 1; i < c.d; ++i) {
      for (std::uint32_t x = 0; x < shape.n(); ++x) {
        for (std::uint32_t j = 0; j < shape.functions(i); ++j) {
          const std::uint32_t iota = e.part_of(i, x, j);
          ASSERT_LT(iota, e.parts(i));
          const std::uint32_t p = e.psi(i, x, j);
          for (std::uint32_t child = 0; child < c.k; ++child) {
            const std::uint32_t b = e.bottom(i, x, j, child);
            // The split&hash edge: same group of level i+1, child coordinate, index h_j(x).
            ASSERT_EQ(b / shape.power(i + 1), x / shape.power(i + 1));
            ASSERT_EQ(mesh.coordinate(b, i), child);
            ASSERT_EQ(b % shape.power(i), wiring.target(i, x, j));
            ASSERT_TRUE(p == b || (mesh.share_bus(p, b) && mesh.first_difference(p, b) == i))
                << "k " << c.k << " d " << c.d << " level " << i << " x " << x << " j " << j;
          }
        }
      }
    }
  }
}

/// Each psi_j^{i,iota} is a partial permutation inside each group of level i+1, and the iota
/// classes of a function cover every top node once; iota_i = a_i when a_i divides k^i.
TEST(DmobFunnelEmbedding, PsiArePartialPermutations) {
  for (const Case& c : kCases) {
    const SplitHashShape shape{c.k, c.d, c.a};
    const SplitHashWiring wiring(shape, c.seed);
    const SplitHashEmbedding e(wiring);
    for (std::uint32_t i = 1; i < c.d; ++i) {
      if (shape.power(i) % shape.functions(i) == 0) {
        EXPECT_EQ(e.parts(i), shape.functions(i));
      }
      EXPECT_GE(e.parts(i), shape.functions(i));
      for (std::uint32_t j = 0; j < shape.functions(i); ++j) {
        std::vector<int> covered(shape.n(), 0);
        for (std::uint32_t iota = 0; iota < e.parts(i); ++iota) {
          const std::vector<std::uint32_t> psi = e.partial_permutation(i, j, iota);
          std::set<std::uint32_t> image;
          for (std::uint32_t x = 0; x < shape.n(); ++x) {
            if (psi[x] == SplitHashEmbedding::kNone) continue;
            ++covered[x];
            ASSERT_EQ(psi[x] / shape.power(i + 1), x / shape.power(i + 1));
            ASSERT_TRUE(image.insert(psi[x]).second)
                << "psi not injective: k " << c.k << " d " << c.d << " i " << i << " j " << j;
          }
        }
        for (std::uint32_t x = 0; x < shape.n(); ++x) ASSERT_EQ(covered[x], 1);
      }
    }
  }
}

/// The routes of every psi deliver each packet to psi(x) in 2(i+1) - 1 phases, each along one
/// dimension, with every node holding at most one packet after every phase (so each phase sends
/// and receives at most one packet per node: no collision), and the hop table says exactly that.
TEST(DmobFunnelEmbedding, RoutesAreCollisionFree) {
  for (const Case& c : kCases) {
    const SplitHashShape shape{c.k, c.d, c.a};
    const SplitHashWiring wiring(shape, c.seed);
    const SplitHashEmbedding e(wiring);
    const DmobIndexing mesh = e.mesh();
    for (std::uint32_t i = 1; i < c.d; ++i) {
      for (std::uint32_t j = 0; j < shape.functions(i); ++j) {
        for (std::uint32_t iota = 0; iota < e.parts(i); ++iota) {
          const std::vector<std::uint32_t> psi = e.partial_permutation(i, j, iota);
          topology::RoutePaths paths;
          const topology::MeshRoutes r =
              topology::route_partial_permutation(mesh, i + 1, psi, &paths);
          ASSERT_EQ(r.dims.size(), 2 * i + 1);
          std::size_t q = 0;
          for (std::uint32_t x = 0; x < shape.n(); ++x) {
            if (psi[x] == SplitHashEmbedding::kNone) continue;
            ASSERT_EQ(paths[q].front(), x);
            ASSERT_EQ(paths[q].back(), psi[x]);
            for (std::size_t p = 0; p < r.dims.size(); ++p) {
              const std::uint32_t from = paths[q][p], to = paths[q][p + 1];
              if (from == to) continue;
              ASSERT_EQ(mesh.first_difference(from, to), r.dims[p]);
              ASSERT_TRUE(mesh.share_bus(from, to));
              ASSERT_EQ(r.hops[p][from].out(), mesh.coordinate(to, r.dims[p]));
              ASSERT_TRUE(r.hops[p][to].receives());
            }
            ++q;
          }
          for (std::size_t p = 0; p <= r.dims.size(); ++p) {
            std::set<std::uint32_t> at;
            for (const auto& path : paths) {
              ASSERT_TRUE(at.insert(path[p]).second) << "two packets at one node after phase " << p;
            }
          }
        }
      }
    }
  }
}

/// The edge colouring is proper on a dense multigraph (every vertex at full degree).
TEST(DmobFunnelEmbedding, BipartiteColouringIsProper) {
  const std::uint32_t vertices = 12, colours = 5;
  std::vector<std::uint32_t> left, right;
  for (std::uint32_t c = 0; c < colours; ++c) {
    for (std::uint32_t v = 0; v < vertices; ++v) {
      left.push_back(v);
      right.push_back((v * 7 + c * c + 3) % vertices);  // a permutation per c: regular degree
    }
  }
  const std::vector<std::uint32_t> colour =
      topology::colour_bipartite_edges(vertices, vertices, colours, left, right);
  std::set<std::tuple<int, std::uint32_t, std::uint32_t>> seen;
  for (std::size_t e = 0; e < left.size(); ++e) {
    ASSERT_LT(colour[e], colours);
    ASSERT_TRUE(seen.insert({0, left[e], colour[e]}).second);
    ASSERT_TRUE(seen.insert({1, right[e], colour[e]}).second);
  }
}

}  // namespace
}  // namespace optinet::splithash

namespace optinet::splithash {
namespace {

/// The last level of random-function and h-relation on the mesh runs on the buses of dimension
/// 0 (protocols/ocpc/dmob_line_ocpc.h): a level-1 node and every sink of its group of level 1
/// are one MOB node or share that bus, and coordinate 0 numbers them 0 .. k-1 on it.
TEST(DmobFunnelEmbedding, LevelOneGroupsAreBusesOfDimensionZero) {
  for (const Case& c : kCases) {
    const SplitHashShape shape{c.k, c.d, c.a};
    const DmobIndexing mesh(c.k, c.d);
    for (std::uint32_t x = 0; x < shape.n(); ++x) {
      std::set<std::uint32_t> locals;
      for (std::uint32_t y = x / c.k * c.k; y < (x / c.k + 1) * c.k; ++y) {
        ASSERT_TRUE(x == y || (mesh.share_bus(x, y) && mesh.first_difference(x, y) == 0))
            << "k " << c.k << " d " << c.d << " x " << x << " y " << y;
        ASSERT_EQ(mesh.with_coordinate(x, 0, mesh.coordinate(y, 0)), y);
        locals.insert(mesh.coordinate(y, 0));
      }
      ASSERT_EQ(locals.size(), c.k);
    }
  }
}

/// The preprocessing needs no communication: the plan is a function of the network's
/// parameters (k, d, a, network seed), which every node holds before any input, and not of the
/// run's settings; another network seed gives other routes.
TEST(DmobFunnelEmbedding, RoutesDependOnTheNetworkOnly) {
  const auto words = [](const ocpc::DmobFunnelPlan& plan) {
    std::vector<std::uint32_t> all;
    const SplitHashShape& shape = plan.shape();
    for (std::uint32_t i = 1; i < shape.depth; ++i) {
      for (std::uint32_t j = 0; j < shape.functions(i); ++j) {
        for (std::uint32_t iota = 0; iota < plan.embedding().parts(i); ++iota) {
          const topology::MeshRoutes& r = plan.route(i, j, iota);
          all.insert(all.end(), r.dims.begin(), r.dims.end());
          for (const auto& phase : r.hops) {
            for (const topology::RouteHop& hop : phase) all.push_back(hop.word);
          }
        }
      }
    }
    return all;
  };
  ocpc::DmobFunnelOptions one;
  one.a = 2;
  one.network_seed = 5;
  ocpc::DmobFunnelOptions other = one;
  other.batches = 3;
  other.round_limit = 7;
  other.applications = 1;
  other.thinning.rounds = 3;
  const ocpc::DmobFunnelPlan a(6, 3, one), b(6, 3, other);
  EXPECT_EQ(words(a), words(b));
  EXPECT_EQ(a.max_entries(), b.max_entries());
  ocpc::DmobFunnelOptions reseeded = one;
  reseeded.network_seed = 6;
  EXPECT_NE(words(a), words(ocpc::DmobFunnelPlan(6, 3, reseeded)));
}

}  // namespace
}  // namespace optinet::splithash
