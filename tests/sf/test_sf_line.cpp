// Fact 1 on the link model: a queue line (the grid with k = 1, one dimension) with m packets
// delays no packet by more than m - 1, whatever the queueing discipline. Also exact times
// where routing is contention-free.
#include <gtest/gtest.h>

#include <algorithm>

#include "models/topology/grid.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet {
namespace {

constexpr unsigned kSide = 24;

sf::SfExperimentConfig line(sf::Discipline d) {
  sf::SfExperimentConfig c;
  c.graph = std::make_shared<sf::GridGraph>(kSide, 1);
  c.protocol = "gridk";  // Route(n, 1, 1): straight to the destination
  c.discipline = d;
  c.max_slots = 10000;
  return c;
}

void check_fact_1(sf::Discipline discipline) {
  sf::SfExperiment e(line(discipline));
  // m packets all at node 0 for node kSide-1: they leave one per slot, delays 0 .. m-1.
  const std::uint32_t m = 10;
  std::vector<Packet> same;
  for (std::uint32_t i = 0; i < m; ++i) same.push_back(Packet{i, 0, kSide - 1, 100 + i});
  sf::SfRunResult r = e.run_packets(1, same);
  ASSERT_TRUE(r.ok());
  std::vector<std::uint64_t> delays = e.delays();
  std::sort(delays.begin(), delays.end());
  for (std::uint32_t i = 0; i < m; ++i) EXPECT_EQ(delays[i], i);
  EXPECT_EQ(r.slots, kSide - 1 + m - 1);

  // Random placements of m packets moving right (one queue line): no delay exceeds m - 1.
  Rng rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint32_t count = 2 + rng.below(30);
    std::vector<Packet> packets;
    for (std::uint32_t i = 0; i < count; ++i) {
      const NodeId from = rng.below(kSide - 1);
      const NodeId to = from + 1 + rng.below(kSide - 1 - from);
      packets.push_back(Packet{i, from, to, i});
    }
    r = e.run_packets(1000 + trial, packets);
    ASSERT_TRUE(r.ok()) << "trial " << trial;
    EXPECT_LE(r.max_delay, count - 1u) << "trial " << trial;
    EXPECT_EQ(r.delivered, count);
  }
}

TEST(SfLine, Fact1HoldsUnderFifo) { check_fact_1(sf::Discipline::kFifo); }
TEST(SfLine, Fact1HoldsUnderFurthestToGoFirst) { check_fact_1(sf::Discipline::kFurthestFirst); }

TEST(SfLine, APermutationOnALineIsContentionFree) {
  // Every packet starts at slot 0 and packets moving the same way never meet: the reversal
  // takes exactly side - 1 slots with no delay.
  sf::SfExperiment e(line(sf::Discipline::kFifo));
  std::vector<Packet> packets;
  for (NodeId x = 0; x < kSide; ++x) packets.push_back(Packet{x, x, kSide - 1 - x, x});
  const sf::SfRunResult r = e.run_packets(3, packets);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.slots, kSide - 1);
  EXPECT_EQ(r.max_delay, 0u);
  EXPECT_EQ(r.hops, std::uint64_t{kSide} * kSide / 2);  // sum of |2x - 23| for x < 24
}

}  // namespace
}  // namespace optinet
