// gjlr's schedule scale (`--gjlr-scale`, Constants::scale): the default schedule is unchanged,
// and a scale s makes every thinning phase and compaction ceil(s * its length) steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "protocols/ocpc/gjlr_plan.h"

namespace optinet::ocpc::gjlr {
namespace {

Constants scaled(double s) {
  Constants c;
  c.scale = s;
  return c;
}

TEST(GjlrScale, DefaultScheduleIsUnchanged) {
  // The published schedule (docs/results/ocpc-mob.md): 114 / 129 / 177 steps at h = 1 / 2 / 4
  // from p = 2^10 on, 72 at p = 2^6, h = 2; MOB-PC 315 at p = 8, h = 2; 1034 at p = 128, h = 2.
  EXPECT_EQ(ocpc_plan(65536, 1, {}).scheduled_steps(), 114u);
  EXPECT_EQ(ocpc_plan(65536, 2, {}).scheduled_steps(), 129u);
  EXPECT_EQ(ocpc_plan(1024, 4, {}).scheduled_steps(), 177u);
  EXPECT_EQ(ocpc_plan(64, 2, {}).scheduled_steps(), 72u);
  EXPECT_EQ(mob_plan(8, 2, {}).scheduled_steps(), 315u);
  EXPECT_EQ(mob_plan(128, 2, {}).scheduled_steps(), 1034u);
  // An explicit scale of 1 is the default, for every size and h.
  for (std::uint32_t p : {64u, 512u, 4096u, 131072u}) {
    for (std::uint32_t h : {1u, 2u, 5u}) {
      EXPECT_EQ(ocpc_plan(p, h, scaled(1.0)).scheduled_steps(),
                ocpc_plan(p, h, {}).scheduled_steps());
    }
  }
}

TEST(GjlrScale, PhasesShrinkAsAsked) {
  const Constants half = scaled(0.5);
  for (std::uint32_t n : {64u, 1024u, 65536u}) {
    for (std::uint32_t h : {1u, 3u, 8u}) {
      for (std::uint32_t i = 0; i < thinning_phases(h); ++i) {
        const std::uint32_t full = thinning_phase_steps(h, i, n, {});
        EXPECT_EQ(thinning_phase_steps(h, i, n, half), (full + 1) / 2);  // c3 = 2: full is even
        EXPECT_EQ(thinning_phase_steps(h, i, n, scaled(0.25)), (full + 3) / 4);
        EXPECT_EQ(thinning_phase_steps(h, i, n, scaled(2.0)), 2 * full);
      }
    }
    EXPECT_EQ(compaction_steps(n, half), log_log(n));
    EXPECT_EQ(compaction_steps(n, scaled(0.3)),
              static_cast<std::uint32_t>(std::ceil(0.6 * log_log(n) - 1e-9)));
    // A compaction keeps at least one step.
    EXPECT_EQ(compaction_steps(n, scaled(0.01)), 1u);
  }
  // 0.1 * 30 = 3 in decimal, not 4 by binary rounding.
  EXPECT_EQ(scaled_steps(30, 0.1), 3u);
  EXPECT_EQ(scaled_steps(7, 0.5), 4u);
}

TEST(GjlrScale, ScheduleGrowsWithTheScaleAndValiantStaysFixed) {
  for (std::uint32_t p : {512u, 16384u}) {
    std::uint32_t last = 0;
    for (double s : {0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0}) {
      const OcpcPlan plan = ocpc_plan(p, 2, scaled(s));
      EXPECT_GE(plan.scheduled_steps(), last) << "p " << p << " scale " << s;
      last = plan.scheduled_steps();
      // Sizes and Valiant's deterministic phase do not depend on the scale.
      EXPECT_EQ(plan.k, ocpc_plan(p, 2, {}).k);
      EXPECT_EQ(plan.valiant, ocpc_plan(p, 2, {}).valiant);
    }
    EXPECT_LT(ocpc_plan(p, 2, scaled(0.5)).scheduled_steps(),
              ocpc_plan(p, 2, {}).scheduled_steps());
  }
}

Constants separately(double c3, double compaction) {
  Constants c;
  c.c3_scale = c3;
  c.compaction_scale = compaction;
  return c;
}

TEST(GjlrScale, C3ScaleShrinksThinningOnly) {
  for (std::uint32_t n : {64u, 1024u, 65536u}) {
    for (std::uint32_t h : {1u, 3u, 8u}) {
      for (std::uint32_t i = 0; i < thinning_phases(h); ++i) {
        const std::uint32_t full = thinning_phase_steps(h, i, n, {});
        EXPECT_EQ(thinning_phase_steps(h, i, n, separately(0.5, 1.0)), (full + 1) / 2);
        EXPECT_EQ(thinning_phase_steps(h, i, n, separately(1.0, 0.5)), full);
      }
    }
    EXPECT_EQ(compaction_steps(n, separately(0.5, 1.0)), compaction_steps(n, {}));
    EXPECT_EQ(compaction_steps(n, separately(1.0, 0.5)), log_log(n));
  }
  // Shrinking one constant shortens the schedule, less than shrinking both.
  for (std::uint32_t p : {512u, 2048u}) {
    for (std::uint32_t h : {1u, 2u}) {
      const std::uint32_t full = ocpc_plan(p, h, {}).scheduled_steps();
      const std::uint32_t both = ocpc_plan(p, h, scaled(0.5)).scheduled_steps();
      const std::uint32_t c3 = ocpc_plan(p, h, separately(0.5, 1.0)).scheduled_steps();
      const std::uint32_t comp = ocpc_plan(p, h, separately(1.0, 0.5)).scheduled_steps();
      EXPECT_LT(c3, full);
      EXPECT_LT(comp, full);
      EXPECT_GT(c3, both);
      EXPECT_GT(comp, both);
      EXPECT_EQ(ocpc_plan(p, h, separately(1.0, 1.0)).scheduled_steps(), full);
    }
  }
}

TEST(GjlrScale, SeparateScalesMultiplyWithTheCommonOne) {
  // --gjlr-scale 0.5 is --gjlr-c3-scale 0.5 with --gjlr-compaction-scale 0.5, and the factors
  // multiply: --gjlr-scale 0.5 with --gjlr-c3-scale 0.5 thins for a quarter of the steps.
  Constants product = scaled(0.5);
  product.c3_scale = 0.5;
  for (std::uint32_t p : {64u, 512u, 8192u}) {
    EXPECT_EQ(ocpc_plan(p, 2, separately(0.5, 0.5)).scheduled_steps(),
              ocpc_plan(p, 2, scaled(0.5)).scheduled_steps());
    EXPECT_EQ(thinning_phase_steps(2, 0, p, product), thinning_phase_steps(2, 0, p, scaled(0.25)));
    EXPECT_EQ(compaction_steps(p, product), compaction_steps(p, scaled(0.5)));
  }
}

TEST(GjlrScale, MobPlanScalesItsOcpcRuns) {
  // The MOB-PC's steps 1-3 and 5 are OCPC schedules of the same constants, so --gjlr-scale and
  // the separate scales reach them; step 4 repeats step 3 (its length follows step 3's).
  for (std::uint32_t p : {8u, 128u, 256u}) {
    for (const Constants& c : {scaled(0.5), separately(0.5, 1.0), separately(1.0, 0.5)}) {
      const MobPlan full = mob_plan(p, 2, {});
      const MobPlan small = mob_plan(p, 2, c);
      EXPECT_LT(small.scheduled_steps(), full.scheduled_steps()) << "p " << p;
      EXPECT_LT(small.step3, full.step3) << "p " << p;
      EXPECT_LT(small.step5, full.step5) << "p " << p;
      EXPECT_EQ(small.step5, ocpc_plan(p, small.h_mob, c).scheduled_steps());
      if (full.step1) {
        EXPECT_LT(small.step1, full.step1) << "p " << p;
      }
    }
  }
}

TEST(GjlrScale, RejectsWhatIsNotAScale) {
  EXPECT_EQ(scale_rejection(1.0), "");
  EXPECT_EQ(scale_rejection(0.001), "");
  EXPECT_EQ(scale_rejection(kMaxScale), "");
  EXPECT_NE(scale_rejection(0.0), "");
  EXPECT_NE(scale_rejection(-1.0), "");
  EXPECT_NE(scale_rejection(16.5), "");
  EXPECT_NE(scale_rejection(std::numeric_limits<double>::quiet_NaN()), "");
  EXPECT_NE(scale_rejection(std::numeric_limits<double>::infinity()), "");
  // The message names the constants the option multiplies.
  EXPECT_NE(scale_rejection(0.0).find("c3 and compaction_c"), std::string::npos);
  EXPECT_NE(scale_rejection(0.0, "the thinning constant c3").find("the thinning constant c3"),
            std::string::npos);
}

}  // namespace
}  // namespace optinet::ocpc::gjlr

namespace optinet::ocpc::gjlr {
namespace {

// Lemma 4's symmetry steps (Constants::lemma4), the pure parts.
TEST(GjlrLemma4, CollectionTargetsEveryReceiverEvenly) {
  Rng rng(7);
  const std::uint32_t receivers = 12;
  std::vector<int> hits(receivers, 0);
  const int draws = 12000;
  for (int k = 0; k < draws; ++k) ++hits[collection_target(receivers, rng)];
  for (std::uint32_t r = 0; r < receivers; ++r) {
    // Binomial(12000, 1/12): mean 1000, sd 30; 5 sd either way.
    EXPECT_NEAR(hits[r], draws / receivers, 150) << "receiver " << r;
  }
}

TEST(GjlrLemma4, DefaultWinnerIsTheSmallestIndexAndDrawsNothing) {
  Rng rng(3), untouched(3);
  for (std::uint32_t i = 0; i < 20; ++i) {
    EXPECT_EQ(winner_key(i, false, rng), i);
    EXPECT_EQ(winner_of_key(winner_key(i, false, rng)), i);
  }
  EXPECT_EQ(rng.next(), untouched.next());
  EXPECT_GE(winner_of_key(kNoWinnerKey), 64u);
}

TEST(GjlrLemma4, RandomWinnerIsUniformAmongTheDeliveredCopies) {
  // The prefix takes the smallest key among the members whose copy was delivered; with random
  // ranks each of them wins equally often.
  Rng rng(11);
  const std::vector<std::uint32_t> delivered = {1, 4, 5, 9};
  std::vector<int> wins(10, 0);
  const int trials = 8000;
  for (int t = 0; t < trials; ++t) {
    std::uint64_t best = kNoWinnerKey;
    for (std::uint32_t i = 0; i < 10; ++i) {
      const bool ok = std::find(delivered.begin(), delivered.end(), i) != delivered.end();
      best = std::min(best, ok ? winner_key(i, true, rng) : kNoWinnerKey);
    }
    ++wins[winner_of_key(best)];
  }
  for (std::uint32_t i = 0; i < 10; ++i) {
    const bool ok = std::find(delivered.begin(), delivered.end(), i) != delivered.end();
    if (!ok) {
      EXPECT_EQ(wins[i], 0) << i;
    } else {
      // Binomial(8000, 1/4): mean 2000, sd 39; 5 sd.
      EXPECT_NEAR(wins[i], trials / 4, 200) << i;
    }
  }
}

}  // namespace
}  // namespace optinet::ocpc::gjlr
