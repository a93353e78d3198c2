/// \file
/// The optinet command: parse and validate, elaborate once, run, report (run_optinet).
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <systemc>
#include <vector>

#include "testbenches/cli/network_command.h"
#include "testbenches/io/process_guard.h"

int sc_main(int argc, char* argv[]) {
  // Kernel chatter (e.g. the VCD timescale note) would mix with the report; warnings still
  // print. Errors and fatal reports are thrown, never displayed or aborted on: the command
  // turns them into one line and an exit status.
  using sc_core::sc_report_handler;
  sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
  sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_THROW);
  const int status = optinet::run_optinet(std::vector<std::string>(argv + 1, argv + argc),
                                          std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
  // The network, its trace files and SystemC's kernel are left to the operating system: their
  // destructors cost O(n^2) in SystemC 2.3.4 for n modules, and after a SystemC error a trace
  // file's destructor can fault (a division by zero).
  std::cout.flush();
  optinet::remove_temporaries_now();
  // An interrupt (a closed pipe's SIGPIPE too) has said its one line already.
  if (!std::cout.good() && status < optinet::kExitInterrupted) {
    std::cerr << "optinet: cannot write the standard output" << std::endl;
    std::_Exit(status == optinet::kExitOk ? optinet::kExitOutput : status);
  }
  std::cerr.flush();
  std::_Exit(status);
}

/// SystemC prints its banner before sc_main runs; this main silences it, installs the signal
/// handlers, and then hands over to the kernel as the library's own main does.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  optinet::install_process_guard();
  return sc_core::sc_elab_and_sim(argc, argv);
}
