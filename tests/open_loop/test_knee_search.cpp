/// \file
/// The latency knee's search (testbenches/open_loop/knee_search.h) on synthetic latency curves:
/// no simulation. A curve L(R) = L0 + beta R / (C - R) with noise crosses factor x L0 at a known
/// rate; the search must bracket it within its tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <random>

#include "testbenches/open_loop/knee_search.h"

namespace optinet {
namespace {

/// A run at `rate` of a curve with zero-load latency l0, capacity c and shape beta; `noise` is
/// the relative error of each run's mean. A run over `threshold` stops early, as the host does.
struct Curve {
  double l0 = 128.5;
  double c = 0.996;
  double beta = 128;
  double noise = 0;
  std::mt19937_64 rng{7};
  int runs = 0;
  double latency(double rate) const { return l0 + beta * rate / (c - rate); }
  std::optional<KneePoint> operator()(double rate, double threshold) {
    ++runs;
    KneePoint p;
    p.rate = p.offered = p.accepted = rate;
    std::normal_distribution<double> error(0, noise);
    p.latency = latency(rate) * (1 + (noise > 0 ? error(rng) : 0));
    p.measured = true;
    p.stopped_over = threshold > 0 && p.latency > 1.2 * threshold;
    return p;
  }
  /// The rate at which the curve reaches `factor` x l0.
  double crossing(double factor) const {
    const double excess = (factor - 1) * l0;
    return c * excess / (beta + excess);
  }
};

TEST(KneeSearch, BracketsTheCrossingOfAKnownCurve) {
  for (const double factor : {1.5, 3.0, 10.0}) {
    Curve curve;
    KneeConfig config;
    config.upper = curve.c;
    config.factor = factor;
    const auto fn = [&curve](double r, double t) { return curve(r, t); };
    const KneeResult r = find_knee(fn, config);
    // The zero-load run is at upper / 200: its latency is the curve's there.
    EXPECT_DOUBLE_EQ(r.zero_load_rate, curve.c * kZeroLoadShare);
    EXPECT_DOUBLE_EQ(r.zero_load_latency, curve.latency(r.zero_load_rate));
    EXPECT_DOUBLE_EQ(r.threshold, factor * r.zero_load_latency);
    const double knee =
        curve.c * ((r.threshold - curve.l0) / (curve.beta + r.threshold - curve.l0));
    ASSERT_TRUE(r.bracketed) << factor;
    EXPECT_LE(r.under_rate, knee);
    EXPECT_GE(r.over_rate, knee);
    EXPECT_LE(r.over_rate - r.under_rate, config.tolerance * r.over_rate + 1e-12);
    EXPECT_NEAR(r.offered, knee, config.tolerance * knee);
    EXPECT_LE(r.latency, r.threshold);
    // About as many runs as halving the bracket would take, the zero-load run apart.
    EXPECT_LE(r.points.size(), 3 + std::ceil(std::log2(1 / config.tolerance))) << factor;
    EXPECT_TRUE(r.points.front().zero_load);
  }
}

TEST(KneeSearch, ANoisyCurveStillBracketsTheKneeWithinItsNoise) {
  Curve curve;
  curve.noise = 0.002;
  KneeConfig config;
  config.upper = curve.c;
  const KneeResult r =
      find_knee([&curve](double rate, double t) { return curve(rate, t); }, config);
  ASSERT_TRUE(r.bracketed);
  EXPECT_NEAR(r.offered, curve.crossing(3), 0.01 * curve.crossing(3));
}

TEST(KneeSearch, ABudgetBelowTheFactorDecides) {
  Curve curve;
  KneeConfig config;
  config.upper = curve.c;
  config.budget_slots = 200;
  const KneeResult r =
      find_knee([&curve](double rate, double t) { return curve(rate, t); }, config);
  EXPECT_TRUE(r.budget_decides);
  EXPECT_DOUBLE_EQ(r.threshold, 200);
  const double knee = curve.c * (200 - curve.l0) / (curve.beta + 200 - curve.l0);
  EXPECT_LE(r.under_rate, knee);
  EXPECT_GE(r.over_rate, knee);
  EXPECT_NE(knee_criterion(config, r, 2).find("latency budget 400 ns"), std::string::npos);
}

TEST(KneeSearch, ABudgetBelowTheZeroLoadLatencyHasNoKnee) {
  Curve curve;
  KneeConfig config;
  config.budget_slots = 10;
  const KneeResult r =
      find_knee([&curve](double rate, double t) { return curve(rate, t); }, config);
  EXPECT_EQ(r.points.size(), 1u);
  EXPECT_DOUBLE_EQ(r.under_rate, 0);
  EXPECT_DOUBLE_EQ(r.offered, 0);
}

TEST(KneeSearch, AKneeCloseToZeroLoadMeasuresZeroLoadAgainLowerDown) {
  // Random access: a knee at a few percent of the upper end.
  Curve curve;
  curve.l0 = 5;
  curve.c = 0.03;
  curve.beta = 0.2;
  KneeConfig config;
  config.upper = 1;
  const KneeResult r = find_knee(
      [&curve](double rate, double t) {
        return rate >= curve.c ? std::optional<KneePoint>(KneePoint{rate, rate, curve.c, 1e6,
                                                                    std::nullopt, true, true, true})
                               : curve(rate, t);
      },
      config);
  int zero_load = 0;
  for (const KneePoint& p : r.points) zero_load += p.zero_load ? 1 : 0;
  EXPECT_EQ(zero_load, 2);
  EXPECT_LT(r.zero_load_rate, r.under_rate / kRefineFactor);
  const double knee = curve.c * ((r.threshold - curve.l0) / (curve.beta + r.threshold - curve.l0));
  ASSERT_TRUE(r.bracketed);
  EXPECT_LE(r.under_rate, knee);
  EXPECT_GE(r.over_rate, knee);
}

TEST(KneeSearch, AnInterruptEndsItWithThePointsSoFar) {
  Curve curve;
  KneeConfig config;
  config.upper = curve.c;
  const KneeResult r = find_knee(
      [&curve](double rate, double t) -> std::optional<KneePoint> {
        if (curve.runs >= 3) return std::nullopt;
        return curve(rate, t);
      },
      config);
  EXPECT_EQ(r.points.size(), 3u);
}

}  // namespace
}  // namespace optinet
