/// \file
/// Random streams (models/core/rng.h), run statistics (testbenches/stats.h) and the JSON writer
/// (testbenches/json_writer.h).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <vector>

#include "models/core/rng.h"
#include "testbenches/json_writer.h"
#include "testbenches/stats.h"

namespace {

using namespace optinet;

// ---- Rng --------------------------------------------------------------------------------------

TEST(Mix64, IsSplitMix64) {
  // The first two outputs of splitmix64 seeded with 0 (Vigna's reference implementation).
  EXPECT_EQ(mix64(0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(mix64(0x9e3779b97f4a7c15ULL), 0x6e789e6aa1b965f4ULL);
}

std::vector<std::uint64_t> draw(Rng rng, int count) {
  std::vector<std::uint64_t> v;
  for (int k = 0; k < count; ++k) v.push_back(rng.next());
  return v;
}

TEST(Rng, StreamIsReproducible) {
  EXPECT_EQ(draw(Rng::stream(5, 1, 42), 100), draw(Rng::stream(5, 1, 42), 100));
  EXPECT_EQ(draw(Rng(123), 100), draw(Rng(123), 100));
}

TEST(Rng, StreamsDifferBySeedRunAndStream) {
  const auto base = draw(Rng::stream(5, 1, 42), 8);
  EXPECT_NE(base, draw(Rng::stream(6, 1, 42), 8));
  EXPECT_NE(base, draw(Rng::stream(5, 2, 42), 8));
  EXPECT_NE(base, draw(Rng::stream(5, 1, 43), 8));
}

TEST(Rng, NeighbouringNodeStreamsStartDifferently) {
  std::set<std::uint64_t> first;
  for (std::uint64_t node = 0; node < 1000; ++node) first.insert(Rng::stream(1, 1, node).next());
  EXPECT_EQ(first.size(), 1000u);
}

TEST(Rng, ReseedRestartsTheSequence) {
  Rng rng(77);
  const auto first = draw(rng, 10);
  rng.next();
  rng.reseed(77);
  EXPECT_EQ(draw(rng, 10), first);
}

TEST(Rng, BelowStaysInRange) {
  Rng rng(1);
  for (std::uint32_t bound : {1u, 2u, 3u, 7u, 10u, 1000u, 0x80000001u, 0xffffffffu}) {
    for (int k = 0; k < 2000; ++k) ASSERT_LT(rng.below(bound), bound) << "bound " << bound;
  }
}

TEST(Rng, BelowOneIsAlwaysZero) {
  Rng rng(2);
  for (int k = 0; k < 100; ++k) EXPECT_EQ(rng.below(1), 0u);
}

TEST(Rng, BelowIsUniform) {
  // 100000 draws over 10 values under a fixed seed; chi-square with 9 dof below 27.88 (0.1%).
  Rng rng(2024);
  std::vector<double> counts(10, 0);
  const int draws = 100000;
  for (int k = 0; k < draws; ++k) ++counts[rng.below(10)];
  double chi2 = 0;
  for (double c : counts) chi2 += (c - draws / 10.0) * (c - draws / 10.0) / (draws / 10.0);
  EXPECT_LT(chi2, 27.88);
}

TEST(Rng, BelowIsUnbiasedForALargeNonPowerOfTwoBound) {
  // bound = 3 * 2^30: a modulo reduction would make the lower third twice as likely. Expected
  // share of [0, 2^30) is 1/3; 60000 draws give sd 0.0019; allow 0.01.
  Rng rng(5);
  const std::uint32_t bound = 3u << 30;
  int low = 0;
  const int draws = 60000;
  for (int k = 0; k < draws; ++k) low += rng.below(bound) < (1u << 30);
  EXPECT_NEAR(static_cast<double>(low) / draws, 1.0 / 3, 0.01);
}

TEST(Rng, UnitIsInTheUnitIntervalWithMeanOneHalf) {
  Rng rng(3);
  double sum = 0;
  const int draws = 100000;
  for (int k = 0; k < draws; ++k) {
    const double u = rng.unit();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / draws, 0.5, 0.005);  // sd of the mean 0.0009
}

TEST(Rng, ChanceHonoursItsProbability) {
  Rng rng(4);
  int yes = 0;
  const int draws = 100000;
  for (int k = 0; k < draws; ++k) yes += rng.chance(0.3);
  EXPECT_NEAR(static_cast<double>(yes) / draws, 0.3, 0.006);  // sd 0.0014
  for (int k = 0; k < 1000; ++k) {
    EXPECT_FALSE(rng.chance(0.0));
    EXPECT_TRUE(rng.chance(1.0));
    EXPECT_TRUE(rng.chance(1.5));
  }
}

// ---- summarize --------------------------------------------------------------------------------

TEST(Summarize, EmptySeriesIsAllZero) {
  const Summary s = summarize({});
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.sd, 0);
  EXPECT_EQ(s.max, 0);
  EXPECT_EQ(s.min, 0);
}

TEST(Summarize, SingleValueHasNoSpread) {
  const Summary s = summarize({7});
  EXPECT_EQ(s.mean, 7);
  EXPECT_EQ(s.sd, 0);
  EXPECT_EQ(s.max, 7);
  EXPECT_EQ(s.min, 7);
}

TEST(Summarize, MeanSampleSdMaxMin) {
  const Summary s = summarize({2, 4, 4, 4, 5, 5, 7, 9});
  EXPECT_DOUBLE_EQ(s.mean, 5);
  EXPECT_DOUBLE_EQ(s.sd, std::sqrt(32.0 / 7));  // n - 1 in the denominator
  EXPECT_EQ(s.max, 9);
  EXPECT_EQ(s.min, 2);
}

TEST(Summarize, NegativeValues) {
  const Summary s = summarize({-3, -1});
  EXPECT_DOUBLE_EQ(s.mean, -2);
  EXPECT_DOUBLE_EQ(s.sd, std::sqrt(2.0));
  EXPECT_EQ(s.max, -1);
  EXPECT_EQ(s.min, -3);
}

// ---- JsonWriter -------------------------------------------------------------------------------

TEST(JsonWriter, NestedObjectsAndArrays) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_object();
  j.field("network", "pops").field("d", std::uint32_t{4}).field("ok", true);
  j.key("runs").begin_array();
  j.begin_object().field("seed", std::uint64_t{1}).field("slots", std::uint64_t{30}).end_object();
  j.begin_object().field("seed", std::uint64_t{2}).field("slots", std::uint64_t{25}).end_object();
  j.end_array();
  j.array("by_slot", std::vector<std::uint64_t>{9, 3, 0});
  j.key("summary").begin_object().field("mean", 27.5).field("sd", 0.5).end_object();
  j.end_object();
  EXPECT_EQ(out.str(),
            R"({"network":"pops","d":4,"ok":true,"runs":[{"seed":1,"slots":30},)"
            R"({"seed":2,"slots":25}],"by_slot":[9,3,0],"summary":{"mean":27.5,"sd":0.5}})");
}

TEST(JsonWriter, EmptyContainers) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_object().array("errors", std::vector<std::string>{}).key("o").begin_object().end_object();
  j.end_object();
  EXPECT_EQ(out.str(), R"({"errors":[],"o":{}})");
}

TEST(JsonWriter, EscapesStrings) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_array().value("a\"b\\c\nd\te\x01").end_array();
  EXPECT_EQ(out.str(), R"(["a\"b\\c\nd\te\u0001"])");
}

TEST(JsonWriter, NonFiniteNumbersBecomeNull) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_array().value(std::numeric_limits<double>::quiet_NaN());
  j.value(std::numeric_limits<double>::infinity()).value(-1).value(false).end_array();
  EXPECT_EQ(out.str(), "[null,null,-1,false]");
}

TEST(JsonWriter, StringArrays) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_object().array("errors", std::vector<std::string>{"x", "y"}).end_object();
  EXPECT_EQ(out.str(), R"({"errors":["x","y"]})");
}

}  // namespace
