/// \file
/// Each fault kind acting in the hardware of a tiny POPS(2,2), slot for slot. TDMA sends the
/// lone packet 0 -> 2 through coupler c(1,0) in slot 1 (and never again), so a fault acting from
/// slot 1 loses it there and one acting from slot 2 does not. One PopsExperiment per test.
#include <gtest/gtest.h>

#include <string>

#include "testbenches/faults/fault_option.h"
#include "tests/pops/pops_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;

FaultTargets targets() {
  FaultTargets t;
  t.network = "POPS(2,2)";
  t.coupler_groups = 2;
  t.nodes = 4;
  t.jammers = t.ber = true;
  return t;
}

PopsExperimentConfig lone_packet(const std::string& protocol, std::vector<std::string> faults) {
  PopsExperimentConfig c = test::pops_config(2, 2, PermutationKind::kFile);
  c.protocol = protocol;
  c.file_permutation = test::only(4, {{0, 2}});
  c.faults = parse_fault_plan(faults, targets());
  return c;
}

void expect_lost_in_slot_1(const PopsRunResult& r, const std::string& spec) {
  EXPECT_TRUE(r.errors.empty()) << test::errors_of(r);
  EXPECT_EQ(r.delivered, 0u);
  ASSERT_EQ(r.faults.losses.size(), 1u);
  EXPECT_EQ(r.faults.losses[0],
            "packet 0 (0 -> 2): stopped by fault " + spec + " (first frame lost in slot 1)");
  EXPECT_FALSE(r.faults.stalled);
  EXPECT_EQ(r.slots, 2u);
}

void expect_delivered(const PopsRunResult& r) {
  EXPECT_TRUE(r.ok()) << test::errors_of(r);
  EXPECT_EQ(r.delivered, 1u);
  EXPECT_TRUE(r.faults.losses.empty());
}

class FaultFromSlot : public testing::TestWithParam<std::string> {};

TEST_P(FaultFromSlot, LosesTheFrameOfSlot1) {
  PopsExperiment e(lone_packet("tdma", {GetParam() + "@1"}));
  const PopsRunResult r = e.run(1);
  expect_lost_in_slot_1(r, GetParam() + "@1");
  EXPECT_EQ(e.faults().log().frames_lost().at(0), 1u);
}

TEST_P(FaultFromSlot, ActsNotBeforeItsSlot) {
  PopsExperiment e(lone_packet("tdma", {GetParam() + "@2"}));
  expect_delivered(e.run(1));
  EXPECT_EQ(e.faults().log().frames_lost().at(0), 0u);
}

// c(1,0) carries the packet; node 2 receives it; node 1 (group 0) jams every c(b,0).
INSTANTIATE_TEST_SUITE_P(Kinds, FaultFromSlot,
                         testing::Values("coupler:1:0", "receiver:2", "jammer:1"),
                         [](const auto& info) {
                           return info.param.substr(0, info.param.find(':'));
                         });

TEST(Faults, OtherMediaAndNodesDoNotTouchThePacket) {
  PopsExperiment e(lone_packet("tdma", {"coupler:0:1", "coupler:0:0", "receiver:3", "jammer:2"}));
  expect_delivered(e.run(1));
}

TEST(Faults, AJammedCouplerCollidesButAJammerReportsNoCollisionOfTheProtocol) {
  PopsExperiment e(lone_packet("tdma", {"jammer:1"}));
  const PopsRunResult r = e.run(1);
  expect_lost_in_slot_1(r, "jammer:1");
  EXPECT_EQ(r.collisions, 0u);  // the protocol's own collisions: none
  EXPECT_EQ(e.network().coupler(1, 0).collision_slots(), 1u);
}

TEST(Faults, BitErrorRateOneGarblesEveryFrameAndZeroNoneIsRefused) {
  PopsExperiment e(lone_packet("tdma", {"ber:1"}));
  expect_lost_in_slot_1(e.run(1), "ber:1");
}

// The randomized router keeps its packet until acknowledged: with c(1,0) dead, packet 0 -> 2
// (slot 5 always crosses c(group 1, 2 mod 2 = 0) = c(1,0)) can never arrive. Whether the source
// is acknowledged depends on the relay group it draws: through relay group 0 it is (its copy
// is then lost in slot 5), through relay group 1 its first frame dies in slot 1 and it retries.
TEST(Faults, ARunWithoutAPathEndsAndSaysWhy) {
  PopsExperimentConfig c = lone_packet("randomized", {"coupler:1:0"});
  c.max_slots = 100000;
  PopsExperiment e(c);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const PopsRunResult r = e.run(seed);
    EXPECT_TRUE(r.errors.empty()) << test::errors_of(r);
    EXPECT_FALSE(r.hit_limit);
    EXPECT_EQ(r.delivered, 0u);
    ASSERT_EQ(r.faults.losses.size(), 1u);
    EXPECT_NE(r.faults.losses[0].find("stopped by fault coupler:1:0"), std::string::npos);
    // Either acknowledged (ends at once) or stopped by the progress watch after its window.
    if (r.faults.stalled) {
      EXPECT_EQ(r.slots, ProgressWatch::window_for(4));  // no delivery since slot 0
    } else {
      EXPECT_LT(r.slots, 1000u);
    }
  }
}

// A dead relay coupler leaves another path: every packet arrives, the losses were retries.
TEST(Faults, TheRandomizedRouterRoutesAroundADeadRelayCoupler) {
  PopsExperimentConfig c = lone_packet("randomized", {"coupler:0:0"});
  PopsExperiment e(c);
  std::uint64_t lost = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const PopsRunResult r = e.run(seed);
    EXPECT_TRUE(r.errors.empty()) << test::errors_of(r);
    EXPECT_EQ(r.delivered, 1u);
    EXPECT_TRUE(r.faults.losses.empty());
    lost += e.faults().log().frames_lost().at(0);
  }
  EXPECT_GT(lost, 0u);  // relay group 0 was drawn at least once in 8 runs
}

TEST(Faults, TheSameSeedGivesTheSameRun) {
  PopsExperimentConfig c = test::pops_config(4, 4);
  c.faults = parse_fault_plan({"ber:0.2", "coupler:2:1@7"}, [] {
    FaultTargets t = targets();
    t.network = "POPS(4,4)";
    t.coupler_groups = 4;
    t.nodes = 16;
    return t;
  }());
  PopsExperiment e(c);
  const PopsRunResult a = e.run(5);
  const std::vector<std::uint64_t> lost_a = e.faults().log().frames_lost();
  e.run(6);
  const PopsRunResult b = e.run(5);
  EXPECT_EQ(a.slots, b.slots);
  EXPECT_EQ(a.delivered, b.delivered);
  EXPECT_EQ(a.faults.losses, b.faults.losses);
  EXPECT_EQ(a.faults.duplicates, b.faults.duplicates);
  EXPECT_EQ(lost_a, e.faults().log().frames_lost());
  EXPECT_GT(lost_a[0], 0u);
  EXPECT_TRUE(a.errors.empty()) << test::errors_of(a);
}

}  // namespace
