/// \file
/// optinet_vp: the example TLM-2.0 virtual platform. For each seed, the traffic processor drives
/// the permutation into POPS(d,g) through the network interfaces' target sockets, starts the run
/// through the control registers and collects every delivery; the same seed is also run by the
/// built-in experiment driver (pops::PopsExperiment), and the two runs must agree exactly.
///
///   optinet_vp [--d D] [--g G] [--protocol NAME] [--sorter NAME] [--traffic NAME] [--seed S]
///              [--runs N] [--max-slots N]
///
/// Exit status: 0 if every run agrees, 1 if one differs (the differences are printed) or on an
/// error, 2 for bad input, 3 if the standard output cannot be written, 128 + the signal when
/// interrupted (one line on stderr for each).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <optional>
#include <systemc>

#include "models/core/sanitizer_stack.h"
#include "protocols/pops/registry.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/process_guard.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/pops/pops_experiment.h"
#include "testbenches/tlm/tlm_virtual_platform.h"

namespace {

using namespace optinet;

struct VpOptions {
  VirtualPlatformConfig platform;
  std::uint64_t seed = 1;
  std::uint64_t runs = 4;
};

/// Parses and validates; throws UsageError. Returns false when help was printed.
bool parse(int argc, char* argv[], VpOptions& v) {
  CLI::App app("optinet_vp: the example TLM-2.0 virtual platform around POPS(d,g)", "optinet_vp");
  app.set_help_flag("-h,--help", "print this help and exit");
  std::uint32_t d = 4;
  std::uint32_t g = 4;
  std::optional<std::string> sorter;
  std::string traffic = "random";
  PopsTlmSystemConfig& s = v.platform.system;
  app.add_option("--d", d, "processors per group (d*g <= 4096)")
      ->check(count_in(1, 1024))
      ->capture_default_str();
  app.add_option("--g", g, "groups")->check(count_in(1, 1024))->capture_default_str();
  app.add_option("--protocol", v.platform.protocol, pops::protocol_names())->capture_default_str();
  app.add_option("--sorter", sorter, "with --protocol sorting: " + pops::sorter_names());
  app.add_option("--traffic", traffic, permutation_kind_names())->capture_default_str();
  app.add_option("--seed", v.seed, "seed of the first run")
      ->check(count_in(0, kMaxSeed))
      ->capture_default_str();
  app.add_option("--runs", v.runs, "runs")->check(count_in(1, 100000))->capture_default_str();
  app.add_option("--max-slots", s.max_slots, "slot limit of a run")
      ->check(count_in(1, 1000000000))
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return false;
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }
  check_seed_range(v.seed, v.runs);
  s.shape = pops::PopsShape{d, g};
  if (s.shape.n() > 4096) {
    throw UsageError("--d/--g: d*g = " + std::to_string(s.shape.n()) +
                     " is too large (accepted: d*g <= 4096 for the example)");
  }
  // The same preconditions as optinet pops: the protocol registry states them.
  const pops::ProtocolChoice choice = pops::choose_protocol(v.platform.protocol, sorter, s.shape);
  if (choice.info == nullptr) throw UsageError(choice.option + ": " + choice.reason);
  v.platform.protocol = choice.info->name;
  v.platform.traffic = permutation_kind(traffic, /*file_offered=*/false);
  const std::string why = permutation_unavailable(v.platform.traffic, s.shape.n());
  if (!why.empty()) throw UsageError("--traffic: " + why);
  return true;
}

}  // namespace

/// Parses, elaborates the platform and the built-in driver, runs every seed on both and
/// compares; returns the exit status.
static int run_vp(int argc, char* argv[]) {
  VpOptions options;
  try {
    if (!parse(argc, argv, options)) return 0;
  } catch (const UsageError& e) {
    // As optinet's: control bytes escaped, long tokens shortened, one line.
    std::cerr << "optinet_vp: " << printable_message(e.what()) << '\n';
    return 2;
  }
  const PopsTlmSystemConfig& s = options.platform.system;

  // Both are elaborated before the first sc_start (one elaboration per process): the platform
  // under "vp", the built-in driver's network under "pops".
  const auto t0 = std::chrono::steady_clock::now();
  const auto seconds_since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  };
  // Leaked at exit, as in optinet: SystemC 2.3.4's module teardown is quadratic.
  VirtualPlatform& vp = *new VirtualPlatform("vp", options.platform);
  pops::PopsExperimentConfig reference_config;
  reference_config.shape = s.shape;
  reference_config.protocol = options.platform.protocol;
  reference_config.traffic = options.platform.traffic;
  reference_config.max_slots = s.max_slots;
  reference_config.period = s.period;
  pops::PopsExperiment& reference = *new pops::PopsExperiment(reference_config);
  const double elaboration = seconds_since(t0);

  std::vector<std::uint64_t> seeds;
  std::vector<pops::PopsRunResult> built_in;
  std::vector<std::vector<Packet>> built_in_packets;       // what the built-in driver loaded
  std::vector<std::vector<std::uint64_t>> built_in_slots;  // its delivery slot of each packet
  for (std::uint64_t k = 0; k < options.runs; ++k) {
    seeds.push_back(options.seed + k);
    built_in.push_back(reference.run(seeds.back()));
    built_in_slots.push_back(reference.scoreboard().delivery_slots());
    built_in_packets.emplace_back();
    for (NodeId i = 0; i < s.shape.n(); ++i) {
      const auto& loaded = reference.network().processor(i).packets();
      built_in_packets.back().insert(built_in_packets.back().end(), loaded.begin(), loaded.end());
    }
  }
  const double built_in_seconds = seconds_since(t0) - elaboration;
  const auto t1 = std::chrono::steady_clock::now();
  vp.cpu.run_jobs(seeds);
  sc_core::sc_start();
  const double platform_seconds = seconds_since(t1);

  std::cout << "POPS(" << s.shape.d << "," << s.shape.g << "), protocol "
            << options.platform.protocol << ", traffic "
            << permutation_kind_name(options.platform.traffic)
            << ": TLM-2.0 platform vs built-in driver\n";
  bool all_good = vp.cpu.results().size() == seeds.size();
  for (std::size_t k = 0; k < vp.cpu.results().size(); ++k) {
    const VpRunResult& r = vp.cpu.results()[k];
    const auto diffs = compare_runs(r, built_in[k], built_in_packets[k], built_in_slots[k]);
    std::cout << "seed " << r.seed << ": slots " << r.slots << ", collisions " << r.collisions
              << ", delivered " << r.delivered << "/" << r.packets << ": "
              << (diffs.empty() ? "same as built-in" : "DIFFERENT from built-in") << '\n';
    for (const std::string& d : diffs) std::cout << "  " << d << '\n';
    if (r.status & CsrRegisters::kStatusLimit) {
      std::cout << "  stopped at the slot limit (--max-slots " << s.max_slots
                << ") before every node finished\n";
    }
    if (r.errors != 0) {
      std::cout << "  " << r.errors << " scoreboard violation(s) on the platform\n";
    }
    for (const std::string& e : built_in[k].errors) std::cout << "  built-in: " << e << '\n';
    all_good = all_good && diffs.empty() && r.errors == 0 &&
               !(r.status & CsrRegisters::kStatusLimit) && built_in[k].ok();
  }
  std::cout << "time: elaboration " << elaboration << " s, built-in runs " << built_in_seconds
            << " s, platform runs " << platform_seconds << " s (simulated "
            << sc_core::sc_time_stamp().to_string() << ")\n";
  return all_good ? 0 : 1;
}

int sc_main(int argc, char* argv[]) {
  // As in optinet: kernel chatter off, SystemC errors thrown and reported in one line.
  using sc_core::sc_report_handler;
  sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
  sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_THROW);
  int status = 1;
  try {
    status = run_vp(argc, argv);
  } catch (const std::exception& e) {
    const std::string what = e.what();
    std::cerr << "optinet_vp: error: " << what.substr(0, what.find('\n')) << '\n';
  }
  std::cout.flush();
  if (!std::cout.good()) {
    std::cerr << "optinet_vp: cannot write the standard output\n";
    return status == 0 ? 3 : status;  // 3 as optinet's kExitOutput
  }
  return status;
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  optinet::install_process_guard("optinet_vp");
  const int status = sc_core::sc_elab_and_sim(argc, argv);
  optinet::declare_thread_stack_to_sanitizers();  // for LeakSanitizer's check at exit
  return status;
}
