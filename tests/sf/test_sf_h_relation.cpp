// h-relations on the store-and-forward networks (--traffic random-h-relation --h H and
// --relation-file): h packets may start at a node and h end there; every run delivers each of
// the h N packets once, intact, in both phase modes.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet {
namespace {

struct RelationCase {
  std::string name;
  std::shared_ptr<sf::SfGraph> graph;
  std::string scheme;
};

std::vector<RelationCase> relation_cases() {
  return {{"cubes", std::make_shared<sf::HypercubeGraph>(6), "cubes"},
          {"basic", std::make_shared<sf::HypercubeGraph>(6), "basic"},
          {"mshuffle", std::make_shared<sf::ShuffleGraph>(3, 3), "mshuffle"},
          {"ccc", std::make_shared<sf::CccGraph>(3), "ccc"},
          {"se", std::make_shared<sf::ShuffleExchangeGraph>(5), "se"},
          {"grid3", std::make_shared<sf::GridGraph>(6, 2), "grid3"},
          {"gridk", std::make_shared<sf::GridGraph>(4, 3), "gridk"}};
}

sf::SfExperimentConfig relation_config(const RelationCase& c, std::uint32_t h, bool separate) {
  sf::SfExperimentConfig config;
  config.graph = c.graph;
  config.protocol = c.scheme;
  config.relation = RelationKind::kRandom;
  config.h = h;
  config.separate_phases = separate;
  config.max_slots = 5000;
  return config;
}

struct RelationRun {
  RelationCase network;
  bool separate;
};

std::vector<RelationRun> relation_runs() {
  std::vector<RelationRun> runs;
  for (const RelationCase& c : relation_cases()) {
    for (const bool separate : {false, true}) runs.push_back({c, separate});
  }
  return runs;
}

// One experiment per test: SystemC elaborates once per process.
class SfHRelation : public ::testing::TestWithParam<RelationRun> {};

TEST_P(SfHRelation, EveryPacketOfARandomHRelationIsDeliveredOnce) {
  constexpr std::uint32_t h = 3;
  sf::SfExperiment e(relation_config(GetParam().network, h, GetParam().separate));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const sf::SfRunResult r = e.run(seed);
    ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front());
    EXPECT_EQ(r.packets, h * GetParam().network.graph->nodes()) << "seed " << seed;
    EXPECT_EQ(r.delivered, r.packets) << "seed " << seed;
    // Every node starts with its h packets (counted at slot 0).
    EXPECT_GE(r.max_node_population, h) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Networks, SfHRelation, ::testing::ValuesIn(relation_runs()),
                         [](const auto& info) {
                           return info.param.network.name +
                                  (info.param.separate ? "_separate" : "_pipelined");
                         });

TEST(SfHRelationFile, TheFileIsWhatRuns) {
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::HypercubeGraph>(4);
  config.protocol = "cubes";
  config.relation = RelationKind::kFile;
  config.h = 2;
  config.file_relation = {{0, 5}, {1, 5}, {3, 9}};
  sf::SfExperiment e(config);
  const sf::SfRunResult r = e.run(1);
  ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front());
  EXPECT_EQ(r.packets, 3u);
  EXPECT_EQ(r.delivered, 3u);
}

}  // namespace
}  // namespace optinet
