// The deadlock test (models/sf/sf_deadlock.h): a bounded run in which nothing can
// move ends in the slot the routers prove it, with a reason naming a wait-for cycle, its
// conservation still checked; a bounded run that moves, however slowly, is not stopped. Each
// TEST elaborates once (its own process).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "models/topology/hypercube.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet {
namespace {

/// `shuffle-exchange --n 4 --traffic random --queue-capacity 1` (which ran to the slot limit
/// before the test existed), in `view`.
sf::SfRunResult shuffle_exchange_q1(NetworkView view, bool node_processes = false) {
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::ShuffleExchangeGraph>(4);
  config.protocol = "se";
  config.capacity = 1;
  config.traffic = PermutationKind::kRandom;
  config.view = view;
  config.node_processes = node_processes;
  sf::SfExperiment e(config);
  return e.run(1);
}

void expect_deadlock(const sf::SfRunResult& r) {
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.hit_limit);
  EXPECT_LT(r.slots, 100u);
  EXPECT_LT(r.wall_seconds, 0.5);
  EXPECT_LT(r.delivered, r.packets);
  ASSERT_NE(r.deadlock, "");
  EXPECT_EQ(r.deadlock.rfind("deadlock in slot " + std::to_string(r.slots) + ": ", 0), 0u)
      << r.deadlock;
  EXPECT_NE(r.deadlock.find("wait-for cycle "), std::string::npos) << r.deadlock;
  // Conservation is checked as for any run: the packets kept are reported, then the reason.
  ASSERT_GE(r.errors.size(), 2u);
  EXPECT_NE(r.errors.front().find("packets not delivered"), std::string::npos) << r.errors.front();
  EXPECT_EQ(r.errors.back(), r.deadlock);
}

TEST(SfDeadlock, EndsAtOnceWithItsReasonInTheGroupedView) {
  expect_deadlock(shuffle_exchange_q1(NetworkView::kGrouped));
}

TEST(SfDeadlock, EndsAtOnceWithItsReasonInThePinsView) {
  expect_deadlock(shuffle_exchange_q1(NetworkView::kPins));
}

TEST(SfDeadlock, EndsAtOnceWithItsReasonWithNodeProcesses) {
  expect_deadlock(shuffle_exchange_q1(NetworkView::kGrouped, true));
}

TEST(SfDeadlock, ABoundedRunThatMovesIsNotStopped) {
  // The 6-cube with one-packet queues: congested (many refused offers), every packet delivered.
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::HypercubeGraph>(6);
  config.protocol = "cubes";
  config.capacity = 1;
  config.traffic = PermutationKind::kRandom;
  sf::SfExperiment e(config);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const sf::SfRunResult r = e.run(seed);
    EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.back());
    EXPECT_EQ(r.deadlock, "");
    EXPECT_EQ(r.delivered, r.packets);
  }
}

}  // namespace
}  // namespace optinet
