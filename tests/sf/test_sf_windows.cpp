// Theorem 4's set-up (--phase-window W): sub-phase s of every packet runs in slots
// [s W, (s+1) W); a packet that finishes early waits, one that overruns goes on at once (the
// fall-back). One experiment per test: SystemC elaborates once per process.
#include <gtest/gtest.h>

#include <memory>

#include "models/topology/grid.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet {
namespace {

sf::SfExperimentConfig windowed(unsigned n, unsigned k, std::uint64_t window) {
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::GridGraph>(n, k);
  config.protocol = "gridk";
  config.traffic = PermutationKind::kRandom;
  config.phase_window = window;
  config.max_slots = 5000;
  return config;
}

TEST(SfPhaseWindow, AWideWindowHoldsEveryPhaseToItsSlots) {
  // n = 6, k = 3: 5 sub-phases of at most 5 hops each plus queueing; W = 30 is never overrun.
  constexpr std::uint64_t w = 30;
  sf::SfExperiment e(windowed(6, 3, w));
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const sf::SfRunResult r = e.run(seed);
    ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front());
    EXPECT_EQ(r.window_overruns, 0u);
    // The last sub-phase starts at slot 4 W for every packet and ends within its window.
    EXPECT_GT(r.slots, 4 * w) << "seed " << seed;
    EXPECT_LE(r.slots, 5 * w) << "seed " << seed;
    for (std::uint64_t d : r.subphase_slots) EXPECT_LE(d, w) << "seed " << seed;
  }
}

TEST(SfPhaseWindow, ANarrowWindowFallsBackAndStillDeliversEveryPacket) {
  sf::SfExperiment e(windowed(6, 3, 2));
  const sf::SfRunResult r = e.run(1);
  ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front());
  EXPECT_EQ(r.delivered, r.packets);
  EXPECT_GT(r.window_overruns, 0u);
}

}  // namespace
}  // namespace optinet
