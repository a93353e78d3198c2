/// \file
/// The optinet command: parse and validate, elaborate once, run, report (run_optinet).
#include <cstdlib>
#include <iostream>
#include <string>
#include <systemc>
#include <vector>

#include "testbenches/network_command.h"

int sc_main(int argc, char* argv[]) {
  // Kernel chatter (e.g. the VCD timescale note) would mix with the report; warnings and
  // errors still print.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  return optinet::run_optinet(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                              std::cerr);
}

/// SystemC prints its banner before sc_main runs; this main silences it and then hands over to
/// the kernel as the library's own main does.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
