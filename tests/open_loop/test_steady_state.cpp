/// \file
/// Steady state by measurement (testbenches/open_loop/steady_state.h, batch_means.h,
/// saturation_search.h) on synthetic runs fed slot by slot: no simulation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <vector>

#include "testbenches/open_loop/batch_means.h"
#include "testbenches/open_loop/saturation_search.h"
#include "testbenches/open_loop/steady_state.h"

namespace optinet {
namespace {

TEST(BatchMeans, StudentQuantilesMatchTheTables) {
  EXPECT_NEAR(student_t_quantile(0.95, 1), 12.706, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.95, 10), 2.228, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.99, 20), 2.845, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.95, 100000), 1.960, 1e-3);
}

TEST(BatchMeans, MergesIntoFewerThanFortyBatches) {
  EXPECT_EQ(batch_merge_factor(39), 1u);
  EXPECT_EQ(batch_merge_factor(40), 2u);
  EXPECT_EQ(batch_merge_factor(100), 4u);
  const std::vector<double> ones(100, 1);
  const auto i = batch_means_interval(ones, ones, 0.95);
  ASSERT_TRUE(i);
  EXPECT_EQ(i->batches, 25u);
  EXPECT_DOUBLE_EQ(i->mean, 1);
  EXPECT_DOUBLE_EQ(i->half_width, 0);
}

// Independent batches: the 95% interval holds the true mean in about 95% of 400 trials.
TEST(BatchMeans, IntervalCoversTheMeanAtItsConfidence) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal(3, 2);
  int covered = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<double> sums(30);
    const std::vector<double> counts(30, 1);
    for (double& x : sums) x = normal(rng);
    const auto i = batch_means_interval(sums, counts, 0.95);
    ASSERT_TRUE(i);
    if (i->low() <= 3 && 3 <= i->high()) ++covered;
  }
  EXPECT_GE(covered, 368);  // 0.95 * 400 = 380, sd 4.4
  EXPECT_LE(covered, 392);
}

/// A synthetic open-loop run: per slot, `created(slot)` packets are created and the packets
/// created `latency(slot)` slots earlier are delivered (at most `capacity` per slot, oldest
/// first), until the monitor closes its window or `slots` have passed.
struct SyntheticRun {
  std::function<double(std::uint64_t)> created;
  std::uint64_t latency = 20;
  double capacity = 1e9;
};

SteadyStateReport run_synthetic(const SteadyStateConfig& config, const SyntheticRun& run,
                                std::uint64_t max_slots) {
  SteadyStateMonitor monitor(config, 1, max_slots);
  monitor.reset();
  std::vector<std::uint64_t> queue;  // creation slots, oldest first
  std::size_t head = 0;
  double owed = 0;
  double credit = 0;
  std::uint64_t window_end = SteadyStateMonitor::kNever;
  for (std::uint64_t slot = 0; slot < max_slots; ++slot) {
    owed += run.created(slot);
    for (; owed >= 1; owed -= 1) {
      monitor.created(slot);
      queue.push_back(slot);
    }
    credit = std::min(credit + run.capacity, run.capacity + 1);
    while (head < queue.size() && queue[head] + run.latency <= slot && credit >= 1) {
      monitor.delivered(slot, queue[head++]);
      credit -= 1;
    }
    if (monitor.slot_ended(slot) == SteadyStateMonitor::Decision::kWindowClosed) {
      window_end = monitor.window_end();
    }
    if (window_end != SteadyStateMonitor::kNever && slot + 1 >= window_end + 4 * run.latency) {
      break;  // drained, as a host would stop
    }
  }
  return monitor.report(0);
}

SteadyStateConfig measured() {
  SteadyStateConfig c;
  c.fixed_warmup = false;
  c.fixed_window = false;
  c.batch_slots = 50;
  return c;
}

TEST(SteadyState, WarmupEndsOnAStationaryRun) {
  const SyntheticRun stationary{[](std::uint64_t) { return 0.5; }, 20};
  const SteadyStateReport r = run_synthetic(measured(), stationary, 100000);
  EXPECT_EQ(r.warmup_method, "converged");
  EXPECT_LT(r.warmup_slots, 2000u);
  EXPECT_EQ(r.window_method, "confidence");
  EXPECT_FALSE(r.saturated);
  ASSERT_TRUE(r.latency);
  EXPECT_NEAR(r.latency->mean, 20, 1e-9);
}

// Latency that keeps growing (every packet waits a slot longer than the one before it) never
// settles: the warm-up runs to its limit, a quarter of the slots.
TEST(SteadyState, WarmupDoesNotEndOnAGrowingRun) {
  SteadyStateMonitor monitor(measured(), 1, 40000);
  monitor.reset();
  for (std::uint64_t slot = 0; slot < 40000; ++slot) {
    monitor.created(slot);
    monitor.delivered(slot, slot / 2);  // latency slot / 2
    if (monitor.slot_ended(slot) == SteadyStateMonitor::Decision::kWindowOpened) {
      EXPECT_GE(slot + 1, 40000u / 4 - 50) << "the warm-up ended at slot " << slot;
      break;
    }
  }
  EXPECT_EQ(monitor.report(0).warmup_method, "limit");
}

// Half a packet per slot offered, a third carried: saturated, whatever the slot limit.
TEST(SteadyState, OverloadIsSaturatedWhateverTheSlotLimit) {
  const SyntheticRun overload{[](std::uint64_t) { return 0.5; }, 5, 1.0 / 3};
  for (const std::uint64_t max_slots : {20000, 80000, 400000}) {
    const SteadyStateReport r = run_synthetic(measured(), overload, max_slots);
    EXPECT_TRUE(r.saturated) << max_slots;
    EXPECT_NE(r.saturation_reason.find("backlog grew"), std::string::npos) << r.saturation_reason;
    ASSERT_TRUE(r.backlog_growth);
    EXPECT_NEAR(r.backlog_growth->mean, 0.5 - 1.0 / 3, 0.01);
  }
}

// A stable fixed window whose drain the slot limit cuts: the run is not saturated (the host
// reports the drain apart).
TEST(SteadyState, AStableRunWithACutDrainIsNotSaturated) {
  SteadyStateConfig fixed;
  fixed.warmup = 200;
  fixed.measure = 2000;
  const SyntheticRun stable{[](std::uint64_t) { return 0.5; }, 20};
  const SteadyStateReport r = run_synthetic(fixed, stable, 2210);
  EXPECT_FALSE(r.saturated);
  EXPECT_EQ(r.window_method, "fixed");
  EXPECT_EQ(r.window_slots, 2000u);
}

// No packet at all: no latency interval, and not saturated.
TEST(SteadyState, AnEmptyWindowHasNoLatency) {
  const SyntheticRun empty{[](std::uint64_t) { return 0.0; }, 20};
  const SteadyStateReport r = run_synthetic(measured(), empty, 20000);
  EXPECT_FALSE(r.latency);
  EXPECT_FALSE(r.saturated);
}

/// A network that carries min(rate, c) and is saturated above c.
std::optional<SearchPoint> knee(double rate, double c) {
  SearchPoint p;
  p.rate = p.offered = rate;
  p.accepted = std::min(rate, c);
  p.saturated = rate > c;
  Interval i;
  i.mean = p.accepted;
  i.half_width = 0.001;
  p.accepted_interval = i;
  return p;
}

TEST(SaturationSearch, BracketsAKnownSaturationPoint) {
  for (const double c : {0.05, 0.3, 0.875, 0.99}) {
    SaturationSearchConfig config;
    config.bound = 0.9;
    const auto r =
        find_saturation([c](double rate, std::uint64_t) { return knee(rate, c); }, config);
    EXPECT_TRUE(r.bracketed);
    EXPECT_LE(r.stable_rate, c);
    EXPECT_GE(r.saturated_rate, c);
    EXPECT_LE(r.saturated_rate - r.stable_rate, config.tolerance * r.saturated_rate + 1e-12);
    // The highest stable point carried its rate: within the bracket below c.
    EXPECT_LE(r.throughput, c);
    EXPECT_GE(r.throughput, c * (1 - config.tolerance) - 1e-12);
    EXPECT_NEAR(r.ci_low, r.throughput - 0.001, 1e-12);
    EXPECT_NEAR(r.peak_accepted, c, 1e-12);
  }
}

TEST(SaturationSearch, SaysSoWhenRateOneIsStable) {
  SaturationSearchConfig config;
  config.bound = 0.2;
  const auto r = find_saturation([](double rate, std::uint64_t) { return knee(rate, 2); }, config);
  EXPECT_FALSE(r.bracketed);
  EXPECT_DOUBLE_EQ(r.stable_rate, 1);
  EXPECT_DOUBLE_EQ(r.throughput, 1);
}

TEST(SaturationSearch, AnInterruptEndsItWithThePointsSoFar) {
  int calls = 0;
  const auto r = find_saturation(
      [&calls](double rate, std::uint64_t) -> std::optional<SearchPoint> {
        if (++calls > 2) return std::nullopt;
        return knee(rate, 0.5);
      },
      SaturationSearchConfig{});
  EXPECT_EQ(r.points.size(), 2u);
}

/// A queue whose transient near the knee `c` outlasts runs shorter than `settles`: there its
/// verdict is "saturated, warm-up unsettled"; longer runs see it stable.
std::optional<SearchPoint> slow_knee(double rate, std::uint64_t slots, double c,
                                     std::uint64_t settles) {
  std::optional<SearchPoint> p = knee(rate, c);
  p->max_slots = slots;
  if (rate <= c && rate > 0.9 * c && slots < settles) {
    p->saturated = true;
    p->unsettled = true;
  }
  return p;
}

TEST(SaturationSearch, RunsADoubtfulVerdictAgainWithMoreSlots) {
  SaturationSearchConfig config;
  config.bound = 1;
  config.first_slots = 1000;
  config.max_slots = 16000;
  std::vector<std::pair<double, std::uint64_t>> calls;
  const auto r = find_saturation(
      [&calls](double rate, std::uint64_t slots) {
        calls.emplace_back(rate, slots);
        return slow_knee(rate, slots, 0.95, 16000);
      },
      config);
  ASSERT_TRUE(r.bracketed);
  EXPECT_LE(r.stable_rate, 0.95);
  EXPECT_GE(r.saturated_rate, 0.95);
  EXPECT_GT(r.stable_rate, 0.95 * (1 - 2 * config.tolerance));
  EXPECT_FALSE(r.saturated_in_doubt);
  // Every doubtful run was followed by one of the same rate with kLongerFactor times the slots,
  // up to max_slots; a clear verdict ended its rate.
  for (std::size_t k = 0; k < r.points.size(); ++k) {
    const SearchPoint& p = r.points[k];
    EXPECT_EQ(p.superseded, verdict_in_doubt(p) && p.max_slots < config.max_slots);
    if (p.superseded) {
      ASSERT_LT(k + 1, r.points.size());
      EXPECT_EQ(r.points[k + 1].rate, p.rate);
      EXPECT_EQ(r.points[k + 1].max_slots, p.max_slots * kLongerFactor);
    }
  }
  // A rate far from the knee costs one short run.
  EXPECT_EQ(calls.front().second, 1000u);
  const double first_rate = calls.front().first;
  EXPECT_EQ(std::count_if(calls.begin(), calls.end(),
                          [first_rate](const auto& c) { return c.first == first_rate; }),
            1);
}

// A transient longer than max_slots: the search settles on a bracket below the knee and says
// that its saturated verdict is in doubt.
TEST(SaturationSearch, SaysWhenItsSaturatedVerdictNeverSettled) {
  SaturationSearchConfig config;
  config.bound = 1;
  config.first_slots = 1000;
  config.max_slots = 4000;
  const auto r = find_saturation(
      [](double rate, std::uint64_t slots) { return slow_knee(rate, slots, 0.95, 16000); }, config);
  ASSERT_TRUE(r.bracketed);
  EXPECT_LT(r.saturated_rate, 0.95);
  EXPECT_TRUE(r.saturated_in_doubt);
}

// A stable verdict whose window stayed imprecise with all of max_slots is said to be in doubt.
TEST(SaturationSearch, SaysWhenItsStableVerdictIsImprecise) {
  SaturationSearchConfig config;
  config.bound = 0.5;
  config.max_slots = 4000;
  const auto r = find_saturation(
      [](double rate, std::uint64_t slots) {
        std::optional<SearchPoint> p = knee(rate, 2);
        p->max_slots = slots;
        p->imprecise = true;
        return p;
      },
      config);
  EXPECT_FALSE(r.bracketed);
  EXPECT_TRUE(r.stable_in_doubt);
  EXPECT_FALSE(r.saturated_in_doubt);
}

// A backlog that grows too slowly for a short window to see: runs shorter than `shows` call
// rates up to 1.2 c stable. The final stable rate is confirmed with all of max_slots, so the
// bracket ends at the true knee.
TEST(SaturationSearch, ConfirmsItsStableRateWithAllOfMaxSlots) {
  SaturationSearchConfig config;
  config.bound = 1;
  config.first_slots = 1000;
  config.max_slots = 16000;
  const double c = 0.5;
  const auto r = find_saturation(
      [c](double rate, std::uint64_t slots) {
        std::optional<SearchPoint> p = knee(rate, c);
        p->max_slots = slots;
        if (rate <= 1.2 * c && slots < 16000) p->saturated = false;
        return p;
      },
      config);
  ASSERT_TRUE(r.bracketed);
  EXPECT_LE(r.stable_rate, c);
  EXPECT_GE(r.saturated_rate, c);
  const auto deciding = std::find_if(r.points.rbegin(), r.points.rend(), [&r](const auto& p) {
    return p.rate == r.stable_rate && !p.superseded;
  });
  ASSERT_NE(deciding, r.points.rend());
  EXPECT_EQ(deciding->max_slots, config.max_slots);
  EXPECT_LE(r.throughput, c);
}

}  // namespace
}  // namespace optinet
