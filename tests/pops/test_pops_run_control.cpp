/// \file
/// Many runs on one elaborated network: reproducibility from the seed, the slot limit, and
/// recovery after a run stopped at the limit. One PopsExperiment per test.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

#include "tests/pops/pops_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using test::errors_of;
using test::expect_run_invariants;
using test::pops_config;

/// The observable outcome of a run (everything but wall time).
auto outcome(const PopsRunResult& r) {
  return std::make_tuple(r.slots, r.steps, r.packets, r.delivered, r.collisions,
                         r.collisions_by_phase, r.max_buffers, r.hit_limit, r.errors);
}

bool has_error_containing(const PopsRunResult& r, const std::string& text) {
  for (const auto& e : r.errors) {
    if (e.find(text) != std::string::npos) return true;
  }
  return false;
}

/// Seed `seed`, then seed + 1, then `seed` again on one elaborated network: the two runs of
/// `seed` are the same.
void expect_same_run_again(const PopsExperimentConfig& config, std::uint64_t seed) {
  PopsExperiment experiment(config);
  const PopsRunResult first = experiment.run(seed);
  experiment.run(seed + 1);
  const PopsRunResult again = experiment.run(seed);
  expect_run_invariants(first);
  EXPECT_EQ(outcome(first), outcome(again));
}

TEST(Reproducibility, SameSeedGivesTheSameRunOnDEqualsG) {
  expect_same_run_again(pops_config(8, 8), 7);
}

TEST(Reproducibility, SameSeedGivesTheSameRunOnDGreaterThanG) {
  expect_same_run_again(pops_config(16, 4), 3);
}

TEST(Reproducibility, SameSeedGivesTheSameRunOnDLessThanG) {
  expect_same_run_again(pops_config(3, 16, PermutationKind::kPartial), 11);
}

TEST(Reproducibility, DifferentSeedsGiveDifferentRuns) {
  PopsExperiment experiment(pops_config(8, 8));
  std::set<std::pair<std::uint64_t, std::uint64_t>> slots_and_collisions;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    slots_and_collisions.insert({r.slots, r.collisions});
  }
  EXPECT_GT(slots_and_collisions.size(), 1u);
}

TEST(Reproducibility, FixedTrafficStillVariesWithTheSeed) {
  // Bit-reversal traffic is the same every run; the relay choices must still follow the seed.
  PopsExperiment experiment(pops_config(8, 8, PermutationKind::kBitReversal));
  std::set<std::uint64_t> collisions;
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    collisions.insert(experiment.run(seed).collisions);
  EXPECT_GT(collisions.size(), 1u);
}

// ---- the slot limit ---------------------------------------------------------------------------

TEST(SlotLimit, RunStopsAtTheLimitAndSaysSo) {
  // POPS(32,2) cannot finish in 50 slots: its participation law alone spans 61 steps.
  PopsExperimentConfig config = pops_config(32, 2);
  config.max_slots = 50;
  PopsExperiment experiment(config);
  const PopsRunResult r = experiment.run(1);
  EXPECT_TRUE(r.hit_limit);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.slots, 50u);
  EXPECT_EQ(r.packets, 64u);
  EXPECT_LT(r.delivered, r.packets);
  EXPECT_TRUE(has_error_containing(r, "slot limit")) << errors_of(r);
  EXPECT_TRUE(has_error_containing(r, "not delivered")) << errors_of(r);
}

TEST(SlotLimit, RunNeedingExactlyTheLimitIsNotStopped) {
  // A lone packet in POPS(4,4) always takes exactly one step (5 slots). With --max-slots 5 the
  // run does not exceed the limit: it must complete and pass.
  PopsExperimentConfig config = pops_config(4, 4, PermutationKind::kFile);
  config.file_permutation = test::only(16, {{1, 9}});
  config.max_slots = 5;
  PopsExperiment experiment(config);
  const PopsRunResult r = experiment.run(1);
  EXPECT_FALSE(r.hit_limit) << errors_of(r);
  EXPECT_TRUE(r.ok()) << errors_of(r);
  EXPECT_EQ(r.slots, 5u);
  EXPECT_EQ(r.delivered, 1u);
}

TEST(SlotLimit, RunNeedingOneSlotMoreThanTheLimitIsStopped) {
  PopsExperimentConfig config = pops_config(4, 4, PermutationKind::kFile);
  config.file_permutation = test::only(16, {{1, 9}});
  config.max_slots = 4;
  PopsExperiment experiment(config);
  const PopsRunResult r = experiment.run(1);
  EXPECT_TRUE(r.hit_limit);
  EXPECT_EQ(r.slots, 4u);
  EXPECT_EQ(r.delivered, 0u);
  EXPECT_TRUE(has_error_containing(r, "1 of 1 packets not delivered")) << errors_of(r);
}

TEST(SlotLimit, SecondRunAfterALimitHitAlsoStopsCleanly) {
  PopsExperimentConfig config = pops_config(32, 2);
  config.max_slots = 50;
  PopsExperiment experiment(config);
  experiment.run(1);
  PopsRunResult r;
  ASSERT_NO_THROW(r = experiment.run(2));
  EXPECT_TRUE(r.hit_limit);
  EXPECT_EQ(r.slots, 50u);
  EXPECT_EQ(r.packets, 64u);
  EXPECT_LE(r.delivered, r.packets);
  EXPECT_TRUE(has_error_containing(r, "not delivered")) << errors_of(r);
  // Only the limit and the missing packets are reported: nothing duplicated or invented by
  // leftovers of the first run.
  EXPECT_FALSE(has_error_containing(r, "twice")) << errors_of(r);
  EXPECT_FALSE(has_error_containing(r, "invented")) << errors_of(r);
  EXPECT_FALSE(has_error_containing(r, "collisions in slot")) << errors_of(r);
}

TEST(SlotLimit, RunsAfterALimitHitCompleteCorrectly) {
  // POPS(4,4) with a limit of 3 steps: some seeds finish, some are stopped. Runs that follow a
  // stopped run must be as correct as any other.
  PopsExperimentConfig config = pops_config(4, 4);
  config.max_slots = 15;
  PopsExperiment experiment(config);
  unsigned stopped = 0, completed_after_stop = 0;
  bool previous_stopped = false;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    PopsRunResult r;
    ASSERT_NO_THROW(r = experiment.run(seed));
    if (r.hit_limit) {
      ++stopped;
      EXPECT_EQ(r.slots, 15u);
      EXPECT_LE(r.delivered, r.packets);
      EXPECT_FALSE(r.ok());
    } else {
      expect_run_invariants(r);
      EXPECT_LE(r.slots, 15u);
      if (previous_stopped) ++completed_after_stop;
    }
    previous_stopped = r.hit_limit;
  }
  EXPECT_GT(stopped, 0u);
  EXPECT_GT(completed_after_stop, 0u);
}

TEST(SlotLimit, StoppedRunDoesNotChangeTheNextRunsOutcome) {
  // The same seed gives the same run whether the previous run completed or was stopped.
  PopsExperimentConfig config = pops_config(4, 4);
  config.max_slots = 15;
  PopsExperiment experiment(config);
  // Find a seed that completes and one that is stopped.
  std::uint64_t completes = 0, stops = 0;
  for (std::uint64_t seed = 1; seed <= 60 && (completes == 0 || stops == 0); ++seed) {
    const PopsRunResult r = experiment.run(seed);
    (r.hit_limit ? stops : completes) = seed;
  }
  ASSERT_NE(completes, 0u);
  ASSERT_NE(stops, 0u);
  experiment.run(completes);
  const PopsRunResult after_completed = experiment.run(completes);
  experiment.run(stops);
  const PopsRunResult after_stopped = experiment.run(completes);
  expect_run_invariants(after_stopped);
  EXPECT_EQ(outcome(after_completed), outcome(after_stopped));
}

// A processor reaches the clock, run control and its group's bundles through pointers, not
// ports (elaboration cost): its only SystemC child is its thread, and it still runs.
TEST(Elaboration, AProcessorIsOneModuleWithOneThreadAndNoPorts) {
  PopsExperiment experiment(pops_config(4, 4));
  for (NodeId i = 0; i < 16; ++i) {
    const auto children = experiment.network().processor(i).get_child_objects();
    ASSERT_EQ(children.size(), 1u) << "processor " << i;
    EXPECT_STREQ(children.front()->kind(), "sc_thread_process") << "processor " << i;
  }
  expect_run_invariants(experiment.run(1));
}

}  // namespace
