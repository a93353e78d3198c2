/// \file
/// Entry point of every test executable. SystemC owns main() (it calls sc_main), so sc_main runs
/// GoogleTest. gtest_discover_tests runs each TEST in its own process: a test may elaborate
/// SystemC modules, once.
///
/// SystemC reports: SC_INFO stays silent; SC_WARNING, SC_ERROR and SC_FATAL fail the running
/// test (with the report's message id and text), then take their usual actions (an error still
/// throws, a fatal report still aborts).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <systemc>

namespace {

bool g_report_outside_a_test = false;  // a warning or error reported while no test ran
const char* g_program = "test";

const char* severity_name(sc_core::sc_severity severity) {
  switch (severity) {
    case sc_core::SC_INFO: return "info";
    case sc_core::SC_WARNING: return "warning";
    case sc_core::SC_ERROR: return "error";
    default: return "fatal";
  }
}

void report_to_gtest(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
  if (report.get_severity() != sc_core::SC_INFO) {
    const std::string what = std::string("SystemC ") + severity_name(report.get_severity()) +
                             " (" + report.get_msg_type() + "): " + report.get_msg();
    if (testing::UnitTest::GetInstance()->current_test_info() != nullptr) {
      ADD_FAILURE() << what;
    } else {
      std::fprintf(stderr, "%s: %s\n", g_program, what.c_str());
      g_report_outside_a_test = true;
    }
  }
  sc_core::sc_report_handler::default_handler(report, actions);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  if (argc > 0) g_program = argv[0];
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_handler(report_to_gtest);
  testing::InitGoogleTest(&argc, argv);
  const int status = RUN_ALL_TESTS();
  if (status == 0 && g_report_outside_a_test) return 1;
  return status;
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  const int status = sc_core::sc_elab_and_sim(argc, argv);
  // Reports after sc_main returned (SystemC's clean-up) fail the executable too.
  if (status == 0 && g_report_outside_a_test) return 1;
  return status;
}
