/// \file
/// Each protocol's capacity (testbenches/open_loop/protocol_capacity.h): TDMA's against hand
/// counts and against its schedule enumerated slot by slot, the two-phase schemes' link loads
/// against every route and random choice enumerated, and never above the hardware bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "protocols/pops/tdma.h"
#include "protocols/sf/schemes.h"
#include "testbenches/open_loop/hardware_bound.h"
#include "testbenches/open_loop/injection.h"
#include "testbenches/open_loop/protocol_capacity.h"
#include "testbenches/open_loop/traffic_matrix.h"
#include "tests/support/open_loop_checks.h"

namespace optinet {
namespace {

OpenLoopConfig pattern(DestinationRule rule, NodeId hotspot = 1, double fraction = 0.3) {
  OpenLoopConfig o;
  o.rule = rule;
  o.hotspot = hotspot;
  o.fraction = fraction;
  return o;
}

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

double value(const ProtocolCapacity& c) {
  EXPECT_TRUE(c.value.has_value()) << c.how;
  return c.value.value_or(-1);
}

pops::PopsShape pops_shape(std::uint32_t d, std::uint32_t g) {
  pops::PopsShape s;
  s.d = d;
  s.g = g;
  return s;
}

ocpc::OcpcShape ocpc_shape(ocpc::Topology topology, std::uint32_t p) {
  ocpc::OcpcShape s;
  s.topology = topology;
  s.p = p;
  return s;
}

TEST(ProtocolCapacity, PopsTdmaByHand) {
  const auto uniform = pattern(DestinationRule::kUniform);
  // d <= g: a pair's slot in a frame of n, 1/(n-1) of a source's packets per pair.
  EXPECT_DOUBLE_EQ(value(pops_protocol_capacity(pops_shape(4, 4), "tdma", uniform)), 15.0 / 16);
  EXPECT_DOUBLE_EQ(value(pops_protocol_capacity(pops_shape(16, 16), "tdma", uniform)), 255.0 / 256);
  EXPECT_DOUBLE_EQ(value(pops_protocol_capacity(pops_shape(2, 8), "tdma", uniform)), 15.0 / 16);
  // d > g: one slot serves d/g receivers: (n - 1)/d^2, the couplers' bound.
  EXPECT_DOUBLE_EQ(value(pops_protocol_capacity(pops_shape(8, 2), "tdma", uniform)), 15.0 / 64);
  // Transpose: one destination per source, its pair's slot once per frame of 16.
  EXPECT_DOUBLE_EQ(
      value(pops_protocol_capacity(pops_shape(4, 4), "tdma", pattern(DestinationRule::kTranspose))),
      1.0 / 16);
  // Hotspot 0.3 to node 1: the pair (i, 1) carries 0.3 + 0.7/15 per unit rate.
  EXPECT_NEAR(
      value(pops_protocol_capacity(pops_shape(4, 4), "tdma", pattern(DestinationRule::kHotspot))),
      1 / (16 * (0.3 + 0.7 / 15)), 1e-12);
  EXPECT_FALSE(pops_protocol_capacity(pops_shape(4, 4), "reservation", uniform).value);
  EXPECT_FALSE(pops_protocol_capacity(pops_shape(4, 4), "randomized", uniform).value);
}

TEST(ProtocolCapacity, OcpcAndMobTdmaByHand) {
  const auto uniform = pattern(DestinationRule::kUniform);
  // The OCPC: a frame of p - 1 shifts, every pair once.
  EXPECT_DOUBLE_EQ(
      value(ocpc_protocol_capacity(ocpc_shape(ocpc::Topology::kOcpc, 8), "tdma", uniform)), 1.0);
  EXPECT_DOUBLE_EQ(value(ocpc_protocol_capacity(ocpc_shape(ocpc::Topology::kOcpc, 16), "tdma",
                                                pattern(DestinationRule::kTranspose))),
                   1.0 / 15);
  // The MOB-PC: a row hop carries p / (n - 1) per unit rate, once per 2 (p - 1): (p + 1)/(2p).
  EXPECT_DOUBLE_EQ(
      value(ocpc_protocol_capacity(ocpc_shape(ocpc::Topology::kMob, 4), "tdma", uniform)), 5.0 / 8);
  EXPECT_DOUBLE_EQ(
      value(ocpc_protocol_capacity(ocpc_shape(ocpc::Topology::kMob, 16), "tdma", uniform)),
      17.0 / 32);
  EXPECT_FALSE(
      ocpc_protocol_capacity(ocpc_shape(ocpc::Topology::kOcpc, 8), "coinflip", uniform).value);
}

/// TDMA's busiest class from the schedule itself: every source's reachable set in every slot of
/// the frame, each set served once per frame.
double enumerated_tdma_class_load(const pops::PopsShape& s, const OpenLoopConfig& traffic) {
  const TrafficMatrix m = expected_traffic(s.n(), traffic);
  double worst = 0;
  std::vector<NodeId> reachable;
  for (NodeId i = 0; i < s.n(); ++i) {
    std::map<std::vector<NodeId>, int> served;
    for (std::uint64_t t = 0; t < s.n(); ++t) {
      pops::tdma_reachable(s, t, i, reachable);
      std::sort(reachable.begin(), reachable.end());
      if (!reachable.empty()) ++served[reachable];
    }
    std::vector<int> seen(s.n(), 0);
    for (const auto& [set, times] : served) {
      EXPECT_EQ(times, 1);  // each class once per frame
      double load = 0;
      for (NodeId j : set) {
        ++seen[j];  // the classes are disjoint
        if (j != i) load += m.uniform[i] / (s.n() - 1) + m.fixed_to(i, j);
      }
      worst = std::max(worst, load);
    }
    for (NodeId j = 0; j < s.n(); ++j) EXPECT_EQ(seen[j], 1) << i << "->" << j;
  }
  return worst;
}

TEST(ProtocolCapacity, PopsTdmaMatchesItsScheduleEnumerated) {
  for (const auto& [d, g] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
           {1, 4}, {2, 2}, {2, 4}, {4, 2}, {4, 4}, {8, 2}, {3, 6}, {6, 3}, {8, 4}}) {
    const pops::PopsShape s = pops_shape(d, g);
    for (const OpenLoopConfig& o : patterns(s.n())) {
      EXPECT_NEAR(pops_tdma_class_load(s, o), enumerated_tdma_class_load(s, o), 1e-12)
          << d << "," << g << " " << destination_rule_name(o.rule);
    }
  }
}

/// Two-phase link loads by brute force: every pair, every random coordinate of its random
/// sub-phases, walked hop by hop.
double brute_force_two_phase_load(const sf::SfGraph& g, const std::string& scheme,
                                  const OpenLoopConfig& traffic) {
  const SfDimensions dims(g);
  const auto* grid = dynamic_cast<const sf::GridGraph*>(&g);
  std::vector<std::pair<unsigned, bool>> plan;
  if (grid != nullptr) {
    for (const sf::GridSubphase& s : sf::grid_plan(scheme, grid->k())) {
      plan.emplace_back(s.dimension, s.random);
    }
  } else {
    for (const bool random : {true, false}) {
      for (unsigned j = 0; j < dims.count(); ++j) plan.emplace_back(j, random);
    }
  }
  std::size_t randoms = 0;
  for (const auto& step : plan) randoms += step.second ? 1 : 0;
  std::size_t choices = 1;
  for (std::size_t r = 0; r < randoms; ++r) choices *= dims.side();
  const NodeId n = g.nodes();
  const TrafficMatrix m = expected_traffic(n, traffic);
  std::vector<double> load(std::size_t{n} * g.degree(), 0.0);
  for (NodeId i = 0; i < n; ++i) {
    for (NodeId j = 0; j < n; ++j) {
      if (i == j) continue;
      const double w = m.uniform[i] / (n - 1) + m.fixed_to(i, j);
      if (w == 0) continue;
      for (std::size_t choice = 0; choice < choices; ++choice) {
        std::size_t rest = choice;
        NodeId x = i;
        for (const auto& [dim, random] : plan) {
          unsigned target = dims.coordinate(j, dim);
          if (random) {
            target = static_cast<unsigned>(rest % dims.side());
            rest /= dims.side();
          }
          while (dims.coordinate(x, dim) != target) {
            const unsigned label =
                grid != nullptr ? 2 * dim + (target > dims.coordinate(x, dim) ? 0 : 1) : dim;
            load[std::size_t{x} * g.degree() + label] += w / static_cast<double>(choices);
            x = g.neighbor(x, label);
          }
        }
      }
    }
  }
  return *std::max_element(load.begin(), load.end());
}

TEST(ProtocolCapacity, TwoPhaseRoutingMatchesEveryRouteEnumerated) {
  const sf::GridGraph g44(4, 2), g33(3, 2), g333(3, 3), g6(6, 2);
  const sf::HypercubeGraph c3(3), c4(4);
  const std::vector<std::pair<const sf::SfGraph*, std::string>> cases = {
      {&g44, "gridk"}, {&g44, "grid3"}, {&g33, "gridk"}, {&g333, "gridk"},
      {&g6, "gridk"},  {&c3, "cubes"},  {&c4, "cubes"}};
  for (const auto& [graph, scheme] : cases) {
    for (const OpenLoopConfig& o : patterns(graph->nodes())) {
      const double worst = brute_force_two_phase_load(*graph, scheme, o);
      EXPECT_NEAR(value(sf_protocol_capacity(*graph, scheme, o)), 1 / worst, 1e-9)
          << graph->name() << " " << graph->nodes() << " " << scheme << " "
          << destination_rule_name(o.rule);
    }
  }
  // BASIC and CUBESS: uniform traffic loads every link alike whatever the order.
  const auto uniform = pattern(DestinationRule::kUniform);
  EXPECT_DOUBLE_EQ(value(sf_protocol_capacity(c4, "basic", uniform)),
                   value(sf_protocol_capacity(c4, "cubes", uniform)));
  EXPECT_FALSE(sf_protocol_capacity(c4, "cubess", pattern(DestinationRule::kTranspose)).value);
}

TEST(ProtocolCapacity, NeverAboveTheHardwareBound) {
  for (const auto& [d, g] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
           {2, 2}, {2, 4}, {4, 2}, {4, 4}, {8, 2}}) {
    const pops::PopsShape s = pops_shape(d, g);
    for (const OpenLoopConfig& o : patterns(s.n())) {
      EXPECT_LE(value(pops_protocol_capacity(s, "tdma", o)), pops_hardware_bound(s, o).value + 1e-6)
          << d << "," << g << " " << destination_rule_name(o.rule);
    }
  }
  for (const auto& [topology, p] :
       std::vector<std::pair<ocpc::Topology, std::uint32_t>>{{ocpc::Topology::kOcpc, 4},
                                                             {ocpc::Topology::kOcpc, 9},
                                                             {ocpc::Topology::kMob, 3},
                                                             {ocpc::Topology::kMob, 4}}) {
    const ocpc::OcpcShape s = ocpc_shape(topology, p);
    for (const OpenLoopConfig& o : patterns(s.n())) {
      EXPECT_LE(value(ocpc_protocol_capacity(s, "tdma", o)), ocpc_hardware_bound(s, o).value + 1e-6)
          << p << " " << destination_rule_name(o.rule);
    }
  }
  const sf::GridGraph g44(4, 2), g333(3, 3);
  const sf::HypercubeGraph c4(4);
  for (const auto& [graph, scheme] : std::vector<std::pair<const sf::SfGraph*, std::string>>{
           {&g44, "gridk"}, {&g44, "grid3"}, {&g333, "gridk"}, {&c4, "cubes"}}) {
    for (const OpenLoopConfig& o : patterns(graph->nodes())) {
      EXPECT_LE(value(sf_protocol_capacity(*graph, scheme, o)),
                sf_hardware_bound(*graph, o).value + 1e-6)
          << graph->name() << " " << scheme << " " << destination_rule_name(o.rule);
    }
  }
}

}  // namespace
}  // namespace optinet
