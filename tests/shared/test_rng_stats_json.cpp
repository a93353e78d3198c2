/// \file
/// Random streams (models/core/rng.h), run statistics (testbenches/run/stats.h) and the JSON writer
/// (json_report, testbenches/cli/network_command.h).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <vector>

#include "models/core/rng.h"
#include "testbenches/cli/network_command.h"
#include "testbenches/run/stats.h"

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

// ---- json_report (the command's JSON, nlohmann-json) ---------------------------------------

/// A network family that only describes itself: enough for json_report.
class FakeCommand : public NetworkCommand {
 public:
  std::string default_protocol() const override { return "p"; }
  std::string default_traffic() const override { return "t"; }
  void add_options(CLI::App&) override {}
  void configure(CommonOptions&) override {}
  std::uint64_t processors() const override { return 0; }
  std::string size_option() const override { return "--n"; }
  std::string banner() const override { return "fake"; }
  Json parameters() const override { return Json{{"n", 4}}; }
  std::vector<std::string> summary_fields() const override { return {"slots"}; }
  double elaborate() override { return 0; }
  RunRecord run(std::uint64_t) override { return {}; }
  void finish(OutputSet&) override {}
  void abandon() override {}
};

RunRecord fake_run(std::uint64_t seed, std::uint64_t slots, std::vector<std::string> errors = {}) {
  RunRecord r;
  r.seed = seed;
  r.fields = Json{{"seed", seed}, {"slots", slots}};
  r.wall_seconds = 0.5;
  r.errors = std::move(errors);
  return r;
}

TEST(JsonReport, FieldsInOrderStatusAfterTheFamilysFields) {
  CommonOptions common;
  common.network = "fake";
  common.protocol = "p";
  common.traffic = "t";
  common.seed = 7;
  const Json j = json_report(FakeCommand(), common, {fake_run(7, 10), fake_run(8, 14)}, 1.5, 2.5);
  std::vector<std::string> keys;
  for (const auto& item : j.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"network", "parameters", "protocol", "traffic", "seed",
                                            "memory_estimate_bytes", "runs", "summary",
                                            "timing_seconds"}));
  std::vector<std::string> run_keys;
  for (const auto& item : j["runs"][0].items()) run_keys.push_back(item.key());
  EXPECT_EQ(run_keys, (std::vector<std::string>{"seed", "slots", "hit_limit", "ok", "wall_seconds",
                                                "errors"}));
  EXPECT_EQ(j["summary"]["slots"]["mean"].get<double>(), 12.0);
  EXPECT_NEAR(j["summary"]["slots"]["sd"].get<double>(), std::sqrt(8.0), 1e-12);
  EXPECT_EQ(j["summary"]["slots"]["max"].get<double>(), 14.0);
  EXPECT_EQ(j["summary"]["slots"]["min"].get<double>(), 10.0);
  EXPECT_TRUE(j["summary"]["ok"].get<bool>());
  EXPECT_EQ(j["timing_seconds"]["simulation"].get<double>(), 2.5);
}

TEST(JsonReport, OneFailedRunMakesTheSummaryFail) {
  CommonOptions common;
  const Json j =
      json_report(FakeCommand(), common, {fake_run(1, 3), fake_run(2, 3, {"lost"})}, 0, 0);
  EXPECT_TRUE(j["runs"][0]["ok"].get<bool>());
  EXPECT_FALSE(j["runs"][1]["ok"].get<bool>());
  EXPECT_EQ(j["runs"][1]["errors"][0].get<std::string>(), "lost");
  EXPECT_FALSE(j["summary"]["ok"].get<bool>());
}

TEST(JsonReport, NonFiniteNumbersBecomeNull) {
  const Json j = Json{{"x", std::numeric_limits<double>::quiet_NaN()},
                      {"y", std::numeric_limits<double>::infinity()}};
  EXPECT_EQ(j.dump(), R"({"x":null,"y":null})");
}

}  // namespace
