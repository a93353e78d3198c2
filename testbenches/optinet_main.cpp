/// \file
/// The optinet command: parse and validate, elaborate once, run, report.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <systemc>

#include "testbenches/cli.h"
#include "testbenches/network_commands.h"
#include "testbenches/report.h"
#include "testbenches/run_summary.h"
#include "testbenches/usage_error.h"

int sc_main(int argc, char* argv[]) {
  using namespace optinet;
  // Kernel chatter (e.g. the VCD timescale note) would mix with the report; warnings and
  // errors still print.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  const std::vector<std::string> args(argv + 1, argv + argc);
  CommandLine cl;
  try {
    if (!args.empty()) {
      if (const NetworkCommand* command = find_network_command(args[0])) {
        return command->run(args);
      }
    }
    cl = parse_command_line(args);
  } catch (const UsageError& e) {
    std::cerr << "optinet: " << e.what() << '\n';
    return 2;
  }
  if (cl.help) {
    std::cout << usage_text();
    return 0;
  }
  const auto& s = cl.pops.shape;
  std::cout << "POPS(" << s.d << "," << s.g << "), n = " << s.n() << ", protocol "
            << cl.pops.protocol << ", traffic " << cl.traffic_name << ", seed " << cl.seed << ", "
            << cl.runs << " run(s)\n";
  try {
    Timing timing;
    auto experiment = std::make_unique<PopsExperiment>(cl.pops);
    timing.elaboration = experiment->elaboration_seconds();
    const std::vector<PopsRunResult> runs =
        run_series(*experiment, cl.seed, cl.runs, cl.quiet, print_run, timing.simulation);
    experiment->close_trace();
    // SystemC 2.3.4 removes each destroyed module from its registry by a linear scan from the
    // front, and children always go before parents, so destroying n modules costs O(n^2)
    // (2.9 s of a 12 s POPS(256,256) run). The command leaves the network to process exit;
    // code that embeds PopsExperiment destroys it normally.
    (void)experiment.release();
    print_summary(std::cout, cl, runs, timing);
    if (!cl.json_path.empty()) {
      std::ofstream out(cl.json_path);
      write_json(out, cl, runs, timing);
    }
    return all_ok(runs) ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "optinet: error: " << e.what() << '\n';
    return 1;
  }
}

/// SystemC prints its banner before sc_main runs; this main silences it and then hands over to
/// the kernel as the library's own main does.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
