/// \file
/// Latency and occupancy statistics (testbenches/open_loop/latency_stats.h), against hand-computed
/// values.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "testbenches/open_loop/latency_stats.h"

namespace optinet {
namespace {

LatencyStats of(const std::vector<std::uint64_t>& latencies) {
  LatencyStats s;
  for (auto x : latencies) s.add(x);
  return s;
}

TEST(EvaluationLatencyStats, EmptyIsAllZero) {
  const LatencyStats s;
  EXPECT_EQ(s.count(), 0u);
  EXPECT_EQ(s.mean(), 0.0);
  EXPECT_EQ(s.p50(), 0u);
  EXPECT_EQ(s.max(), 0u);
  EXPECT_TRUE(s.histogram().empty());
}

// 1..100: the nearest-rank p50 is the 50th value, p99 the 99th; the mean is 50.5.
TEST(EvaluationLatencyStats, OneToHundred) {
  LatencyStats s;
  for (std::uint64_t x = 100; x >= 1; --x) s.add(x);  // order does not matter
  EXPECT_EQ(s.count(), 100u);
  EXPECT_DOUBLE_EQ(s.mean(), 50.5);
  EXPECT_EQ(s.p50(), 50u);
  EXPECT_EQ(s.p99(), 99u);
  EXPECT_EQ(s.percentile(100), 100u);
  EXPECT_EQ(s.percentile(1), 1u);
  EXPECT_EQ(s.percentile(0.5), 1u);     // rank ceil(0.5) = 1
  EXPECT_EQ(s.percentile(99.5), 100u);  // rank ceil(99.5) = 100
  EXPECT_EQ(s.max(), 100u);
}

// {3, 1, 4, 1, 5, 9, 2, 6, 5, 3} sorted: 1 1 2 3 3 4 5 5 6 9; mean 39/10.
// p50: rank ceil(5) = 5 -> 3; p99: rank ceil(9.9) = 10 -> 9; p90: rank 9 -> 6; p10: rank 1.
TEST(EvaluationLatencyStats, NearestRankByHand) {
  const LatencyStats s = of({3, 1, 4, 1, 5, 9, 2, 6, 5, 3});
  EXPECT_DOUBLE_EQ(s.mean(), 3.9);
  EXPECT_EQ(s.p50(), 3u);
  EXPECT_EQ(s.p99(), 9u);
  EXPECT_EQ(s.percentile(90), 6u);
  EXPECT_EQ(s.percentile(10), 1u);
  EXPECT_EQ(s.percentile(21), 2u);  // rank ceil(2.1) = 3 -> 2
}

TEST(EvaluationLatencyStats, OddCountMedian) {
  // 7 values: p50 rank ceil(3.5) = 4 -> the middle one.
  const LatencyStats s = of({10, 20, 30, 40, 50, 60, 70});
  EXPECT_EQ(s.p50(), 40u);
  EXPECT_EQ(s.p99(), 70u);  // rank ceil(6.93) = 7
  const LatencyStats one = of({5});
  EXPECT_EQ(one.p50(), 5u);
  EXPECT_EQ(one.p99(), 5u);
  EXPECT_EQ(one.max(), 5u);
}

// Bin 0: {0, 1}; bin 1: [2, 4); bin 2: [4, 8); bin 3: [8, 16); ... bin 10: [1024, 2048).
TEST(EvaluationLatencyStats, PowerOfTwoHistogram) {
  EXPECT_EQ(LatencyStats::bin_of(0), 0u);
  EXPECT_EQ(LatencyStats::bin_of(1), 0u);
  EXPECT_EQ(LatencyStats::bin_of(2), 1u);
  EXPECT_EQ(LatencyStats::bin_of(3), 1u);
  EXPECT_EQ(LatencyStats::bin_of(4), 2u);
  EXPECT_EQ(LatencyStats::bin_of(7), 2u);
  EXPECT_EQ(LatencyStats::bin_of(8), 3u);
  EXPECT_EQ(LatencyStats::bin_of(1023), 9u);
  EXPECT_EQ(LatencyStats::bin_of(1024), 10u);
  EXPECT_EQ(LatencyStats::bin_of(std::numeric_limits<std::uint64_t>::max()), 63u);
  using Range = std::pair<std::uint64_t, std::uint64_t>;
  EXPECT_EQ(LatencyStats::bin_range(0), Range(0, 1));
  EXPECT_EQ(LatencyStats::bin_range(1), Range(2, 3));
  EXPECT_EQ(LatencyStats::bin_range(3), Range(8, 15));
  EXPECT_EQ(LatencyStats::bin_range(63),
            Range(std::uint64_t{1} << 63, std::numeric_limits<std::uint64_t>::max()));
  EXPECT_THROW(LatencyStats::bin_range(64), std::invalid_argument);

  const LatencyStats s = of({0, 1, 1, 2, 3, 5, 8, 9, 15, 16, 40});
  const std::vector<std::uint64_t> expected = {3, 2, 1, 3, 1, 1};  // 40 is in [32, 64)
  EXPECT_EQ(s.histogram(), expected);
}

TEST(EvaluationLatencyStats, MergeEqualsAddingEverything) {
  const std::vector<std::uint64_t> a = {7, 1, 300, 12, 12};
  const std::vector<std::uint64_t> b = {0, 5, 12, 2000};
  LatencyStats merged = of(a);
  merged.merge(of(b));
  std::vector<std::uint64_t> all = a;
  all.insert(all.end(), b.begin(), b.end());
  const LatencyStats direct = of(all);
  EXPECT_EQ(merged.count(), 9u);
  EXPECT_DOUBLE_EQ(merged.mean(), (7 + 1 + 300 + 12 + 12 + 0 + 5 + 12 + 2000) / 9.0);
  EXPECT_EQ(merged.histogram(), direct.histogram());
  EXPECT_EQ(merged.p50(), 12u);  // sorted 0 1 5 7 12 12 12 300 2000, rank 5
  EXPECT_EQ(merged.p99(), 2000u);
  EXPECT_EQ(merged.max(), 2000u);
  // Merging into an empty one, and merging an empty one, change nothing.
  LatencyStats empty;
  empty.merge(direct);
  EXPECT_EQ(empty.histogram(), direct.histogram());
  EXPECT_EQ(empty.p50(), 12u);
  merged.merge(LatencyStats{});
  EXPECT_EQ(merged.count(), 9u);
}

TEST(EvaluationLatencyStats, PercentileOutsideItsRangeIsRefused) {
  const LatencyStats s = of({1, 2});
  EXPECT_THROW(s.percentile(0), std::invalid_argument);
  EXPECT_THROW(s.percentile(100.5), std::invalid_argument);
  EXPECT_THROW(s.percentile(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
}

// 3 slots of occupancy 0, 2, 7: mean 3, max 7; merged with 4, 4: mean 17/5.
TEST(EvaluationLatencyStats, OccupancyByHand) {
  OccupancyStats a;
  EXPECT_EQ(a.mean(), 0.0);
  EXPECT_EQ(a.max(), 0u);
  for (std::uint64_t x : {0, 2, 7}) a.sample(x);
  EXPECT_EQ(a.samples(), 3u);
  EXPECT_DOUBLE_EQ(a.mean(), 3.0);
  EXPECT_EQ(a.max(), 7u);
  OccupancyStats b;
  b.sample(4);
  b.sample(4);
  a.merge(b);
  EXPECT_EQ(a.samples(), 5u);
  EXPECT_DOUBLE_EQ(a.mean(), 17.0 / 5);
  EXPECT_EQ(a.max(), 7u);
}

}  // namespace
}  // namespace optinet
