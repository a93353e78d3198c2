/// \file
/// The randomized router simulated on POPS(d,g) networks of every kind of shape (d = g, d > g,
/// d < g) and traffic: conservation and the protocol's invariants, many seeds per network.
/// One PopsExperiment per test (each test has its own process); many runs on it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "protocols/pops/randomized_plan.h"
#include "tests/pops/pops_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using test::expect_run_invariants;
using test::pops_config;

struct SimCase {
  std::uint32_t d;
  std::uint32_t g;
  PermutationKind traffic;
  unsigned runs;
};

std::string case_name(const testing::TestParamInfo<SimCase>& info) {
  std::string kind = permutation_kind_name(info.param.traffic);
  std::replace(kind.begin(), kind.end(), '-', '_');
  return "d" + std::to_string(info.param.d) + "_g" + std::to_string(info.param.g) + "_" + kind;
}

std::vector<SimCase> all_cases() {
  struct Shape {
    std::uint32_t d, g;
    unsigned random_runs;
  };
  const Shape shapes[] = {
      {4, 4, 100}, {8, 8, 50},  {16, 16, 20},  // d = g
      {16, 4, 50}, {32, 2, 40}, {8, 2, 100},   // d > g
      {2, 8, 100}, {3, 16, 40}, {1, 5, 100},   // d < g
      {2, 2, 100}, {5, 3, 100}, {3, 7, 100},
      {3, 5, 100}, {2, 6, 100},  // d < g with 2d-1 dividing g (see TwoPacketsDLessThanG)
  };
  std::vector<SimCase> cases;
  for (const Shape& s : shapes) {
    const std::uint32_t n = s.d * s.g;
    cases.push_back({s.d, s.g, PermutationKind::kRandom, s.random_runs});
    cases.push_back({s.d, s.g, PermutationKind::kPartial, s.random_runs / 2});
    for (PermutationKind k : {PermutationKind::kBitReversal, PermutationKind::kTranspose}) {
      if (permutation_unavailable(k, n).empty()) cases.push_back({s.d, s.g, k, 10});
    }
  }
  return cases;
}

class PopsConservation : public testing::TestWithParam<SimCase> {};

TEST_P(PopsConservation, EveryRunDeliversEveryPacketWithinTheInvariants) {
  const SimCase& c = GetParam();
  PopsExperiment experiment(pops_config(c.d, c.g, c.traffic));
  for (std::uint64_t seed = 1; seed <= c.runs; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    if (c.traffic == PermutationKind::kPartial) {
      EXPECT_LE(r.packets, std::uint64_t{c.d} * c.g);
    } else {
      EXPECT_EQ(r.packets, std::uint64_t{c.d} * c.g);
    }
    EXPECT_EQ(r.seed, seed);
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, PopsConservation, testing::ValuesIn(all_cases()), case_name);

TEST(PopsConservation, FilePermutationReadFromAFileIsRouted) {
  // POPS(3,7), d < g: a file with comments, one source without a packet, one fixed point.
  const std::string path = std::filesystem::temp_directory_path() /
                           ("optinet_test_perm_" + std::to_string(getpid()) + ".txt");
  {
    std::ofstream f(path);
    f << "# POPS(3,7): destinations of sources 0..20, reversed\n"
         "20 19 18 - 16 15 14  # source 3 sends nothing\n"
         "13 12 11 10 9 8 7    # source 10 sends to itself\n"
         "6 5 4 3 2 1 0\n";
  }
  PopsExperimentConfig config = pops_config(3, 7, PermutationKind::kFile);
  config.file_permutation = read_permutation_file(path, 21);
  std::remove(path.c_str());
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.packets, 20u);
  }
}

TEST(PopsConservation, Pops32x2CompletesWithin5000SlotsForManySeeds) {
  // The participation law alone spans 61 steps (305 slots); Theorem 3.8 gives 5c*ceil(d/g) =
  // 314 slots plus lower-order terms. Over seeds 1-2000 the slowest run takes 2330 slots, so a
  // limit of 5000 leaves a wide margin but catches a router whose back-off lets packets that
  // share a relay group contend for thousands of steps.
  PopsExperimentConfig config = pops_config(32, 2);
  config.max_slots = 5000;
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 100; seed < 160; ++seed) expect_run_invariants(experiment.run(seed));
}

TEST(PopsSteps, DGreaterThanGMovesAtMostGPacketsPerGroupPerStep) {
  // POPS(8,2), every packet leaves its group (node i -> i + 8 mod 16): group a has 8 packets and
  // only g = 2 couplers c(b, a), so no run can take fewer than 8 / 2 = 4 steps.
  PopsExperimentConfig config = pops_config(8, 2, PermutationKind::kFile);
  for (NodeId i = 0; i < 16; ++i) config.file_permutation.push_back((i + 8) % 16);
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_GE(r.steps, 4u) << "seed " << seed;
  }
}

TEST(PopsConservation, LargeNetwork64x64) {
  PopsExperiment experiment(pops_config(64, 64));
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.packets, 4096u);
  }
}

TEST(PopsConservation, LargeNetwork256x16) {
  PopsExperiment experiment(pops_config(256, 16));
  const PopsRunResult r = experiment.run(1);
  expect_run_invariants(r);
  EXPECT_EQ(r.packets, 4096u);
}

TEST(PopsCollisions, DGreaterThanGCollidesOnlyInSlots1And2) {
  // With d/g = 16 packets per coupler, slot 1 and 2 collisions must occur (the coupler model is
  // wired into the network) while slots 3-5 stay clean.
  PopsExperiment experiment(pops_config(32, 2));
  std::uint64_t early = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    early += r.collisions_by_phase[0] + r.collisions_by_phase[1];
  }
  EXPECT_GT(early, 0u);
}

TEST(PopsSteps, DEqualsGNeedsFewSteps) {
  // Theorem 3.7: O(log log g) slots w.h.p. for d = g. Under fixed seeds, POPS(16,16) with random
  // traffic must finish every run within 20 steps and average at most 12.
  PopsExperiment experiment(pops_config(16, 16));
  std::uint64_t total = 0;
  const unsigned runs = 10;
  for (std::uint64_t seed = 1; seed <= runs; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_LE(r.steps, 20u) << "seed " << seed;
    EXPECT_GE(r.steps, 1u) << "seed " << seed;
    total += r.steps;
  }
  EXPECT_LE(static_cast<double>(total) / runs, 12.0);
}

// ---- the correct variants
// --------------------------------------------------------------------------

struct VariantCase {
  const char* protocol;
  std::uint32_t d;
  std::uint32_t g;
  PermutationKind traffic;
  unsigned runs;
};

std::string variant_name(const testing::TestParamInfo<VariantCase>& info) {
  std::string name = std::string(info.param.protocol) + "_d" + std::to_string(info.param.d) + "_g" +
                     std::to_string(info.param.g) + "_" + permutation_kind_name(info.param.traffic);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

std::vector<VariantCase> variant_cases() {
  struct Shape {
    std::uint32_t d, g;
  };
  std::vector<VariantCase> cases;
  const auto add = [&](const char* protocol, std::initializer_list<Shape> shapes, unsigned runs) {
    for (const Shape& s : shapes) {
      const std::uint32_t n = s.d * s.g;
      for (PermutationKind k :
           {PermutationKind::kRandom, PermutationKind::kPartial, PermutationKind::kIdentity,
            PermutationKind::kBitReversal, PermutationKind::kTranspose}) {
        if (!permutation_unavailable(k, n).empty()) continue;
        cases.push_back({protocol, s.d, s.g, k, k == PermutationKind::kRandom ? runs : runs / 4});
      }
    }
  };
  // d > g: L = 2, 4, 8, 16 and a d that is not a multiple of g (a partial last layer).
  for (const char* p : {"randomized", "randomized-law"}) {
    add(p, {{8, 4}, {16, 4}, {32, 4}, {32, 2}, {16, 2}, {5, 3}, {2, 1}}, 80);
  }
  add("randomized-bijective", {{2, 2}, {4, 4}, {8, 8}, {16, 16}}, 80);
  return cases;
}

class VariantConservation : public testing::TestWithParam<VariantCase> {};

TEST_P(VariantConservation, ZeroLossAndSlots3To5NeverCollide) {
  const VariantCase& c = GetParam();
  PopsExperimentConfig config = pops_config(c.d, c.g, c.traffic);
  config.protocol = c.protocol;
  PopsExperiment experiment(config);
  std::uint64_t early = 0;
  for (std::uint64_t seed = 1; seed <= c.runs; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);  // conservation (zero loss) and Proposition 3.2
    early += r.collisions_by_phase[1];
  }
  if (std::string(c.protocol) != "randomized-literal" && c.d == c.g) {
    // The bijective relay: two copies meet in slot 2 only if they share their slot-5 coupler,
    // which a permutation never does for d = g.
    EXPECT_EQ(early, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(CorrectVariants, VariantConservation, testing::ValuesIn(variant_cases()),
                         variant_name);

/// Slot-2 collisions over the first 3L steps (the run cut there with --max-slots), seeds 1-10.
std::uint64_t slot2_collisions_in_windows(const char* protocol, pops::PopsShape shape) {
  PopsExperimentConfig config = pops_config(shape.d, shape.g);
  config.protocol = protocol;
  config.max_slots = 5 * pops::window_steps(shape);
  PopsExperiment experiment(config);
  std::uint64_t total = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed)
    total += experiment.run(seed).collisions_by_phase.at(1);
  return total;
}

class LayerWindows : public testing::TestWithParam<pops::PopsShape> {};

TEST_P(LayerWindows, OneEligiblePacketPerKeyMeansSlot2NeverCollidesInTheWindows) {
  // Under layer windows every key has one eligible packet per step, and with the bijective relay
  // two copies meet in slot 2 only if they share a key: slot 2 stays free of collisions for the
  // first 3L steps.
  EXPECT_EQ(slot2_collisions_in_windows("randomized", GetParam()), 0u);
}

INSTANTIATE_TEST_SUITE_P(Shapes, LayerWindows,
                         testing::Values(pops::PopsShape{16, 4}, pops::PopsShape{32, 2},
                                         pops::PopsShape{64, 4}),
                         [](const auto& info) {
                           return "d" + std::to_string(info.param.d) + "_g" +
                                  std::to_string(info.param.g);
                         });

TEST(LayerWindows, TheLawOverTheSameStepsLetsSlot2Collide) {
  // The counter-check: with the paper's law a key can hold several packets, and slot 2 collides.
  EXPECT_GT(slot2_collisions_in_windows("randomized-law", pops::PopsShape{32, 2}), 0u);
}

TEST(VariantConservation, LiteralLosesPacketsForDAboveG) {
  // The diagnostic: slot-5 collisions after acknowledgement (the scoreboard reports them).
  PopsExperimentConfig config = pops_config(16, 4);
  config.protocol = "randomized-literal";
  PopsExperiment experiment(config);
  std::uint64_t slot5 = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed)
    slot5 += experiment.run(seed).collisions_by_phase[4];
  EXPECT_GT(slot5, 0u);
}

}  // namespace
