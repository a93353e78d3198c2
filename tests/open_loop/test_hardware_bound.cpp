/// \file
/// The hardware bound (testbenches/open_loop/hardware_bound.h): the linear program's value against
/// hand counts on small networks, never below the routing bound (testbenches/open_loop/capacity.h)
/// on small networks under every pattern, above it where dimension order concentrates the pattern
/// (8 x 8 grid transpose, 6-cube bit reversal), and the cut bound above the size limit, never below
/// the program's value where both are computed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "testbenches/open_loop/capacity.h"
#include "testbenches/open_loop/hardware_bound.h"
#include "testbenches/open_loop/injection.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;

OpenLoopConfig pattern(DestinationRule rule, NodeId hotspot = 1, double fraction = 0.3) {
  OpenLoopConfig o;
  o.rule = rule;
  o.hotspot = hotspot;
  o.fraction = fraction;
  return o;
}

/// Every pattern that n nodes can take (transpose: n a square, bit reversal: a power of two).
std::vector<OpenLoopConfig> patterns(std::uint32_t n) {
  std::vector<OpenLoopConfig> all{pattern(DestinationRule::kUniform),
                                  pattern(DestinationRule::kHotspot),
                                  pattern(DestinationRule::kNeighbour)};
  if (transpose_unavailable(n).empty()) all.push_back(pattern(DestinationRule::kTranspose));
  if (bit_reversal_unavailable(n).empty()) all.push_back(pattern(DestinationRule::kBitReversal));
  if (tornado_unavailable(n).empty()) all.push_back(pattern(DestinationRule::kTornado));
  if (shuffle_unavailable(n).empty()) all.push_back(pattern(DestinationRule::kShuffle));
  if (bit_complement_unavailable(n).empty()) {
    all.push_back(pattern(DestinationRule::kBitComplement));
  }
  OpenLoopConfig randperm = pattern(DestinationRule::kRandomPermutation);
  randperm.permutation_seed = 5;
  all.push_back(randperm);
  OpenLoopConfig matrix = pattern(DestinationRule::kMatrix);
  matrix.matrix = test::mixed_matrix(n);
  all.push_back(matrix);
  return all;
}

std::string describe(const OpenLoopConfig& o) { return destination_rule_name(o.rule); }

constexpr double kTolerance = 1e-6;

// ---- hand counts ---------------------------------------------------------------------------

TEST(HardwareBound, LineOfFourUniformIsItsMiddleLink) {
  // Nodes 0-1-2-3, one route per pair. Link 1->2 carries the pairs {0,1} -> {2,3}: 4 pairs of
  // 1/3 each, 4/3 per unit rate, so lambda = 3/4.
  const HardwareBound b =
      sf_hardware_bound(sf::GridGraph(4, 1), pattern(DestinationRule::kUniform));
  EXPECT_EQ(b.method, "lp");
  EXPECT_NEAR(b.value, 0.75, kTolerance);
  EXPECT_NE(b.bottleneck.find("link 1->2"), std::string::npos) << b.bottleneck;
}

TEST(HardwareBound, SquareOfFourUniformFillsEveryLink) {
  // The 2 x 2 grid and the 2-cube are both the 4-cycle 0-1-3-2: 8 directed links. Each node
  // sends 1/3 to its two neighbours (one hop) and 1/3 to the opposite node (two hops):
  // 4 x (1/3 + 1/3 + 2/3) = 16/3 link slots per unit rate over 8 links, 2/3 each when the
  // opposite node's share goes half each way round: lambda = 3/2.
  const sf::GridGraph grid(2, 2);
  const sf::HypercubeGraph cube(2);
  for (const sf::SfGraph* g : std::vector<const sf::SfGraph*>{&grid, &cube}) {
    EXPECT_NEAR(sf_hardware_bound(*g, pattern(DestinationRule::kUniform)).value, 1.5, kTolerance)
        << g->name();
  }
}

TEST(HardwareBound, SquareOfFourTransposeTakesBothWaysRound) {
  // Transpose on 4 nodes (as bit reversal): 1 <-> 2, the two opposite corners, 0 and 3 stay.
  // 1 -> 2 goes half through 0 and half through 3, 2 -> 1 the other way on the other four
  // links: every link carries 1/2 per unit rate, lambda = 2. Dimension order takes one way
  // round only: 1 per link, routing bound 1.
  const sf::GridGraph grid(2, 2);
  const sf::HypercubeGraph cube(2);
  for (const auto rule : {DestinationRule::kTranspose, DestinationRule::kBitReversal}) {
    EXPECT_NEAR(sf_hardware_bound(grid, pattern(rule)).value, 2.0, kTolerance);
    EXPECT_NEAR(sf_hardware_bound(cube, pattern(rule)).value, 2.0, kTolerance);
    EXPECT_NEAR(sf_routing_capacity(grid, {0, 1}, pattern(rule)).rate, 1.0, 1e-12);
    EXPECT_NEAR(sf_routing_capacity(cube, {0, 1}, pattern(rule)).rate, 1.0, 1e-12);
  }
}

TEST(HardwareBound, PopsTwoByTwoUniformIsTheCouplerBetweenTheGroups) {
  // POPS(2,2): groups {0,1} and {2,3}. Every packet from group 0 to group 1 crosses c(1,0),
  // relayed or not (the only coupler from group 0 to group 1): 2 sources x 2 destinations x
  // 1/3 = 4/3 per unit rate, lambda = 3/4. Transmitters and receivers carry 1.
  const HardwareBound b =
      pops_hardware_bound(pops::PopsShape{2, 2}, pattern(DestinationRule::kUniform));
  EXPECT_EQ(b.method, "lp");
  EXPECT_NEAR(b.value, 0.75, kTolerance);
  EXPECT_NE(b.bottleneck.find("coupler c("), std::string::npos) << b.bottleneck;
}

TEST(HardwareBound, OcpcHotspotIsTheHotspotsReceiver) {
  // OCPC p = 4, hotspot 0 with fraction 1/2: nodes 1..3 each send 1/2 to node 0 and 1/2 spread
  // over the other three (1/6 to node 0); node 0's receiver takes 3 x (1/2 + 1/6) = 2 per unit
  // rate, lambda = 1/2 whatever relays do (every packet for 0 enters its receiver).
  const HardwareBound b = ocpc_hardware_bound(ocpc::OcpcShape{ocpc::Topology::kOcpc, 4},
                                              pattern(DestinationRule::kHotspot, 0, 0.5));
  EXPECT_NEAR(b.value, 0.5, kTolerance);
  EXPECT_EQ(b.bottleneck, "receiver 0");
}

TEST(HardwareBound, MobUniformIsTheHopVolume) {
  // MOB-PC p = 3 (9 processors): of a source's 8 destinations 4 share its row or column (one
  // hop) and 4 do not (two hops), 12/8 transmitter frames per packet; 9 transmitters carry
  // 9 x 12/8 per unit rate: lambda = 2/3, as row-first routing loads them.
  const ocpc::OcpcShape mob{ocpc::Topology::kMob, 3};
  const OpenLoopConfig uniform = pattern(DestinationRule::kUniform);
  EXPECT_NEAR(ocpc_hardware_bound(mob, uniform).value, 2.0 / 3, kTolerance);
  EXPECT_NEAR(ocpc_capacity(mob, uniform).rate, 2.0 / 3, 1e-12);
}

TEST(HardwareBound, NoTrafficIsZero) {
  // Bit reversal on 2 nodes: both are palindromes, no packet is created.
  const HardwareBound b =
      sf_hardware_bound(sf::HypercubeGraph(1), pattern(DestinationRule::kBitReversal));
  EXPECT_EQ(b.value, 0);
  EXPECT_EQ(b.bottleneck, "no traffic");
}

TEST(HardwareBound, RefusesAPatternThatLeavesTheNetwork) {
  EXPECT_THROW(sf_hardware_bound(sf::GridGraph(3, 2), pattern(DestinationRule::kHotspot, 9)),
               std::invalid_argument);
  EXPECT_THROW(pops_hardware_bound(pops::PopsShape{3, 2}, pattern(DestinationRule::kBitReversal)),
               std::invalid_argument);
}

// ---- against the routing bound ---------------------------------------------------------------

TEST(HardwareBound, NeverBelowTheRoutingBoundAndNeverAboveTheCuts) {
  const auto check = [](const HardwareBound& lp, double routing, const HardwareBound& cut,
                        const std::string& what) {
    EXPECT_EQ(lp.method, "lp") << what;
    EXPECT_EQ(cut.method, "cut") << what;
    EXPECT_GE(lp.value, routing - kTolerance) << what;
    EXPECT_GE(cut.value, lp.value - kTolerance) << what;
    EXPECT_FALSE(lp.bottleneck.empty()) << what;
  };
  for (const pops::PopsShape s :
       {pops::PopsShape{2, 2}, pops::PopsShape{4, 2}, pops::PopsShape{2, 4}, pops::PopsShape{4, 4},
        pops::PopsShape{8, 2}, pops::PopsShape{3, 3}}) {
    for (const OpenLoopConfig& o : patterns(s.n())) {
      const std::string what =
          "POPS(" + std::to_string(s.d) + "," + std::to_string(s.g) + ") " + describe(o);
      check(pops_hardware_bound(s, o), pops_capacity(s, o).rate, pops_hardware_bound(s, o, 0),
            what);
    }
  }
  for (const ocpc::OcpcShape s :
       {ocpc::OcpcShape{ocpc::Topology::kOcpc, 4}, ocpc::OcpcShape{ocpc::Topology::kOcpc, 9},
        ocpc::OcpcShape{ocpc::Topology::kMob, 2}, ocpc::OcpcShape{ocpc::Topology::kMob, 3},
        ocpc::OcpcShape{ocpc::Topology::kMob, 4}}) {
    for (const OpenLoopConfig& o : patterns(s.n())) {
      const std::string what = (s.topology == ocpc::Topology::kMob ? "MOB-PC p=" : "OCPC p=") +
                               std::to_string(s.p) + " " + describe(o);
      check(ocpc_hardware_bound(s, o), ocpc_capacity(s, o).rate, ocpc_hardware_bound(s, o, 0),
            what);
    }
  }
  const sf::GridGraph grids[] = {sf::GridGraph(4, 1), sf::GridGraph(3, 2), sf::GridGraph(4, 2),
                                 sf::GridGraph(2, 3)};
  const sf::HypercubeGraph cubes[] = {sf::HypercubeGraph(2), sf::HypercubeGraph(3),
                                      sf::HypercubeGraph(4)};
  std::vector<const sf::SfGraph*> graphs;
  for (const auto& g : grids) graphs.push_back(&g);
  for (const auto& g : cubes) graphs.push_back(&g);
  for (const sf::SfGraph* g : graphs) {
    for (const OpenLoopConfig& o : patterns(g->nodes())) {
      const std::string what = g->name() + " of " + std::to_string(g->nodes()) + " " + describe(o);
      const HardwareBound lp = sf_hardware_bound(*g, o);
      const HardwareBound cut = sf_hardware_bound(*g, o, 0);
      // Every dimension order (the schemes' routes among them), and the two-bound figure.
      std::vector<unsigned> order(g->name() == "grid" ? g->degree() / 2 : g->degree());
      for (unsigned j = 0; j < order.size(); ++j) order[j] = j;
      do {
        check(lp, sf_routing_capacity(*g, order, o).rate, cut, what);
      } while (std::next_permutation(order.begin(), order.end()));
      EXPECT_GE(lp.value,
                sf_capacity(*g, g->name() == "grid" ? "gridk" : "cubes", o).rate - kTolerance)
          << what;
    }
  }
}

TEST(HardwareBound, PopsPatternsSpreadOverTheCouplersMatchTheDirectCapacity) {
  // Where the direct hops load the couplers evenly enough, a relay (a transmitter's and a
  // receiver's frame more, and a coupler between two groups as often as the direct hop) helps
  // nothing: the bound is pops_capacity's.
  for (const pops::PopsShape s : {pops::PopsShape{2, 2}, pops::PopsShape{4, 4},
                                  pops::PopsShape{8, 2}, pops::PopsShape{2, 8}}) {
    for (const OpenLoopConfig& o : patterns(s.n())) {
      // Patterns that put many pairs on one coupler (neighbour, tornado, shuffle,
      // bit-complement, a random permutation or matrix) gain by relays: not these.
      if (o.rule != DestinationRule::kUniform && o.rule != DestinationRule::kHotspot &&
          o.rule != DestinationRule::kTranspose && o.rule != DestinationRule::kBitReversal) {
        continue;
      }
      EXPECT_NEAR(pops_hardware_bound(s, o).value, pops_capacity(s, o).rate, kTolerance)
          << "POPS(" << s.d << "," << s.g << ") " << describe(o);
    }
  }
}

TEST(HardwareBound, PopsRelaysRelieveTheCouplerInsideAGroup) {
  // POPS(8,2), neighbour (i -> i + 1): group 0 (0..7) sends 7 packets inside itself on c(0,0)
  // and 7 -> 8 on c(1,0); group 1 likewise (15 -> 0 on c(0,1)). Direct: c(0,0) carries 7,
  // lambda = 1/7. A relay takes r of group 0's own packets out on c(1,0) to a processor of
  // group 1 and back on c(0,1), and group 1 the same the other way. Then c(0,0) carries
  // 7 lambda - r and c(1,0) lambda + 2r; both at 1: r = (1 - lambda)/2 and lambda = 1/5.
  const pops::PopsShape s{8, 2};
  const OpenLoopConfig o = pattern(DestinationRule::kNeighbour);
  EXPECT_NEAR(pops_capacity(s, o).rate, 1.0 / 7, 1e-12);
  EXPECT_NEAR(pops_hardware_bound(s, o).value, 0.2, kTolerance);
  // POPS(4,4): with three other groups to relay through, 2/3 against 1/3.
  EXPECT_NEAR(pops_capacity(pops::PopsShape{4, 4}, o).rate, 1.0 / 3, 1e-12);
  EXPECT_NEAR(pops_hardware_bound(pops::PopsShape{4, 4}, o).value, 2.0 / 3, kTolerance);
}

TEST(HardwareBound, AboveTheRoutingBoundWhereDimensionOrderConcentrates) {
  const sf::GridGraph grid(8, 2);
  const OpenLoopConfig transpose = pattern(DestinationRule::kTranspose);
  const HardwareBound g = sf_hardware_bound(grid, transpose);
  EXPECT_EQ(g.method, "lp");
  EXPECT_NEAR(sf_routing_capacity(grid, {0, 1}, transpose).rate, 1.0 / 7, 1e-12);
  EXPECT_NEAR(g.value, 5.0 / 11, kTolerance) << g.bottleneck;  // the program's value
  // Below the cut between columns 3 and 4: sources (x <= 3, y >= 4), 16 packets for 8 links.
  EXPECT_LT(g.value, 0.5);
  const sf::HypercubeGraph cube(6);
  const OpenLoopConfig reversal = pattern(DestinationRule::kBitReversal);
  const HardwareBound c = sf_hardware_bound(cube, reversal);
  EXPECT_EQ(c.method, "lp");
  EXPECT_NEAR(sf_routing_capacity(cube, {0, 1, 2, 3, 4, 5}, reversal).rate, 0.25, 1e-12);
  // As every bit's cut: the sources whose bit differs from its mirror's, 16 each way over the
  // 32 links of the cut, lambda = 2; every link is full.
  EXPECT_NEAR(c.value, 2.0, kTolerance) << c.bottleneck;
  EXPECT_NE(c.bottleneck.find("(+381 more)"), std::string::npos) << c.bottleneck;
}

// ---- the cut fallback ----------------------------------------------------------------------

TEST(HardwareBound, CutsAboveTheSizeLimit) {
  // The 64 x 64 grid (4096 sources x 16,128 links) and POPS(64,64) are far above the limit:
  // uniform traffic is the middle bisection, 4/64 x 4095/4096 (as the routing bound), and the
  // couplers between two groups, 64 x 64 / 4095 per unit rate each: 4095/4096.
  const HardwareBound grid =
      sf_hardware_bound(sf::GridGraph(64, 2), pattern(DestinationRule::kUniform));
  EXPECT_EQ(grid.method, "cut");
  EXPECT_GT(grid.lp_variables, kMaxLpVariables);
  EXPECT_NEAR(grid.value, 4.0 / 64 * 4095 / 4096, 1e-12);
  EXPECT_NE(grid.bottleneck.find("between 31 and 32"), std::string::npos) << grid.bottleneck;
  const HardwareBound pops =
      pops_hardware_bound(pops::PopsShape{64, 64}, pattern(DestinationRule::kUniform));
  EXPECT_EQ(pops.method, "cut");
  EXPECT_NEAR(pops.value, 4095.0 / 4096, 1e-12);
  // The 2^14-cube under bit reversal: each bit's cut carries the sources whose bit differs from
  // its mirror, half of them each way; 2^12 packets over 2^13 links: at most 2.
  const HardwareBound cube =
      sf_hardware_bound(sf::HypercubeGraph(14), pattern(DestinationRule::kBitReversal));
  EXPECT_EQ(cube.method, "cut");
  EXPECT_NEAR(cube.value, 2.0, 1e-12);
}

TEST(HardwareBound, CutsOnOtherGraphsCountHopsByBreadthFirstSearch) {
  // CCC(3): 24 nodes of degree 3, 72 links, not a grid or hypercube: the program and the cuts
  // (per node and the hop volume) still apply.
  const sf::CccGraph ccc(3);
  for (const OpenLoopConfig& o : patterns(ccc.nodes())) {
    const HardwareBound lp = sf_hardware_bound(ccc, o);
    const HardwareBound cut = sf_hardware_bound(ccc, o, 0);
    EXPECT_EQ(lp.method, "lp");
    EXPECT_GT(lp.value, 0);
    EXPECT_GE(cut.value, lp.value - kTolerance) << describe(o);
  }
}

}  // namespace
