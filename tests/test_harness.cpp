/// \file
/// The test harness itself (tests/test_main.cpp): SystemC warnings and errors fail the running
/// test, SystemC info reports stay silent.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <systemc>

namespace {

TEST(SystemCReports, AWarningFailsTheRunningTest) {
  EXPECT_NONFATAL_FAILURE(SC_REPORT_WARNING("optinet/harness", "an injected warning"),
                          "SystemC warning (optinet/harness): an injected warning");
}

TEST(SystemCReports, AnErrorFailsTheRunningTestAndStillThrows) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_THROW(SC_REPORT_ERROR("optinet/harness", "an injected error"), sc_core::sc_report),
      "SystemC error (optinet/harness): an injected error");
}

TEST(SystemCReports, AnInfoReportStaysSilent) {
  SC_REPORT_INFO("optinet/harness", "an injected info report");
  EXPECT_FALSE(testing::Test::HasFailure());
}

}  // namespace
