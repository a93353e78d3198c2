// The paper's set-up of Valiant & Brebner's section 7 (--phases separate): each phase on its
// own. Phase B starts for every packet in the slot after the last packet finished Phase A, so
// no packet is in Phase B while another is in Phase A; the pipelined mode lets them overlap.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/sf/sf_experiment.h"

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

sf::SfExperimentConfig config_of(const PhaseCase& c, bool separate) {
  sf::SfExperimentConfig config;
  config.graph = c.graph;
  config.protocol = c.scheme;
  config.separate_phases = separate;
  config.max_slots = 5000;
  return config;
}

class SeparatePhases : public ::testing::TestWithParam<PhaseCase> {};

TEST_P(SeparatePhases, PhaseBStartsEverywhereTheSlotAfterTheLastPhaseA) {
  sf::SfExperiment e(config_of(GetParam(), true));
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const sf::SfRunResult r = e.run(seed);
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

TEST(HeldPackets, StartPhaseBInRandomOrderWhenPhasesAreSeparate) {
  // The paper randomized each queue's order before Phase B. On the 1-cube, packets 0..7 all
  // start at node 0 for node 1. Those whose Phase A stays at node 0 are held there from slot 0
  // in id order, then cross the one link in Phase B one a slot (FIFO), in the order the
  // shuffle gave them; those that crossed in Phase A wait at node 1 and finish when Phase B
  // starts. So a held packet's delay exceeds the Phase A time, and among pairs of held packets
  // the lower id leaves first in about half of the pairs; unshuffled it would in every pair.
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::HypercubeGraph>(1);
  config.protocol = "cubes";
  config.separate_phases = true;
  config.max_slots = 1000;
  sf::SfExperiment e(config);
  std::vector<Packet> packets;
  for (std::uint32_t id = 0; id < 8; ++id) packets.push_back({id, 0, 1, id});
  unsigned pairs = 0;
  unsigned lower_id_first = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const sf::SfRunResult r = e.run_packets(seed, packets);
    ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front());
    const std::vector<std::uint64_t>& delay = e.delays();
    for (std::uint32_t i = 0; i < 8; ++i) {
      for (std::uint32_t j = i + 1; j < 8; ++j) {
        if (delay[i] <= r.phase_a_slots || delay[j] <= r.phase_a_slots) continue;
        ASSERT_NE(delay[i], delay[j]) << "seed " << seed;  // one crossing a slot
        ++pairs;
        if (delay[i] < delay[j]) ++lower_id_first;
      }
    }
  }
  ASSERT_GT(pairs, 2000u);
  const double share = static_cast<double>(lower_id_first) / pairs;
  EXPECT_GT(share, 0.45) << lower_id_first << " of " << pairs;
  EXPECT_LT(share, 0.55) << lower_id_first << " of " << pairs;
}

TEST(PipelinedPhases, OverlapOnTheHypercube) {
  // In the pipelined mode the first packets start Phase B while others are still in Phase A,
  // so the run is shorter than the separate one's Phase A + 1 + Phase B on some seed.
  const PhaseCase c{"cubes", std::make_shared<sf::HypercubeGraph>(8), "cubes"};
  sf::SfExperiment pipelined(config_of(c, false));
  bool overlapped = false;
  for (std::uint64_t seed = 1; seed <= 4 && !overlapped; ++seed) {
    const sf::SfRunResult r = pipelined.run(seed);
    ASSERT_TRUE(r.ok());
    overlapped = r.slots < r.phase_a_slots + 1 + r.phase_b_slots;
  }
  EXPECT_TRUE(overlapped);
}

}  // namespace
}  // namespace optinet
