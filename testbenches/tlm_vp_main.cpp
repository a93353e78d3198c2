/// \file
/// optinet_vp: the example TLM-2.0 virtual platform. For each seed, the traffic processor drives
/// the permutation into POPS(d,g) through the network interfaces' target sockets, starts the run
/// through the control registers and collects every delivery; the same seed is also run by the
/// built-in experiment driver (PopsExperiment), and the two runs must agree exactly.
///
///   optinet_vp [--d D] [--g G] [--protocol NAME] [--traffic NAME] [--seed S] [--runs N]
///              [--max-slots N]
///
/// Exit status: 0 if every run agrees, 1 if one differs (the differences are printed), 2 for
/// bad input.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <systemc>

#include "testbenches/option_values.h"
#include "testbenches/pops_experiment.h"
#include "testbenches/tlm_virtual_platform.h"
#include "testbenches/usage_error.h"

namespace {

using namespace optinet;

struct VpOptions {
  VirtualPlatformConfig platform;
  std::uint64_t seed = 1;
  std::uint64_t runs = 4;
};

const char* const kUsage =
    "usage: optinet_vp [--d D] [--g G] [--protocol NAME] [--traffic NAME] [--seed S] [--runs N] "
    "[--max-slots N]\n";

VpOptions parse(const std::vector<std::string>& args) {
  const OptionValues o = collect_options(
      args, 0, {"--d", "--g", "--protocol", "--traffic", "--seed", "--runs", "--max-slots"}, {});
  if (o.help) {
    std::cout << kUsage;
    std::exit(0);
  }
  VpOptions v;
  PopsTlmSystemConfig& s = v.platform.system;
  s.shape.d = static_cast<std::uint32_t>(parse_count("--d", o.get("--d", "4"), 1, 1024));
  s.shape.g = static_cast<std::uint32_t>(parse_count("--g", o.get("--g", "4"), 1, 1024));
  if (s.shape.n() > 4096) throw UsageError("--d: d*g must be at most 4096 for the example");
  v.platform.protocol = o.get("--protocol", "randomized");
  if (pops::find_protocol(v.platform.protocol) == nullptr) {
    throw UsageError("--protocol: unknown protocol '" + v.platform.protocol +
                     "'; accepted: " + pops::protocol_names());
  }
  v.platform.traffic = permutation_kind(o.get("--traffic", "random"));
  if (v.platform.traffic == PermutationKind::kFile) {
    throw UsageError("--traffic: file traffic is not offered by the example");
  }
  const std::string why = permutation_unavailable(v.platform.traffic, s.shape.n());
  if (!why.empty()) throw UsageError("--traffic: " + why);
  v.seed = parse_count("--seed", o.get("--seed", "1"), 0, ~std::uint64_t{0});
  v.runs = parse_count("--runs", o.get("--runs", "4"), 1, 100000);
  s.max_slots = parse_count("--max-slots", o.get("--max-slots", "100000"), 1, 1000000000);
  return v;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  VpOptions options;
  try {
    options = parse(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError& e) {
    std::cerr << "optinet_vp: " << e.what() << '\n';
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
  PopsExperimentConfig reference_config;
  reference_config.shape = s.shape;
  reference_config.protocol = options.platform.protocol;
  reference_config.traffic = options.platform.traffic;
  reference_config.max_slots = s.max_slots;
  reference_config.period = s.period;
  PopsExperiment& reference = *new PopsExperiment(reference_config);
  const double elaboration = seconds_since(t0);

  std::vector<std::uint64_t> seeds;
  std::vector<PopsRunResult> built_in;
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

  std::cout << "POPS(" << s.shape.d << "," << s.shape.g << "), protocol " << options.platform.protocol
            << ", traffic " << permutation_kind_name(options.platform.traffic)
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

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
