// Protocol-cost tests: a protocol that got slower, not wrong, loses no packet and passes every
// conservation check; these tests pin what each randomized protocol costs. 300 runs on fixed
// seeds (1000..1299) through the command; the mean steps must lie in a stated band and the runs
// that fell back to a slower procedure must stay rare.
//
// How the bands were set (`optinet NETWORK ... --runs 300 --seed 1000 --json`): the
// measured mean m and sample sd s over the 300 runs; the band is m +- max(5 s / sqrt(300), 5% of
// m), wide enough for a harmless change of the random draws (a few standard errors) and narrow
// enough that a 10% slower protocol fails. Fallback bands: the measured count plus five binomial
// standard deviations. Where the papers give a figure for the same shape it is in the comment.
// Each test elaborates its network, so each runs in its own process (ctest).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"

namespace optinet {
namespace {

struct Cost {
  double mean_steps = 0;
  int runs_with_fallback = 0;
};

Cost cost_of(const std::string& command_line) {
  std::vector<std::string> args;
  std::istringstream words(command_line + " --runs 300 --seed 1000 --quiet");
  for (std::string w; words >> w;) args.push_back(w);
  const std::string path = "protocol_cost_" + std::to_string(::getpid()) + ".json";
  args.push_back("--json");
  args.push_back(path);
  std::ostringstream out, err;
  EXPECT_EQ(run_optinet(args, out, err), 0) << err.str();
  std::ifstream in(path);
  const nlohmann::json report = nlohmann::json::parse(in);
  std::remove(path.c_str());
  Cost c;
  c.mean_steps = report["summary"]["steps"]["mean"].get<double>();
  for (const auto& run : report["runs"]) c.runs_with_fallback += run.value("fallbacks", 0) > 0;
  return c;
}

void expect_band(const std::string& command_line, double lo, double hi, int max_fallback_runs) {
  const Cost c = cost_of(command_line);
  EXPECT_GE(c.mean_steps, lo) << command_line;
  EXPECT_LE(c.mean_steps, hi) << command_line;
  EXPECT_LE(c.runs_with_fallback, max_fallback_runs) << command_line;
}

// POPS randomized router (Mei & Rizzi). Measured with self-addressed packets
// routed through the network; d > g: rotating key, bijective relay, layer windows), 300 runs as
// above. d = g: measured 5.34 (s 0.83).
TEST(ProtocolCost, PopsRandomizedDEqualsG) { expect_band("pops --d 8 --g 8", 5.07, 5.61, 0); }
// d > g: measured 14.81 (s 2.15) with the window classes, window length and harmonic back-off.
TEST(ProtocolCost, PopsRandomizedDAboveG) { expect_band("pops --d 16 --g 4", 14.07, 15.55, 0); }
// d < g: measured 16.55 (s 4.19).
TEST(ProtocolCost, PopsRandomizedDBelowG) { expect_band("pops --d 4 --g 16", 15.34, 17.76, 0); }
// randomized-law, d > g: measured 16.49 (s 3.48).
TEST(ProtocolCost, PopsRandomizedLawDAboveG) {
  expect_band("pops --d 16 --g 4 --protocol randomized-law", 15.49, 17.49, 0);
}
// randomized-bijective, d = g: measured 4.15 (s 0.84).
TEST(ProtocolCost, PopsRandomizedBijectiveDEqualsG) {
  expect_band("pops --d 8 --g 8 --protocol randomized-bijective", 3.91, 4.39, 0);
}

// OCPC (Goldberg, Jerrum, Leighton & Rao). coinflip h = 2: measured 13.42 (s 2.13).
TEST(ProtocolCost, OcpcCoinflip) {
  expect_band("ocpc --p 64 --h 2 --protocol coinflip", 12.75, 14.09, 0);
}
// thinning h = 4: measured 22.02 (s 3.28), 5 of 300 runs fell back to coin flips.
TEST(ProtocolCost, OcpcThinning) {
  expect_band("ocpc --p 64 --h 4 --protocol thinning", 20.92, 23.12, 16);
}
// valiant h = 4: measured 22.15 (s 4.10).
TEST(ProtocolCost, OcpcValiant) {
  expect_band("ocpc --p 64 --h 4 --protocol valiant", 20.97, 23.33, 0);
}
// gjlr h = 2: a fixed schedule of 72 steps (the band's floor) plus fallbacks; measured 72.03,
// 2 of 300 fell back.
TEST(ProtocolCost, OcpcGjlr) { expect_band("ocpc --p 64 --h 2 --protocol gjlr", 72.0, 75.6, 9); }

// MOB-PC. row-column h = 2: measured 27.21 (s 9.22; one run took 137 steps).
TEST(ProtocolCost, MobRowColumn) {
  expect_band("mob --p 8 --h 2 --protocol row-column", 24.55, 29.87, 0);
}
// gjlr h = 2: its fixed schedule, 315 steps in every run.
TEST(ProtocolCost, MobGjlr) { expect_band("mob --p 8 --h 2 --protocol gjlr", 315, 315, 0); }

}  // namespace
}  // namespace optinet
