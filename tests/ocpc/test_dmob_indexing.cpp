/// \file
/// The D-dimensional MOB's indexing (models/topology/dmob_indexing.h): coordinates and ids are a
/// bijection, every bus attaches exactly the K nodes of one line, lines of a dimension partition
/// the nodes, and two nodes share a bus iff they differ in one coordinate. Pure: no simulation.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "models/topology/dmob_indexing.h"
#include "protocols/ocpc/dim_order.h"

namespace optinet {
namespace {

using topology::DmobIndexing;

struct Size {
  std::uint32_t k;
  std::uint32_t dim;
};

class DmobIndexingTest : public testing::TestWithParam<Size> {};

TEST_P(DmobIndexingTest, CoordinatesAndIdsAreABijection) {
  const DmobIndexing m(GetParam().k, GetParam().dim);
  std::uint64_t n = 1;
  for (std::uint32_t j = 0; j < m.dim(); ++j) n *= m.k();
  ASSERT_EQ(m.nodes(), n);
  std::set<std::vector<std::uint32_t>> seen;
  for (std::uint32_t id = 0; id < m.nodes(); ++id) {
    const std::vector<std::uint32_t> x = m.coordinates(id);
    for (std::uint32_t v : x) ASSERT_LT(v, m.k());
    ASSERT_EQ(m.node(x), id);
    seen.insert(x);
  }
  EXPECT_EQ(seen.size(), m.nodes());
}

TEST_P(DmobIndexingTest, EachLineIsOneBusOfKNodes) {
  const DmobIndexing m(GetParam().k, GetParam().dim);
  for (std::uint32_t j = 0; j < m.dim(); ++j) {
    std::vector<std::uint32_t> covered(m.nodes(), 0);
    for (std::uint32_t line = 0; line < m.lines_per_dimension(); ++line) {
      const std::uint32_t first = m.line_first(line, j);
      ASSERT_EQ(m.coordinate(first, j), 0U);
      for (std::uint32_t i = 0; i < m.k(); ++i) {
        const std::uint32_t id = first + i * m.stride(j);
        ASSERT_LT(id, m.nodes());
        ++covered[id];
        EXPECT_EQ(m.line(id, j), line);
        EXPECT_EQ(m.bus(id, j), j * m.lines_per_dimension() + line);
        EXPECT_EQ(m.local_index(id, j), i);
        // The nodes of a line differ from its first node in coordinate j only.
        for (std::uint32_t o = 0; o < m.dim(); ++o) {
          if (o != j) {
            EXPECT_EQ(m.coordinate(id, o), m.coordinate(first, o));
          }
        }
      }
    }
    for (std::uint32_t c : covered) ASSERT_EQ(c, 1U);  // the lines partition the nodes
  }
}

TEST_P(DmobIndexingTest, NodesShareABusIffTheyDifferInOneCoordinate) {
  const DmobIndexing m(GetParam().k, GetParam().dim);
  const std::uint32_t limit = std::min<std::uint32_t>(m.nodes(), 64);
  for (std::uint32_t a = 0; a < limit; ++a) {
    for (std::uint32_t b = 0; b < m.nodes(); ++b) {
      std::uint32_t same_lines = 0;
      for (std::uint32_t j = 0; j < m.dim(); ++j) same_lines += m.line(a, j) == m.line(b, j);
      const bool share = a != b && same_lines > 0;
      ASSERT_EQ(m.share_bus(a, b), share) << a << " " << b;
      if (a == b) {
        EXPECT_EQ(m.first_difference(a, b), m.dim());
        continue;
      }
      const std::uint32_t j = m.first_difference(a, b);
      ASSERT_LT(j, m.dim());
      const std::uint32_t hop = m.with_coordinate(a, j, m.coordinate(b, j));
      EXPECT_TRUE(m.share_bus(a, hop));
      EXPECT_EQ(m.distance(hop, b), m.distance(a, b) - 1);
      EXPECT_EQ(m.line(a, j), m.line(hop, j));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, DmobIndexingTest,
                         testing::Values(Size{2, 1}, Size{5, 1}, Size{2, 2}, Size{3, 2}, Size{4, 3},
                                         Size{3, 4}, Size{2, 6}),
                         [](const testing::TestParamInfo<Size>& info) {
                           return "k" + std::to_string(info.param.k) + "_d" +
                                  std::to_string(info.param.dim);
                         });

TEST(DmobIndexing, TwoDimensionsAreTheMobPcRowsAndColumns) {
  // D = 2: id = row * K + column; dimension 0 is the row bus (local index = column), dimension
  // 1 the column bus (local index = row), as in MobNetwork.
  const DmobIndexing m(5, 2);
  for (std::uint32_t id = 0; id < 25; ++id) {
    EXPECT_EQ(m.coordinate(id, 0), id % 5);
    EXPECT_EQ(m.coordinate(id, 1), id / 5);
    EXPECT_EQ(m.line(id, 0), id / 5);  // row bus number = row
    EXPECT_EQ(m.line(id, 1), id % 5);  // column bus number = column
  }
  EXPECT_EQ(m.line_first(3, 0), 15U);
  EXPECT_EQ(m.line_first(3, 1), 3U);
  EXPECT_EQ(m.stride(1), 5U);
}

TEST(DmobIndexing, FitsRefusesOverflowAndLargeNetworks) {
  EXPECT_TRUE(DmobIndexing::fits(16, 4, 1 << 16));
  EXPECT_FALSE(DmobIndexing::fits(16, 4, (1 << 16) - 1));
  EXPECT_TRUE(DmobIndexing::fits(2, 18, 1 << 18));
  EXPECT_FALSE(DmobIndexing::fits(2, 19, 1 << 18));
  EXPECT_FALSE(DmobIndexing::fits(1000000, 1000000, 1 << 18));  // no overflow on the way
  EXPECT_FALSE(DmobIndexing::fits(std::uint64_t{1} << 40, 2, 1 << 18));
}

TEST(DimOrderNextHop, CorrectsOneCoordinatePerHopLowestDimensionFirst) {
  // The route of dim-order from every node to every node: each hop on a bus (can_send), the
  // dimensions in increasing order, exactly distance(a, b) hops.
  ocpc::OcpcShape shape;
  shape.topology = ocpc::Topology::kDmob;
  shape.p = 3;
  shape.dim = 3;
  const DmobIndexing m = shape.mesh();
  for (std::uint32_t a = 0; a < m.nodes(); ++a) {
    for (std::uint32_t b = 0; b < m.nodes(); ++b) {
      std::uint32_t at = a, hops = 0, last_dimension = 0;
      while (at != b) {
        const std::uint32_t next = ocpc::dim_order_next_hop(shape, at, b);
        ASSERT_TRUE(shape.can_send(at, next)) << at << " -> " << next;
        const std::uint32_t j = m.first_difference(at, next);
        ASSERT_GE(j, last_dimension);
        ASSERT_EQ(m.coordinate(next, j), m.coordinate(b, j));
        last_dimension = j;
        at = next;
        ASSERT_LE(++hops, m.dim());
      }
      EXPECT_EQ(hops, m.distance(a, b));
    }
  }
}

TEST(DimOrderNextHop, OnTheMobPcIsRowThenColumn) {
  // The MOB-PC's row-column route is dim-order with D = 2 (row = x1, column = x0).
  ocpc::OcpcShape mob;
  mob.topology = ocpc::Topology::kMob;
  mob.p = 4;
  ocpc::OcpcShape dmob = mob;
  dmob.topology = ocpc::Topology::kDmob;
  dmob.dim = 2;
  for (NodeId a = 0; a < 16; ++a) {
    for (NodeId b = 0; b < 16; ++b) {
      if (a == b) continue;
      const NodeId expected =
          mob.column(a) != mob.column(b) ? mob.node(mob.row(a), mob.column(b)) : b;
      EXPECT_EQ(ocpc::dim_order_next_hop(mob, a, b), expected);
      EXPECT_EQ(ocpc::dim_order_next_hop(dmob, a, b), expected);
      EXPECT_EQ(mob.can_send(a, b), dmob.can_send(a, b));
    }
  }
  EXPECT_EQ(mob.n(), dmob.n());
}

}  // namespace
}  // namespace optinet
