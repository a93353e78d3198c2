/// \file
/// Bit-error faults under open-loop traffic (testbenches/open_loop/open_loop.h): with tdma and
/// reservation a source learns nothing of a garbled frame, so its packet is lost and counted; every
/// run checks created - refused = delivered + lost + in flight; losses do not read as a saturation;
/// ber:budget loses nothing 3 dB above the receiver's sensitivity. One PopsExperiment per test.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "models/optical/bit_errors.h"
#include "testbenches/faults/fault_option.h"
#include "testbenches/pops/pops_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;

FaultTargets targets(std::uint32_t g, std::uint32_t n) {
  FaultTargets t;
  t.network = "POPS";
  t.coupler_groups = g;
  t.nodes = n;
  t.ber = true;
  return t;
}

PopsRunResult run_with(const std::string& protocol, std::uint32_t d, std::uint32_t g, double rate,
                       FaultPlan plan, std::uint64_t seed) {
  PopsExperimentConfig c;
  c.shape = pops::PopsShape{d, g};
  c.protocol = protocol;
  c.faults = std::move(plan);
  c = test::short_open_loop(c, rate, 50000);
  PopsExperiment e(c);
  PopsRunResult r = e.run(seed);
  std::uint64_t frames = 0;
  for (std::uint64_t f : e.faults().log().frames_lost()) frames += f;
  // Every frame lost was a data frame whose packet is lost (one hop, no acknowledgement).
  EXPECT_EQ(frames, r.open_loop->lost);
  return r;
}

/// The run's checks passed, and every packet sent is delivered, lost or in flight.
void expect_conserved(const PopsRunResult& r) {
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  const OpenLoopResult& o = *r.open_loop;
  EXPECT_EQ(o.created - o.refused, o.delivered + o.lost + o.in_flight);
  EXPECT_TRUE(o.drained);
  EXPECT_EQ(o.labelled, o.labelled_delivered + o.labelled_lost);
}

TEST(OpenLoopFaults, TdmaLosesGarbledPacketsAndConservesTheRest) {
  // POPS(4,4), tdma at 0.3, every frame garbled with probability 0.1: about a tenth of the
  // packets is lost, the rest delivered; the accepted load is the offered load less the loss.
  const PopsRunResult r =
      run_with("tdma", 4, 4, 0.3, parse_fault_plan({"ber:0.1"}, targets(4, 16)), 5);
  expect_conserved(r);
  const OpenLoopResult& o = *r.open_loop;
  EXPECT_FALSE(r.saturated);
  const double left = static_cast<double>(o.delivered + o.lost);
  const double share = static_cast<double>(o.lost) / left;
  // Within 5 binomial standard deviations of 0.1.
  EXPECT_NEAR(share, 0.1, 5 * std::sqrt(0.1 * 0.9 / left));
  EXPECT_NEAR(o.accepted, 0.9 * o.offered, 0.03);
}

TEST(OpenLoopFaults, ReservationLosesGarbledPacketsAndConservesTheRest) {
  const PopsRunResult r =
      run_with("reservation", 2, 8, 0.5, parse_fault_plan({"ber:0.2"}, targets(8, 16)), 6);
  expect_conserved(r);
  EXPECT_GT(r.open_loop->lost, 0u);
  EXPECT_EQ(r.collisions, 0u);
}

TEST(OpenLoopFaults, HeavyLossesDoNotReadAsASaturation) {
  // Half the frames lost at 0.5 offered, which tdma carries on POPS(4,4): the backlog does not
  // grow, so the run is not saturated, though only half the offered load is accepted.
  const PopsRunResult r =
      run_with("tdma", 4, 4, 0.5, parse_fault_plan({"ber:0.5"}, targets(4, 16)), 7);
  expect_conserved(r);
  EXPECT_FALSE(r.saturated) << r.open_loop->steady.saturation_reason;
  EXPECT_NEAR(r.open_loop->accepted, 0.5 * r.open_loop->offered, 0.05);
}

TEST(OpenLoopFaults, BudgetBitErrorsLoseNothingThreeDbAboveTheSensitivity) {
  const DeviceParameters p;
  const double received = p.receiver_sensitivity_dbm + 3;
  const double ber = bit_error_rate(p, received);
  FaultTargets t = targets(4, 16);
  t.budget_errors = BudgetErrors{received, ber, frame_loss_probability(ber, p.frame_bits)};
  const PopsRunResult r = run_with("tdma", 4, 4, 0.5, parse_fault_plan({"ber:budget"}, t), 8);
  expect_conserved(r);
  EXPECT_EQ(r.open_loop->lost, 0u);
  EXPECT_EQ(r.open_loop->labelled_delivered, r.open_loop->labelled);
}

}  // namespace
