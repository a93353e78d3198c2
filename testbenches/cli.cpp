#include "testbenches/cli.h"

#include <limits>
#include <map>

#include "protocols/pops/registry.h"
#include "protocols/pops/sorting_network.h"
#include "testbenches/network_commands.h"
#include "testbenches/option_values.h"
#include "testbenches/usage_error.h"

namespace optinet {

namespace {

constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxGroups = 1024;

}  // namespace

std::string usage_text() {
  return "usage: optinet NETWORK [options]; networks: " + network_names() +
         "\n       optinet NETWORK --help lists a network's options\n\n"
         "usage: optinet pops [--d D] [--g G] [--protocol NAME] [--traffic NAME]\n"
         "                    [--permutation-file PATH] [--runs N] [--seed S] [--max-slots N]\n"
         "                    [--vcd FILE] [--trace-group G] [--trace-slots A:B] [--json FILE]\n"
         "                    [--period-ns T] [--coupler KIND] [--sorter NAME]"
         " [--quiet]\n"
         "\n"
         "  --d D, --g G        POPS(d,g): g groups of d processors (default 4, 4);\n"
         "                      1 <= g <= 1024, n = d*g <= 1048576\n"
         "  --protocol NAME     " +
         pops::protocol_names() +
         " (default randomized)\n"
         "  --sorter NAME       with --protocol sorting: odd-even (default) or bitonic;\n"
         "                      sorting needs d and g to be powers of two\n"
         "  --traffic NAME      random (default), identity, bit-reversal, transpose, partial\n"
         "  --permutation-file  destinations, one per source in order; '-' = no packet\n"
         "  --runs N            runs on the same network, seeds S, S+1, ... (default 1)\n"
         "  --seed S            seed of the first run (default 1); a seed fixes a run exactly\n"
         "  --max-slots N       stop a run after N slots and report it (default 100000)\n"
         "  --vcd FILE          write a VCD waveform (slot, couplers, processors)\n"
         "  --trace-group G     trace only group G's processors and couplers\n"
         "  --trace-slots A:B   record only slots A..B of each run in the VCD\n"
         "  --json FILE         write the runs and their summary as JSON\n"
         "  --period-ns T       slot clock period in ns (default 1)\n"
         "  --coupler KIND      behavioural (default), rtl (verilated RTL couplers, d <= 64),\n"
         "                      lockstep (both, compared every slot); rtl and lockstep need a\n"
         "                      build with Verilator\n"
         "  --quiet             print only the summary and any failed run\n";
}

CommandLine parse_command_line(const std::vector<std::string>& args) {
  CommandLine cl;
  if (args.empty()) {
    throw UsageError("network: missing (accepted: " + network_names() + "); see optinet --help");
  }
  if (args[0] == "--help" || args[0] == "-h") {
    cl.help = true;
    return cl;
  }
  cl.network = args[0];
  if (cl.network != "pops") {
    throw UsageError("network: unknown '" + cl.network + "' (accepted: " + network_names() + ")");
  }
  const OptionValues options =
      collect_options(args, 1,
                      {"--d", "--g", "--protocol", "--traffic", "--permutation-file", "--runs",
                       "--seed", "--max-slots", "--vcd", "--trace-group", "--json", "--period-ns",
                       "--trace-slots", "--coupler", "--sorter"},
                      {"--quiet"});
  if (options.help) {
    cl.help = true;
    return cl;
  }
  cl.quiet = options.flags.count("--quiet") != 0;
  std::map<std::string, std::string> values = options.values;
  const auto get = [&](const std::string& k, const std::string& def) {
    return options.get(k, def);
  };

  PopsExperimentConfig& p = cl.pops;
  p.shape.g = static_cast<std::uint32_t>(parse_count("--g", get("--g", "4"), 1, kMaxGroups));
  p.shape.d = static_cast<std::uint32_t>(parse_count("--d", get("--d", "4"), 1, kMaxNodes));
  const std::uint64_t n = std::uint64_t{p.shape.d} * p.shape.g;
  if (n > kMaxNodes) {
    throw UsageError("--d/--g: n = d*g = " + std::to_string(n) +
                     " is too large (accepted: <= " + std::to_string(kMaxNodes) + ")");
  }
  p.protocol = get("--protocol", "randomized");
  if (pops::find_protocol(p.protocol) == nullptr) {
    throw UsageError("--protocol: unknown '" + p.protocol +
                     "' (accepted: " + pops::protocol_names() + ")");
  }
  if (values.count("--sorter")) {
    const std::string& sorter = values["--sorter"];
    if (p.protocol != "sorting") {
      throw UsageError("--sorter: needs --protocol sorting (got --protocol " + p.protocol + ")");
    }
    if (sorter != "odd-even" && sorter != "bitonic") {
      throw UsageError("--sorter: unknown '" + sorter + "' (accepted: odd-even, bitonic)");
    }
    if (sorter == "bitonic") p.protocol = "sorting-bitonic";
  }
  if (p.protocol == "sorting" || p.protocol == "sorting-bitonic") {
    const std::string why = pops::sorting_unavailable(p.shape);
    if (!why.empty()) throw UsageError("--d/--g: " + why);
  }
  const std::string coupler = get("--coupler", "behavioural");
  const std::optional<CouplerKind> kind = coupler_kind(coupler);
  if (!kind) {
    throw UsageError("--coupler: unknown '" + coupler +
                     "' (accepted: " + available_coupler_names() + ")");
  }
  if (!coupler_available(*kind)) {
    throw UsageError(
        "--coupler: " + coupler +
        " is unavailable (built without Verilator); accepted: " + available_coupler_names());
  }
  if (p.shape.d > coupler_max_sources(*kind)) {
    throw UsageError("--coupler: " + coupler + " supports d <= " +
                     std::to_string(coupler_max_sources(*kind)) + " (the RTL's D)");
  }
  p.coupler = *kind;
  cl.runs = parse_count("--runs", get("--runs", "1"), 1, 1000000);
  cl.seed =
      parse_count("--seed", get("--seed", "1"), 0, std::numeric_limits<std::uint64_t>::max() / 2);
  p.max_slots = parse_count("--max-slots", get("--max-slots", "100000"), 1, 1000000000);
  p.period =
      sc_core::sc_time(parse_positive("--period-ns", get("--period-ns", "1")), sc_core::SC_NS);

  if (values.count("--permutation-file")) {
    if (values.count("--traffic") && values["--traffic"] != "file") {
      throw UsageError("--permutation-file: cannot be combined with --traffic " +
                       values["--traffic"]);
    }
    p.traffic = PermutationKind::kFile;
    cl.traffic_name = "file";
    p.file_permutation =
        read_permutation_file(values["--permutation-file"], static_cast<std::uint32_t>(n));
  } else {
    cl.traffic_name = get("--traffic", "random");
    if (cl.traffic_name == "file") {
      throw UsageError("--traffic: 'file' needs --permutation-file PATH");
    }
    p.traffic = permutation_kind(cl.traffic_name);
    const std::string why = permutation_unavailable(p.traffic, static_cast<std::uint32_t>(n));
    if (!why.empty()) throw UsageError("--traffic: " + why);
  }

  cl.vcd_path = get("--vcd", "");
  if (!cl.vcd_path.empty()) {
    check_writable("--vcd", cl.vcd_path);
    p.trace.vcd_path = cl.vcd_path;
  }
  if (values.count("--trace-group")) {
    if (cl.vcd_path.empty()) throw UsageError("--trace-group: needs --vcd FILE");
    p.trace.group = static_cast<std::uint32_t>(
        parse_count("--trace-group", values["--trace-group"], 0, p.shape.g - 1));
  }
  if (values.count("--trace-slots")) {
    if (cl.vcd_path.empty()) throw UsageError("--trace-slots: needs --vcd FILE");
    const auto range = parse_range("--trace-slots", values["--trace-slots"], 1000000000);
    p.trace.slots.first = range.first;
    p.trace.slots.last = range.second;
  }
  cl.json_path = get("--json", "");
  if (!cl.json_path.empty()) check_writable("--json", cl.json_path);
  check_thread_capacity("--d/--g", n);
  return cl;
}

}  // namespace optinet
