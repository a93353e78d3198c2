/// \file
/// A verilated store-and-forward link stage (rtl/sf_link_stage.sv) in lockstep sees a wrong
/// delivery, not only a wrong design: at a 2 ps slot (which the command refuses with --rtl) the
/// stage's quarter-slot ticks fall on the slot clock's edges, so the far end reads an offer the
/// stage has not driven yet; the tick-level comparison of the RTL with a wire agrees there, and
/// the comparison at the instants the nodes sample the link fails the run. At 4 ps, the smallest
/// period accepted with --rtl, the same run is clean.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "models/topology/hypercube.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet {
namespace {

sf::SfRunResult run_at(std::uint64_t period_ps) {
  sf::SfExperimentConfig config;
  config.graph = std::make_shared<sf::HypercubeGraph>(4);
  config.protocol = "cubes";
  config.capacity = 1;
  config.traffic = PermutationKind::kRandom;
  config.max_slots = 200;
  config.period = sc_core::sc_time(static_cast<double>(period_ps), sc_core::SC_PS);
  config.view = NetworkView::kPins;
  config.rtl_links.push_back(sf::LinkInstance{0, 1, "sf_link_stage", true});
  sf::SfExperiment e(config);
  return e.run(1);
}

bool has_lockstep_mismatch(const sf::SfRunResult& r) {
  for (const std::string& error : r.errors) {
    if (error.find("lockstep mismatch") != std::string::npos) return true;
  }
  return false;
}

TEST(RtlLinkTiming, LockstepSeesTheDeliveryOfAStageTickingOnTheClockEdges) {
  const sf::SfRunResult wrong = run_at(2);
  EXPECT_FALSE(wrong.ok());
  EXPECT_TRUE(has_lockstep_mismatch(wrong))
      << (wrong.errors.empty() ? std::string("no error") : wrong.errors.front());
}

}  // namespace
}  // namespace optinet
