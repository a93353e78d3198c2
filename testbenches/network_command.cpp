#include "testbenches/network_command.h"

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "testbenches/option_values.h"
#include "testbenches/stats.h"
#include "testbenches/usage_error.h"

#ifndef OPTINET_VERSION
#define OPTINET_VERSION "unknown"
#endif

namespace optinet {

namespace {

constexpr std::uint64_t kMaxRuns = 1000000;
constexpr std::uint64_t kMaxSlotLimit = 1000000000;
// Seeds S..S+runs-1 must not wrap around.
constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::uint64_t>::max() / 2;

std::string overview() {
  std::ostringstream s;
  s << "usage: optinet NETWORK [options]     (optinet NETWORK --help lists its options)\n"
       "       optinet --version\n\nnetworks:\n";
  for (const NetworkFamily& f : network_families()) {
    s << "  " << std::left << std::setw(18) << f.network << f.description << '\n';
  }
  return s.str();
}

void add_common_options(CLI::App& app, CommonOptions& c) {
  app.add_option("--protocol", c.protocol, "routing protocol")->capture_default_str();
  app.add_option("--traffic", c.traffic, "traffic pattern")->capture_default_str();
  app.add_option("--runs", c.runs, "runs on the same network, seeds S, S+1, ...")
      ->check(count_in(1, kMaxRuns))
      ->capture_default_str();
  app.add_option("--seed", c.seed, "seed of the first run; a seed fixes a run exactly")
      ->check(count_in(0, kMaxSeed))
      ->capture_default_str();
  app.add_option("--max-slots", c.max_slots, "stop a run after N slots and report it")
      ->check(count_in(1, kMaxSlotLimit))
      ->capture_default_str();
  app.add_option("--period-ns", c.period_ns, "slot clock period in ns")
      ->check(positive_number())
      ->capture_default_str();
  app.add_option("--vcd", c.vcd_path, "write a VCD waveform")->check(path_given());
  app.add_option("--json", c.json_path, "write the runs and their summary as JSON")
      ->check(path_given());
  app.add_flag("--quiet", c.quiet, "print only the summary and any failed run");
}

/// One line for a CLI11 parse error, starting with the option at fault.
std::string usage_line(const CLI::ParseError& e, const std::string& network) {
  std::string what = e.what();
  const std::size_t newline = what.find('\n');
  if (newline != std::string::npos) what.resize(newline);
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    // "The following argument(s) was/were not expected: --x [...]"
    const std::size_t colon = what.find(": ");
    std::istringstream words(colon == std::string::npos ? what : what.substr(colon + 2));
    std::string extra;  // CLI11 lists them last first
    for (std::string word; words >> word;) extra = extra.empty() ? word : word + " " + extra;
    return extra + ": not an option of optinet " + network + "; see optinet " + network + " --help";
  }
  return what;
}

void print_run(std::ostream& out, std::size_t index, const RunRecord& r) {
  out << "run " << index << " (seed " << r.seed << "): " << r.description;
  if (r.hit_limit) out << ", STOPPED AT SLOT LIMIT";
  out << '\n';
  for (const auto& e : r.errors) out << "  error: " << e << '\n';
}

std::vector<RunRecord> run_series(NetworkCommand& command, const CommonOptions& c,
                                  std::ostream& out, std::ostream& err, double& simulation) {
  std::vector<RunRecord> runs;
  for (std::uint64_t k = 0; k < c.runs; ++k) {
    runs.push_back(command.run(c.seed + k));
    simulation += runs.back().wall_seconds;
    if (!runs.back().ok() || (!c.quiet && c.runs <= 20)) print_run(out, k, runs.back());
    if (c.runs > 1) err << "\rrun " << k + 1 << "/" << c.runs << std::flush;
  }
  if (c.runs > 1) err << '\n';
  return runs;
}

Summary summarize_field(const std::vector<RunRecord>& runs, const std::string& field) {
  std::vector<double> values;
  values.reserve(runs.size());
  for (const RunRecord& r : runs) values.push_back(r.fields.at(field).get<double>());
  return summarize(values);
}

bool all_ok(const std::vector<RunRecord>& runs) {
  for (const RunRecord& r : runs) {
    if (!r.ok()) return false;
  }
  return true;
}

void print_summary(std::ostream& out, const NetworkCommand& command,
                   const std::vector<RunRecord>& runs, double elaboration, double simulation) {
  out << std::fixed << std::setprecision(2) << "summary over " << runs.size() << " run(s):";
  const char* separator = " ";
  for (const std::string& field : command.summary_fields()) {
    const Summary s = summarize_field(runs, field);
    out << separator << field << " mean " << s.mean << " sd " << s.sd << " max " << s.max
        << " min " << s.min;
    separator = "; ";
  }
  out << '\n';
  out.unsetf(std::ios::floatfield);
  std::size_t failed = 0;
  for (const RunRecord& r : runs) failed += r.ok() ? 0 : 1;
  if (failed == 0) {
    const std::string also = command.invariants();
    out << "check: every packet delivered exactly once, intact, to its destination"
        << (also.empty() ? "" : "; " + also) << '\n';
  } else {
    out << "check: " << failed << " run(s) FAILED (see errors above)\n";
  }
  const auto precision = out.precision(3);
  out << "time: elaboration " << elaboration << " s, simulation " << simulation << " s\n";
  out.precision(precision);
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so that a
/// reader never sees a half-written report. Throws std::runtime_error if any write fails.
void write_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << text;
    file.flush();
    if (!file) {
      std::remove(temporary.c_str());
      throw std::runtime_error("cannot write '" + path + "'");
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw std::runtime_error("cannot write '" + path + "'");
  }
}

}  // namespace

std::string network_names() {
  std::string names;
  for (const NetworkFamily& f : network_families()) {
    names += (names.empty() ? "" : ", ") + std::string(f.network);
  }
  return names;
}

std::unique_ptr<NetworkCommand> parse_optinet(const std::vector<std::string>& args,
                                              CommonOptions& common, std::string& help) {
  help.clear();
  if (args.empty()) {
    throw UsageError("network: missing (accepted: " + network_names() + "); see optinet --help");
  }
  if (args[0] == "--help" || args[0] == "-h") {
    help = overview();
    return nullptr;
  }
  if (args[0] == "--version") {
    help = std::string("optinet ") + OPTINET_VERSION + '\n';
    return nullptr;
  }
  const NetworkFamily* family = nullptr;
  for (const NetworkFamily& f : network_families()) {
    if (args[0] == f.network) family = &f;
  }
  if (family == nullptr) {
    throw UsageError("network: unknown '" + args[0] + "' (accepted: " + network_names() + ")");
  }
  std::unique_ptr<NetworkCommand> command = family->make(args[0]);
  common = CommonOptions{};
  common.network = args[0];
  common.protocol = command->default_protocol();
  common.traffic = command->default_traffic();

  CLI::App app(family->description, "optinet " + args[0]);
  app.set_help_flag("-h,--help", "print this help and exit");
  add_common_options(app, common);
  command->add_options(app);
  std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 pops from the back
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    help = app.help();
    return nullptr;
  } catch (const CLI::ParseError& e) {
    throw UsageError(usage_line(e, args[0]));
  }
  common.traffic_given = app.get_option("--traffic")->count() > 0;
  if (!common.vcd_path.empty()) check_writable("--vcd", common.vcd_path);
  if (!common.json_path.empty()) check_writable("--json", common.json_path);
  command->configure(common);
  check_thread_capacity(command->size_option(), command->processors());
  return command;
}

Json json_report(const NetworkCommand& command, const CommonOptions& common,
                 const std::vector<RunRecord>& runs, double elaboration, double simulation) {
  Json report;
  report["network"] = common.network;
  report["parameters"] = command.parameters();
  report["protocol"] = common.protocol;
  report["traffic"] = common.traffic;
  report["seed"] = common.seed;
  Json& list = report["runs"] = Json::array();
  for (const RunRecord& r : runs) {
    Json run = r.fields;
    run["hit_limit"] = r.hit_limit;
    run["ok"] = r.ok();
    run["wall_seconds"] = r.wall_seconds;
    run["errors"] = r.errors;
    list.push_back(std::move(run));
  }
  Json& summary = report["summary"] = Json::object();
  for (const std::string& field : command.summary_fields()) {
    const Summary s = summarize_field(runs, field);
    summary[field] = Json{{"mean", s.mean}, {"sd", s.sd}, {"max", s.max}, {"min", s.min}};
  }
  summary["ok"] = all_ok(runs);
  report["timing_seconds"] = Json{{"elaboration", elaboration}, {"simulation", simulation}};
  return report;
}

int run_optinet(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommonOptions common;
  std::unique_ptr<NetworkCommand> command;
  try {
    std::string help;
    command = parse_optinet(args, common, help);
    if (!command) {
      out << help;
      return 0;
    }
  } catch (const UsageError& e) {
    err << "optinet: " << e.what() << '\n';
    return 2;
  }
  out << command->banner() << ", traffic " << common.traffic << ", seed " << common.seed << ", "
      << common.runs << " run(s)\n";
  try {
    const double elaboration = command->elaborate();
    double simulation = 0;
    const std::vector<RunRecord> runs = run_series(*command, common, out, err, simulation);
    command->finish();
    print_summary(out, *command, runs, elaboration, simulation);
    if (!common.vcd_path.empty()) out << "waveform: " << common.vcd_path << '\n';
    if (!common.json_path.empty()) {
      const Json report = json_report(*command, common, runs, elaboration, simulation);
      write_atomically(common.json_path, report.dump() + '\n');
      out << "json: " << common.json_path << '\n';
    }
    return all_ok(runs) ? 0 : 1;
  } catch (const std::exception& e) {
    err << "optinet: error: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace optinet
