/// \file
/// The view a job runs without --view (default_view_is_pins, testbenches/cli/network_command.h):
/// searches and curves run the grouped view of every family that has two views, and the report
/// says why; a single run keeps the family's default; --view and --rtl keep the pins view.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"

namespace {

using namespace optinet;
using Args = std::vector<std::string>;

/// The parameters the report of `args` will have (as --check prints them).
Json parameters(const Args& args) {
  CommonOptions common;
  std::string help;
  const std::unique_ptr<NetworkCommand> command = parse_optinet(args, common, help);
  EXPECT_NE(command, nullptr);
  return check_report(*command, common)["parameters"];
}

const Args kPops = {"pops", "--d", "4", "--g", "4", "--protocol", "tdma", "--traffic", "bernoulli"};
const Args kOcpc = {"ocpc", "--p", "16", "--protocol", "tdma", "--traffic", "bernoulli"};
const Args kMob = {"mob", "--p", "4", "--protocol", "tdma", "--traffic", "bernoulli"};
const Args kGrid = {"grid", "--n", "4", "--k", "2", "--traffic", "bernoulli"};
const Args kHypercube = {"hypercube", "--n", "4", "--traffic", "bernoulli"};

Args with(Args args, const Args& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(ViewChoice, ASingleRunKeepsThePinsViewOfASmallNetwork) {
  for (const Args& network : {kPops, kOcpc, kMob, kGrid, kHypercube}) {
    const Json p = parameters(with(network, {"--rate", "0.1"}));
    EXPECT_EQ(p["view"], "pins") << network[0];
    EXPECT_FALSE(p.contains("view_choice")) << network[0];
  }
}

TEST(ViewChoice, SearchesRunTheGroupedViewAndSaySo) {
  for (const Args& network : {kPops, kOcpc, kMob, kGrid, kHypercube}) {
    for (const char* search : {"--find-knee", "--find-stability-limit", "--find-saturation"}) {
      const Json p = parameters(with(network, {search}));
      EXPECT_EQ(p["view"], "grouped") << network[0] << " " << search;
      EXPECT_EQ(p.value("view_choice", ""), "chosen for a search; --view pins to override")
          << network[0] << " " << search;
    }
  }
}

TEST(ViewChoice, CurvesRunTheGroupedViewAndSaySo) {
  for (const Args& network : {kPops, kOcpc, kMob, kGrid, kHypercube}) {
    for (const char* rates : {"0.05,0.1", "auto"}) {
      const Json p = parameters(with(network, {"--rates", rates}));
      EXPECT_EQ(p["view"], "grouped") << network[0] << " " << rates;
      EXPECT_EQ(p.value("view_choice", ""), "chosen for a curve; --view pins to override")
          << network[0] << " " << rates;
    }
  }
}

TEST(ViewChoice, ViewPinsOverridesTheChoice) {
  for (const Args& network : {kPops, kOcpc, kMob, kGrid, kHypercube}) {
    const Json p = parameters(with(network, {"--find-knee", "--view", "pins"}));
    EXPECT_EQ(p["view"], "pins") << network[0];
    EXPECT_FALSE(p.contains("view_choice")) << network[0];
  }
}

TEST(ViewChoice, ANetworkGroupedBySizeNeedsNoReason) {
  const Json p = parameters({"hypercube", "--n", "12", "--traffic", "bernoulli", "--find-knee"});
  EXPECT_EQ(p["view"], "grouped");
  EXPECT_FALSE(p.contains("view_choice"));
}

TEST(ViewChoice, StoreAndForwardOpenLoopRunsArePinsUpTo64Links) {
  // A pins slot costs 5x and more a grouped one above 64 links (docs/benchmarks.md).
  EXPECT_EQ(parameters({"grid", "--n", "8", "--k", "2", "--traffic", "bernoulli"})["view"],
            "grouped");
  EXPECT_EQ(parameters({"hypercube", "--n", "5", "--traffic", "bernoulli"})["view"], "grouped");
  EXPECT_EQ(parameters({"grid", "--n", "8", "--k", "2", "--traffic", "random"})["view"], "pins");
  EXPECT_EQ(parameters({"hypercube", "--n", "8", "--traffic", "random"})["view"], "pins");
}

}  // namespace
