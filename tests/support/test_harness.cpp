/// \file
/// The test harness itself (tests/support/test_main.cpp): SystemC warnings and errors fail the
/// running test, also from inside a simulation; SystemC info reports stay silent.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <systemc>

namespace {

/// Warns from its process, in the first delta cycle of the simulation.
SC_MODULE(Warner){SC_CTOR(Warner){SC_THREAD(run);
}  // namespace
void run() { SC_REPORT_WARNING("optinet/harness", "a warning from a process"); }
}
;

TEST(SystemCReports, AWarningFailsTheRunningTest) {
  EXPECT_NONFATAL_FAILURE(SC_REPORT_WARNING("optinet/harness", "an injected warning"),
                          "SystemC warning (optinet/harness): an injected warning");
}

TEST(SystemCReports, AnErrorFailsTheRunningTestAndStillThrows) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_THROW(SC_REPORT_ERROR("optinet/harness", "an injected error"), sc_core::sc_report),
      "SystemC error (optinet/harness): an injected error");
}

TEST(SystemCReports, AWarningFromAProcessFailsTheRunningTest) {
  Warner warner("warner");
  EXPECT_NONFATAL_FAILURE_ON_ALL_THREADS(
      sc_core::sc_start(1, sc_core::SC_NS),
      "SystemC warning (optinet/harness): a warning from a process");
}

TEST(SystemCReports, AnInfoReportStaysSilent) {
  SC_REPORT_INFO("optinet/harness", "an injected info report");
  EXPECT_FALSE(testing::Test::HasFailure());
}

}  // namespace
