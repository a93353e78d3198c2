/// \file
/// Message sizes (testbenches/open_loop/message_sizes.h): parsing, refusals, and draws against
/// the distribution.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include "testbenches/io/usage_error.h"
#include "testbenches/open_loop/message_sizes.h"

namespace {

using namespace optinet;

std::string refusal(const std::string& spec) {
  try {
    MessageSizes::parse(spec, "--message-sizes");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(MessageSizes, DefaultIsOneFrameAndDrawsNothing) {
  const MessageSizes m;
  EXPECT_TRUE(m.single_frame());
  Rng rng{3};
  Rng copy = rng;
  EXPECT_EQ(m.draw(rng), 1u);
  EXPECT_EQ(rng.next(), copy.next());
}

TEST(MessageSizes, ParsesFixedAndDistributions) {
  const MessageSizes fixed = MessageSizes::parse("32", "--message-frames");
  EXPECT_TRUE(fixed.is_fixed());
  EXPECT_FALSE(fixed.single_frame());
  EXPECT_EQ(fixed.mean(), 32);
  EXPECT_EQ(fixed.describe(), "32");
  const MessageSizes mix = MessageSizes::parse("1:0.8,32:0.2", "--message-sizes");
  EXPECT_FALSE(mix.is_fixed());
  EXPECT_NEAR(mix.mean(), 0.8 + 6.4, 1e-12);
  EXPECT_EQ(mix.largest(), 32u);
  EXPECT_EQ(mix.describe(), "1:0.8,32:0.2");
  EXPECT_TRUE(MessageSizes::parse("4:1", "--message-sizes").is_fixed());
}

TEST(MessageSizes, RefusesBadSpecs) {
  EXPECT_NE(refusal("0").find("'0', not a number of frames"), std::string::npos);
  EXPECT_NE(refusal("65537").find("not a number of frames"), std::string::npos);
  EXPECT_NE(refusal("1:0.5,2:0.4").find("summing to 0.9"), std::string::npos);
  EXPECT_NE(refusal("1:0.5,1:0.5").find("names 1 frames twice"), std::string::npos);
  EXPECT_NE(refusal("1:0,2:1").find("not in (0, 1]"), std::string::npos);
  EXPECT_NE(refusal("1:0.5,,2:0.5").find("not F:P"), std::string::npos);
  EXPECT_NE(refusal("x").find("not a number of frames"), std::string::npos);
  EXPECT_EQ(refusal("1:0.5,2:0.5"), "");
  EXPECT_EQ(refusal("0").rfind("--message-sizes: '0' has", 0), 0u);
}

TEST(MessageSizes, DrawsFollowTheDistribution) {
  // chi-square, 2 degrees of freedom, critical value at p = 1e-6: 27.6.
  const MessageSizes m = MessageSizes::parse("1:0.5,8:0.3,64:0.2", "--message-sizes");
  constexpr int kDraws = 60000;
  std::map<std::uint32_t, int> count;
  Rng rng{11};
  for (int k = 0; k < kDraws; ++k) ++count[m.draw(rng)];
  ASSERT_EQ(count.size(), 3u);
  const double chi2 = std::pow(count[1] - 0.5 * kDraws, 2) / (0.5 * kDraws) +
                      std::pow(count[8] - 0.3 * kDraws, 2) / (0.3 * kDraws) +
                      std::pow(count[64] - 0.2 * kDraws, 2) / (0.2 * kDraws);
  EXPECT_LT(chi2, 27.6);
}

}  // namespace
