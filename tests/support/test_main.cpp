/// \file
/// Entry point of every test executable. SystemC owns main() (it calls sc_main), so sc_main runs
/// GoogleTest. gtest_discover_tests runs each TEST in its own process: a test may elaborate
/// SystemC modules, once.
///
/// SystemC reports: SC_INFO stays silent; SC_WARNING, SC_ERROR and SC_FATAL fail the running
/// test (with the report's message id and text), then take their usual actions (an error still
/// throws, a fatal report still aborts).
///
/// One test per process: SystemC elaborates once per process, so a test executable run by hand
/// refuses to run more than one test (run it through ctest, or select one test with
/// --gtest_filter); listing tests (--gtest_list_tests, used by gtest_discover_tests) still works.
/// Executables built with OPTINET_TESTS_SHARE_A_PROCESS (optinet_gtest(... SHARE_A_PROCESS) in
/// tests/CMakeLists.txt) hold only tests that never start a simulation and may run them all in
/// one process; a test in them that does start one fails the executable.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <systemc>

#include "models/core/sanitizer_stack.h"

namespace {

bool g_report_outside_a_test = false;      // a warning or error reported while no test ran
bool g_shared_process_elaborated = false;  // a test of a sharing executable started SystemC
const char* g_program = "test";

const char* severity_name(sc_core::sc_severity severity) {
  switch (severity) {
    case sc_core::SC_INFO:
      return "info";
    case sc_core::SC_WARNING:
      return "warning";
    case sc_core::SC_ERROR:
      return "error";
    default:
      return "fatal";
  }
}

void report_to_gtest(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
  if (report.get_severity() != sc_core::SC_INFO) {
    const std::string what = std::string("SystemC ") + severity_name(report.get_severity()) + " (" +
                             report.get_msg_type() + "): " + report.get_msg();
    if (testing::UnitTest::GetInstance()->current_test_info() != nullptr) {
      ADD_FAILURE() << what;
    } else {
      std::fprintf(stderr, "%s: %s\n", g_program, what.c_str());
      g_report_outside_a_test = true;
    }
  }
  sc_core::sc_report_handler::default_handler(report, actions);
}

// Runs before the result printer: after gtest has applied --gtest_filter and sharding, before any
// test runs (not at all for --gtest_list_tests or --help).
class OneTestPerProcess : public testing::EmptyTestEventListener {
 public:
  void OnTestProgramStart(const testing::UnitTest& unit_test) override {
#ifndef OPTINET_TESTS_SHARE_A_PROCESS
    const int tests = unit_test.test_to_run_count();
    const int repeat = GTEST_FLAG_GET(repeat);
    if (tests > 1) {
      std::fprintf(stderr,
                   "%s: %d tests selected, but SystemC elaborates once per process: run through "
                   "ctest, or select one test with --gtest_filter\n",
                   g_program, tests);
    } else if (tests == 1 && repeat != 1) {
      std::fprintf(stderr,
                   "%s: --gtest_repeat=%d, but SystemC elaborates once per process: run the "
                   "test once\n",
                   g_program, repeat);
    } else {
      return;
    }
    std::fflush(stdout);
    std::exit(2);
#else
    static_cast<void>(unit_test);
#endif
  }

  void OnTestEnd(const testing::TestInfo& test) override {
#ifdef OPTINET_TESTS_SHARE_A_PROCESS
    if (!g_shared_process_elaborated && sc_core::sc_get_curr_simcontext()->elaboration_done()) {
      g_shared_process_elaborated = true;
      std::fprintf(stderr,
                   "%s: %s.%s elaborated SystemC modules, but this executable shares one process "
                   "among its tests (SHARE_A_PROCESS in tests/CMakeLists.txt)\n",
                   g_program, test.test_suite_name(), test.name());
    }
#else
    static_cast<void>(test);
#endif
  }
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  if (argc > 0) g_program = argv[0];
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_handler(report_to_gtest);
  testing::InitGoogleTest(&argc, argv);
  // The check goes first, so that nothing is printed before its one line.
  testing::TestEventListeners& listeners = testing::UnitTest::GetInstance()->listeners();
  testing::TestEventListener* printer = listeners.Release(listeners.default_result_printer());
  listeners.Append(new OneTestPerProcess);
  if (printer != nullptr) listeners.Append(printer);
  const int status = RUN_ALL_TESTS();
  if (status == 0 && (g_report_outside_a_test || g_shared_process_elaborated)) return 1;
  return status;
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  const int status = sc_core::sc_elab_and_sim(argc, argv);
  // LeakSanitizer's check at exit scans the main thread's stack: AddressSanitizer must know it
  // (models/core/sanitizer_stack.h).
  optinet::declare_thread_stack_to_sanitizers();
  // Reports after sc_main returned (SystemC's clean-up) fail the executable too.
  if (status == 0 && g_report_outside_a_test) return 1;
  return status;
}
