// The paper's set-up of Valiant & Brebner's section 7 (--phases separate): each phase on its
// own. Phase B starts for every packet in the slot after the last packet finished Phase A, so
// no packet is in Phase B while another is in Phase A; the pipelined mode lets them overlap.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/sf_experiment.h"

namespace optinet {
namespace {

struct PhaseCase {
  std::string name;
  std::shared_ptr<sf::SfGraph> graph;
  std::string scheme;
};

std::vector<PhaseCase> phase_cases() {
  return {{"cubes", std::make_shared<sf::HypercubeGraph>(8), "cubes"},
          {"cubess", std::make_shared<sf::HypercubeGraph>(8), "cubess"},
          {"basic", std::make_shared<sf::HypercubeGraph>(8), "basic"},
          {"dshuffle", std::make_shared<sf::ShuffleGraph>(2, 8), "dshuffle"},
          {"mshuffle", std::make_shared<sf::ShuffleGraph>(4, 4), "mshuffle"},
          {"ccc", std::make_shared<sf::CccGraph>(4), "ccc"},
          {"se", std::make_shared<sf::ShuffleExchangeGraph>(8), "se"},
          {"grid3", std::make_shared<sf::GridGraph>(12, 2), "grid3"}};
}

SfExperimentConfig config_of(const PhaseCase& c, bool separate) {
  SfExperimentConfig config;
  config.graph = c.graph;
  config.protocol = c.scheme;
  config.separate_phases = separate;
  config.max_slots = 5000;
  return config;
}

class SeparatePhases : public ::testing::TestWithParam<PhaseCase> {};

TEST_P(SeparatePhases, PhaseBStartsEverywhereTheSlotAfterTheLastPhaseA) {
  SfExperiment e(config_of(GetParam(), true));
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const SfRunResult r = e.run(seed);
    ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front());
    // The run is Phase A, one slot in which Phase B starts everywhere, and Phase B.
    EXPECT_EQ(r.slots, r.phase_a_slots + 1 + r.phase_b_slots) << "seed " << seed;
    // The phases never share a node: a node's population is all Phase A or all Phase B.
    EXPECT_EQ(r.max_node_population, std::max(r.max_node_population_a, r.max_node_population_b))
        << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Schemes, SeparatePhases, ::testing::ValuesIn(phase_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(PipelinedPhases, OverlapOnTheHypercube) {
  // In the pipelined mode the first packets start Phase B while others are still in Phase A,
  // so the run is shorter than the separate one's Phase A + 1 + Phase B on some seed.
  const PhaseCase c{"cubes", std::make_shared<sf::HypercubeGraph>(8), "cubes"};
  SfExperiment pipelined(config_of(c, false));
  bool overlapped = false;
  for (std::uint64_t seed = 1; seed <= 4 && !overlapped; ++seed) {
    const SfRunResult r = pipelined.run(seed);
    ASSERT_TRUE(r.ok());
    overlapped = r.slots < r.phase_a_slots + 1 + r.phase_b_slots;
  }
  EXPECT_TRUE(overlapped);
}

}  // namespace
}  // namespace optinet
