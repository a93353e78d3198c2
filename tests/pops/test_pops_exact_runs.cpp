/// \file
/// Runs whose outcome the algorithm forces exactly: trivial networks and traffic, lone packets
/// (which cannot collide), packets that share no coupler. One PopsExperiment per test.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "protocols/pops/randomized_plan.h"
#include "tests/pops/pops_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using test::expect_run_invariants;
using test::only;
using test::pops_config;

// ---- POPS(1,1): one node, its packet addressed to itself -------------------------------------

class Pops1x1 : public testing::TestWithParam<PermutationKind> {};

TEST_P(Pops1x1, RoutesItsPacketInOneStep) {
  // The paper routes a packet addressed to its own source through the network like any other:
  // one step of five slots (none if a partial permutation left the node without a packet).
  PopsExperiment experiment(pops_config(1, 1, GetParam()));
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.slots, 5u * r.packets);
    EXPECT_EQ(r.collisions, 0u);
    if (GetParam() == PermutationKind::kPartial) {
      EXPECT_LE(r.packets, 1u);
    } else {
      EXPECT_EQ(r.packets, 1u);
      EXPECT_EQ(r.delivered, 1u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Traffic, Pops1x1,
                         testing::Values(PermutationKind::kRandom, PermutationKind::kIdentity,
                                         PermutationKind::kBitReversal, PermutationKind::kTranspose,
                                         PermutationKind::kPartial),
                         [](const auto& param_info) {
                           std::string k = permutation_kind_name(param_info.param);
                           return k == "bit-reversal" ? std::string("bit_reversal") : k;
                         });

// ---- identity: every packet is routed through the network, as in the paper --------------------

class IdentityTraffic : public testing::TestWithParam<pops::PopsShape> {};

TEST_P(IdentityTraffic, IsRoutedThroughTheNetwork) {
  const pops::PopsShape s = GetParam();
  PopsExperiment experiment(pops_config(s.d, s.g, PermutationKind::kIdentity));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    // A group's d packets leave on its g couplers: at least ceil(d/g) steps.
    EXPECT_GE(r.steps, (s.d + s.g - 1) / s.g);
    EXPECT_EQ(r.packets, s.n());
    EXPECT_EQ(r.delivered, s.n());
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, IdentityTraffic,
                         testing::Values(pops::PopsShape{4, 4}, pops::PopsShape{16, 4},
                                         pops::PopsShape{2, 8}),
                         [](const auto& param_info) {
                           return "d" + std::to_string(param_info.param.d) + "_g" +
                                  std::to_string(param_info.param.g);
                         });

// ---- lone packets -----------------------------------------------------------------------------

TEST(LonePacket, DEqualsGIsDeliveredInExactlyOneStep) {
  // POPS(4,4): node 1 (group 0) -> node 9 (group 2); every other node has no packet. Alone it
  // cannot collide, so whatever relay group it draws it arrives in slot 5 of step 1.
  PopsExperimentConfig config = pops_config(4, 4, PermutationKind::kFile);
  config.file_permutation = only(16, {{1, 9}});
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.packets, 1u);
    EXPECT_EQ(r.delivered, 1u);
    EXPECT_EQ(r.slots, 5u) << "seed " << seed;
    EXPECT_EQ(r.steps, 1u);
    EXPECT_EQ(r.collisions, 0u);
  }
}

TEST(LonePacket, AddressedToItselfTakesOneStep) {
  // As in the paper, a self-addressed packet crosses the network like any other.
  PopsExperimentConfig config = pops_config(4, 4, PermutationKind::kFile);
  config.file_permutation = only(16, {{6, 6}});
  PopsExperiment experiment(config);
  const PopsRunResult r = experiment.run(1);
  expect_run_invariants(r);
  EXPECT_EQ(r.delivered, 1u);
  EXPECT_EQ(r.slots, 5u);
}

TEST(LonePacket, WithinItsOwnGroupStillTakesOneStep) {
  // Node 5 -> node 7, both in group 1: the router does not special-case the source group.
  PopsExperimentConfig config = pops_config(4, 4, PermutationKind::kFile);
  config.file_permutation = only(16, {{5, 7}});
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.slots, 5u) << "seed " << seed;
  }
}

/// d < g: the first step (from 1) in which source group a has a usable relay towards t.
std::uint64_t first_usable_step(const pops::PopsShape& s, std::uint32_t a, std::uint32_t t) {
  for (std::uint64_t step = 1;; ++step) {
    for (std::uint32_t r = 0; r < s.g; ++r) {
      if (pops::relay_usable(s, step, a, r, t)) return step;
    }
  }
}

struct LoneMove {
  pops::PopsShape shape;
  NodeId source;
  NodeId destination;
};

class LonePacketDLessThanG : public testing::TestWithParam<LoneMove> {};

TEST_P(LonePacketDLessThanG, IsDeliveredInTheFirstStepWithAUsableRelay) {
  const LoneMove m = GetParam();
  const pops::PopsShape& s = m.shape;
  const std::uint64_t step =
      first_usable_step(s, s.group_of(m.source), pops::temporary_group(s, m.destination));
  ASSERT_LE(step, (s.g + 2 * s.d - 2) / (2 * s.d - 1));
  PopsExperimentConfig config = pops_config(s.d, s.g, PermutationKind::kFile);
  config.file_permutation = only(s.n(), {{m.source, m.destination}});
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.delivered, 1u);
    EXPECT_EQ(r.steps, step) << "seed " << seed;
    EXPECT_EQ(r.collisions, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Moves, LonePacketDLessThanG,
                         testing::Values(LoneMove{{2, 8}, 0, 15}, LoneMove{{2, 8}, 3, 4},
                                         LoneMove{{2, 8}, 9, 2}, LoneMove{{1, 5}, 0, 4},
                                         LoneMove{{1, 5}, 2, 3}, LoneMove{{1, 5}, 4, 0},
                                         LoneMove{{3, 16}, 7, 40}),
                         [](const auto& param_info) {
                           const LoneMove& m = param_info.param;
                           return "d" + std::to_string(m.shape.d) + "_g" +
                                  std::to_string(m.shape.g) + "_" + std::to_string(m.source) +
                                  "_to_" + std::to_string(m.destination);
                         });

// ---- two packets ------------------------------------------------------------------------------

TEST(TwoPackets, SharingNoCouplerFinishInOneStepWithoutCollision) {
  // POPS(4,4): 1 -> 9 (source group 0, temporary group 1) and 6 -> 14 (source group 1,
  // temporary group 2). Distinct source groups keep slot 1 apart, distinct temporary groups slot
  // 2, whatever relays they draw.
  PopsExperimentConfig config = pops_config(4, 4, PermutationKind::kFile);
  config.file_permutation = only(16, {{1, 9}, {6, 14}});
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.delivered, 2u);
    EXPECT_EQ(r.slots, 5u) << "seed " << seed;
    EXPECT_EQ(r.collisions, 0u) << "seed " << seed;
  }
}

TEST(TwoPackets, SharingAKeyCollideOnlyEarly) {
  // POPS(8,2), d > g: nodes 0 and 1 (group 0) send to 8 and 10, both in group 1 with u = 0, in
  // layers 0 and 1: they share the slot-5 coupler in the steps where h(s,0) = h(s,1). With the
  // paper's law (randomized-law) both take part together, meet in slot 1 or 2 and retry: no run
  // loses a packet, slots 3-5 stay clean, early collisions happen over the seeds.
  PopsExperimentConfig config = pops_config(8, 2, PermutationKind::kFile);
  config.protocol = "randomized-law";
  config.file_permutation = only(16, {{0, 8}, {1, 10}});
  PopsExperiment experiment(config);
  std::uint64_t early = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.delivered, 2u);
    early += r.collisions_by_phase[0] + r.collisions_by_phase[1];
  }
  EXPECT_GT(early, 0u);
}

TEST(TwoPackets, InOtherLayersNeverMeetUnderLayerWindows) {
  // The same two packets under layer windows (randomized): group 1 serves layers 0 and 1 in
  // different windows of three steps, so each packet is alone when eligible and crosses in
  // the first step of its window: no collision, and the run ends in the later window's first
  // step (the windows are hashes of the run seed, which every node holds).
  const pops::PopsShape s{8, 2};
  PopsExperimentConfig config = pops_config(s.d, s.g, PermutationKind::kFile);
  config.file_permutation = only(16, {{0, 8}, {1, 10}});
  PopsExperiment experiment(config);
  const auto first_eligible = [&](std::uint64_t seed, NodeId x) {
    std::uint64_t step = 1;
    while (!pops::in_layer_window(s, seed, step, x)) ++step;
    return step;
  };
  std::set<std::uint64_t> steps;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    EXPECT_EQ(r.collisions, 0u);
    EXPECT_EQ(r.steps, std::max(first_eligible(seed, 8), first_eligible(seed, 10)));
    steps.insert(r.steps);
  }
  EXPECT_GT(steps.size(), 1u);  // the windows differ between seeds
}

TEST(TwoPackets, SameSourceGroupAndRelayCollideUnderDEqualsG) {
  // POPS(2,2): nodes 0 and 1 (group 0) to nodes 2 and 3 (temporary groups 0 and 1). A step fails
  // exactly when both draw the same relay group (one slot-1 collision); otherwise both arrive
  // (their slot-2 couplers differ by temporary group). Over 40 seeds some run needs two steps.
  PopsExperimentConfig config = pops_config(2, 2, PermutationKind::kFile);
  config.file_permutation = only(4, {{0, 2}, {1, 3}});
  PopsExperiment experiment(config);
  std::uint64_t max_steps = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    expect_run_invariants(r);
    max_steps = std::max(max_steps, r.steps);
    EXPECT_EQ(r.collisions_by_phase[0], r.steps - 1) << "seed " << seed;
    EXPECT_EQ(r.collisions_by_phase[1], 0u) << "seed " << seed;
  }
  EXPECT_GT(max_steps, 1u);
}

// ---- d < g with (2d - 1) dividing g ---------------------------------------------------------

struct PairCase {
  pops::PopsShape shape;
  NodeId destination0;  // of source 0
  NodeId destination1;  // of source 1
};

class TwoPacketsDLessThanG : public testing::TestWithParam<PairCase> {};

TEST_P(TwoPacketsDLessThanG, SameSourceAndTemporaryGroupAreDelivered) {
  // Sources 0 and 1 (group 0) send to two destinations with temporary group 0. When (2d-1)
  // divides g the listening rotation rho(s) = s(2d-1) mod g only takes multiples of 2d-1, so for
  // this pair of groups every step offers one usable relay group (rho = 0) or none: both packets
  // always pick the same relay and collide in slot 1. g = 2d-1 (2x3, 3x5, 4x7): one relay every
  // step; g = m(2d-1), m >= 2 (2x6, 3x10): one relay every m-th step, none in between. 2x8 and
  // 3x16 (2d-1 prime to g) are controls. A correct router delivers two packets long before 2000
  // slots (400 steps).
  const PairCase& c = GetParam();
  const pops::PopsShape& s = c.shape;
  ASSERT_EQ(pops::temporary_group(s, c.destination0), 0u);
  ASSERT_EQ(pops::temporary_group(s, c.destination1), 0u);
  PopsExperimentConfig config = pops_config(s.d, s.g, PermutationKind::kFile);
  config.file_permutation = only(s.n(), {{0, c.destination0}, {1, c.destination1}});
  config.max_slots = 2000;
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const PopsRunResult r = experiment.run(seed);
    EXPECT_EQ(r.delivered, 2u) << "seed " << seed << ", " << r.slots << " slots, "
                               << r.collisions_by_phase[0] << " slot-1 collisions"
                               << test::errors_of(r);
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, TwoPacketsDLessThanG,
                         testing::Values(PairCase{{2, 3}, 3, 0}, PairCase{{3, 5}, 5, 10},
                                         PairCase{{4, 7}, 7, 14}, PairCase{{2, 6}, 6, 0},
                                         PairCase{{3, 10}, 10, 20}, PairCase{{2, 8}, 8, 0},
                                         PairCase{{3, 16}, 16, 32}),
                         [](const auto& param_info) {
                           return "d" + std::to_string(param_info.param.shape.d) + "_g" +
                                  std::to_string(param_info.param.shape.g);
                         });

}  // namespace

namespace {
// ---- exact step counts on fixed seeds (a change of behaviour shows) ---------------------------

struct FixedRun {
  const char* protocol;
  std::uint32_t d, g;
  std::uint64_t seed;
  std::uint64_t steps;
};

class FixedSeedSteps : public testing::TestWithParam<FixedRun> {};

TEST_P(FixedSeedSteps, TakeExactlyTheRecordedSteps) {
  // Recorded from `optinet pops --d D --g G --protocol P --seed S` with the
  // current routers (d > g `randomized`: window classes and lengths, harmonic back-off).
  const FixedRun& f = GetParam();
  PopsExperimentConfig config = pops_config(f.d, f.g);
  config.protocol = f.protocol;
  PopsExperiment experiment(config);
  const PopsRunResult r = experiment.run(f.seed);
  expect_run_invariants(r);
  EXPECT_EQ(r.steps, f.steps);
}

INSTANTIATE_TEST_SUITE_P(
    CorrectVariants, FixedSeedSteps,
    testing::Values(FixedRun{"randomized", 16, 4, 1, 13}, FixedRun{"randomized", 16, 4, 2, 13},
                    FixedRun{"randomized-law", 16, 4, 1, 20},
                    FixedRun{"randomized-law", 16, 4, 3, 14}, FixedRun{"randomized", 32, 2, 1, 80},
                    FixedRun{"randomized", 32, 2, 3, 49},
                    FixedRun{"randomized-bijective", 8, 8, 1, 3},
                    FixedRun{"randomized-bijective", 8, 8, 2, 5},
                    FixedRun{"randomized", 8, 8, 1, 6}, FixedRun{"randomized", 8, 8, 3, 5}),
    [](const auto& info) {
      std::string name = std::string(info.param.protocol) + "_d" + std::to_string(info.param.d) +
                         "_g" + std::to_string(info.param.g) + "_seed" +
                         std::to_string(info.param.seed);
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });
}  // namespace
