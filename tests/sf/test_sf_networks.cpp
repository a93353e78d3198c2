// Every network and scheme: conservation (each packet delivered once, intact, at its
// destination) under random and identity permutations, with unbounded queues and with
// back-pressure; and the contention-free Phase A of the grid with one packet per node.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet {
namespace {

struct NetCase {
  std::string name;
  std::shared_ptr<sf::SfGraph> graph;
  std::string scheme;
  unsigned capacity;
  sf::Discipline discipline;
};

std::vector<NetCase> net_cases() {
  using sf::Discipline;
  std::vector<NetCase> v = {
      {"cubes", std::make_shared<sf::HypercubeGraph>(7), "cubes", 0, Discipline::kFifo},
      {"basic", std::make_shared<sf::HypercubeGraph>(7), "basic", 0, Discipline::kFifo},
      {"cubess_ftg", std::make_shared<sf::HypercubeGraph>(7), "cubess", 0,
       Discipline::kFurthestFirst},
      {"cubes_capacity2", std::make_shared<sf::HypercubeGraph>(7), "cubes", 2, Discipline::kFifo},
      {"dshuffle", std::make_shared<sf::ShuffleGraph>(2, 7), "dshuffle", 0, Discipline::kFifo},
      {"mshuffle3", std::make_shared<sf::ShuffleGraph>(3, 4), "mshuffle", 0, Discipline::kFifo},
      {"mshuffle_capacity2", std::make_shared<sf::ShuffleGraph>(4, 3), "mshuffle", 2,
       Discipline::kFifo},
      {"ccc", std::make_shared<sf::CccGraph>(4), "ccc", 0, Discipline::kFifo},
      {"se", std::make_shared<sf::ShuffleExchangeGraph>(7), "se", 0, Discipline::kFifo},
      {"grid3", std::make_shared<sf::GridGraph>(10, 2), "grid3", 0, Discipline::kFifo},
      {"grid3_capacity3", std::make_shared<sf::GridGraph>(10, 2), "grid3", 3, Discipline::kFifo},
      {"gridk3", std::make_shared<sf::GridGraph>(5, 3), "gridk", 0, Discipline::kFurthestFirst},
  };
  return v;
}

class SfNetworks : public ::testing::TestWithParam<NetCase> {};

TEST_P(SfNetworks, EveryPacketIsDeliveredOnceIntactAtItsDestination) {
  const NetCase& c = GetParam();
  sf::SfExperimentConfig config;
  config.graph = c.graph;
  config.protocol = c.scheme;
  config.capacity = c.capacity;
  config.discipline = c.discipline;
  config.max_slots = 5000;
  config.traffic = PermutationKind::kRandom;
  sf::SfExperiment e(config);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const sf::SfRunResult r = e.run(seed);
    EXPECT_TRUE(r.ok()) << c.name << " seed " << seed
                        << (r.errors.empty() ? "" : ": " + r.errors.front());
    EXPECT_EQ(r.delivered, c.graph->nodes());
    EXPECT_EQ(r.packets, c.graph->nodes());
    EXPECT_GE(r.slots, r.phase_a_slots);
    if (c.capacity != 0) {
      // Back-pressure: nothing dropped (all delivered above) and no queue ever over capacity.
      EXPECT_LE(r.max_queue, c.capacity);
    }
  }
  // The same seed gives the same run.
  const sf::SfRunResult a = e.run(2);
  const sf::SfRunResult b = e.run(2);
  EXPECT_EQ(a.slots, b.slots);
  EXPECT_EQ(a.phase_a_slots, b.phase_a_slots);
  EXPECT_EQ(a.max_node_population, b.max_node_population);
  EXPECT_EQ(a.hops, b.hops);
}

INSTANTIATE_TEST_SUITE_P(Schemes, SfNetworks, ::testing::ValuesIn(net_cases()),
                         [](const auto& param_info) { return param_info.param.name; });

TEST(SfLinks, CountTheHopsOfTheCountWindowOnly) {
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::HypercubeGraph>(5);
  config.protocol = "cubes";
  config.traffic = PermutationKind::kRandom;
  sf::SfExperiment e(config);
  const auto carried = [&e, &config] {
    std::uint64_t sum = 0;
    for (NodeId x = 0; x < e.network().size(); ++x) {
      for (unsigned label = 0; label < config.graph->degree(); ++label)
        sum += e.network().router(x).link_counters(label).single_slots;
    }
    return sum;
  };
  // A closed-loop run reports no link, and its network counts no slot unless told.
  const sf::SfRunResult quiet = e.run(1);
  ASSERT_TRUE(quiet.ok());
  EXPECT_GT(quiet.hops, 0u);
  EXPECT_EQ(carried(), 0u);
  // Every slot: each hop once. The first two slots: fewer, and only the links that carried.
  e.network().count_slots(TraceWindow{});
  EXPECT_EQ(e.run(1).hops, quiet.hops);
  EXPECT_EQ(carried(), quiet.hops);
  e.network().count_slots(TraceWindow{0, 1});
  e.run(1);
  EXPECT_GT(carried(), 0u);
  EXPECT_LE(carried(), 2u * e.network().links());
  EXPECT_LT(carried(), quiet.hops);
}

TEST(SfGrid, PhaseAWithOnePacketPerNodeHasNoDelay) {
  // Section 8: all packets start at slot 0 and flow along the columns at constant speed, so
  // every packet ends Phase A after exactly its route length. Phase B is held back to a later
  // slot so that the phases do not share columns.
  sf::SfExperimentConfig config;
  const unsigned side = 12;
  config.graph = std::make_shared<sf::GridGraph>(side, 2);
  config.protocol = "grid3";
  config.phase_b_start = 40;
  sf::SfExperiment e(config);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const sf::SfRunResult r = e.run(seed);
    ASSERT_TRUE(r.ok());
    for (std::uint64_t d : e.phase_a_delays()) EXPECT_EQ(d, 0u);
    EXPECT_LE(r.phase_a_slots, side - 1);
    EXPECT_EQ(r.subphase_slots.at(0), r.phase_a_slots);
    // Theorem 3's per-phase bound n + g, here with the measured g.
    EXPECT_LE(r.slots, 40 + 2 * side + r.max_delay);
  }
}

}  // namespace
}  // namespace optinet
