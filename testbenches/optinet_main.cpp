/// \file
/// The optinet command: parse and validate, elaborate once, run, report.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <systemc>

#include "testbenches/cli.h"
#include "testbenches/report.h"
#include "testbenches/usage_error.h"

int sc_main(int argc, char* argv[]) {
  using namespace optinet;
  CommandLine cl;
  try {
    cl = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
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
            << cl.pops.protocol << ", traffic " << cl.traffic_name << ", seed " << cl.seed
            << ", " << cl.runs << " run(s)\n";
  try {
    auto experiment = std::make_unique<PopsExperiment>(cl.pops);
    std::vector<PopsRunResult> runs;
    for (std::uint64_t k = 0; k < cl.runs; ++k) {
      runs.push_back(experiment->run(cl.seed + k));
      if (!cl.quiet && (cl.runs <= 20 || !runs.back().ok())) print_run(std::cout, k, runs.back());
      if (cl.runs > 1) {
        std::cerr << "\rrun " << k + 1 << "/" << cl.runs << std::flush;
      }
    }
    if (cl.runs > 1) std::cerr << '\n';
    experiment.reset();  // closes the VCD file
    print_summary(std::cout, cl, runs);
    if (!cl.json_path.empty()) {
      std::ofstream out(cl.json_path);
      write_json(out, cl, runs);
    }
    for (const auto& r : runs) {
      if (!r.ok()) return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "optinet: error: " << e.what() << '\n';
    return 1;
  }
}
