/// \file
/// Lockstep sees a POPS RTL coupler and an OCPC RTL receiver that drive their outcome after the
/// processors sample it, not only a wrong design: at a 2 ps slot (which the command refuses
/// with --rtl) the stages' quarter-slot ticks fall on the falling edge, where a traced processor
/// samples, so the outcome reaches the pins a few delta cycles too late; the comparison of the
/// RTL with the behavioural law at the tick agrees there, and the comparison at the sampling
/// instants (RtlSampleWatch) fails the run. The same runs at 4 ps, the smallest period the
/// command accepts with --rtl, are clean (ctest rtl_pops_smallest_period and
/// rtl_ocpc_smallest_period). Each TEST elaborates once (its own process).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testbenches/ocpc/ocpc_experiment.h"
#include "testbenches/pops/pops_experiment.h"

namespace optinet {
namespace {

const sc_core::sc_time kTwoPicoseconds(2, sc_core::SC_PS);

std::string late_mismatch(const std::vector<std::string>& errors) {
  for (const std::string& error : errors) {
    if (error.find("lockstep mismatch") != std::string::npos &&
        error.find("not yet on the pins at the falling edge") != std::string::npos) {
      return error;
    }
  }
  return "";
}

std::string all(const std::vector<std::string>& errors) {
  std::string s;
  for (const std::string& e : errors) s += e + "; ";
  return s.empty() ? "no error" : s;
}

TEST(RtlSampleTiming, LockstepSeesACouplerDrivingAfterTheFallingEdge) {
  pops::PopsExperimentConfig config;
  config.shape = pops::PopsShape{4, 4};
  config.period = kTwoPicoseconds;
  config.view = pops::PopsView::kPins;
  config.rtl_couplers.push_back(
      pops::CouplerInstance{1, 0, pops::CouplerKind::kLockstep, "optical_passive_star"});
  pops::PopsExperiment e(config);
  const pops::PopsRunResult r = e.run(1);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(late_mismatch(r.errors), "") << all(r.errors);
  EXPECT_NE(late_mismatch(r.errors).find("coupler"), std::string::npos) << all(r.errors);
}

TEST(RtlSampleTiming, LockstepSeesAReceiverDrivingAfterTheFallingEdge) {
  ocpc::OcpcExperimentConfig config;
  config.shape.p = 8;
  config.period = kTwoPicoseconds;
  config.view = NetworkView::kPins;
  config.rtl_receivers.push_back(ocpc::ReceiverInstance{3, "ocpc_bus_receiver", true});
  ocpc::OcpcExperiment e(config);
  const ocpc::OcpcRunResult r = e.run(1);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(late_mismatch(r.errors), "") << all(r.errors);
}

}  // namespace
}  // namespace optinet
