#include "testbenches/cli/network_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "models/optical/bit_errors.h"
#include "testbenches/io/device_file.h"
#include "testbenches/io/hierarchy.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/process_guard.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/open_loop/saturation_search.h"
#include "testbenches/run/stats.h"

#ifndef OPTINET_VERSION
#define OPTINET_VERSION "unknown"
#endif

namespace optinet {

namespace {

constexpr std::uint64_t kMaxRuns = 1000000;
constexpr std::uint64_t kMaxSlotLimit = 1000000000;

std::string overview() {
  std::ostringstream s;
  s << "usage: optinet NETWORK [options]     (optinet NETWORK --help lists its options)\n"
       "       optinet --version\n\nnetworks:\n";
  for (const NetworkFamily& f : network_families()) {
    s << "  " << std::left << std::setw(18) << f.network << f.description << '\n';
  }
  return s.str();
}

/// The options of open-loop runs, kept as given until --traffic says whether they apply.
struct OpenLoopOptions {
  double rate = 0.1;
  double burst = 8;
  std::string pattern = "uniform";
  std::uint64_t hotspot = 0;
  double fraction = 0.1;
  std::uint64_t warmup = 1000;
  std::uint64_t measure = 10000;
  std::uint64_t batch = 0;
  double confidence = 0.95;
  double precision = 0.05;
  std::uint64_t queue = 0;
  std::uint64_t max_backlog = OpenLoopConfig::kDefaultMaxBacklog;
  bool find_saturation = false;
  std::string rates;
  std::uint64_t bound_lp_variables = 30000;
};

/// --rates: "auto" (nothing) or numbers from 0 to 1, comma-separated.
std::vector<double> parse_rates(const std::string& text) {
  std::vector<double> rates;
  if (text == "auto") return rates;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    if (!unit_rejection(item).empty() || rates.size() >= 100) {
      throw UsageError("--rates: '" + printable(text, 60) +
                       "' is not accepted (auto, or up to 100 comma-separated numbers from 0 to "
                       "1)");
    }
    rates.push_back(std::stod(item));
    start = comma + 1;
  }
  return rates;
}

const char* const kOpenLoopOptions[] = {"--rate",
                                        "--burst",
                                        "--pattern",
                                        "--hotspot",
                                        "--fraction",
                                        "--warmup",
                                        "--measure",
                                        "--batch-slots",
                                        "--confidence",
                                        "--precision",
                                        "--injection-queue",
                                        "--max-backlog",
                                        "--find-saturation",
                                        "--rates",
                                        "--bound-lp-variables"};
/// The networks that have `what` (a NetworkCommand's open_loop, fault_model, ...), from the
/// family table: "pops, ocpc, ...".
std::string networks_that(bool (NetworkCommand::*what)() const) {
  std::string names;
  for (const NetworkFamily& f : network_families()) {
    if ((*f.make(f.network).*what)()) names += (names.empty() ? "" : ", ") + std::string(f.network);
  }
  return names;
}

/// The open-loop options; on a network without open-loop runs (`shown` false) they are left out
/// of --help, and resolve_open_loop refuses them by name.
void add_open_loop_options(CLI::App& app, OpenLoopOptions& o, bool shown) {
  const std::string group =
      shown ? "Open-loop runs (--traffic " + open_loop_traffic_names() + ")" : "";
  app.add_option("--rate", o.rate, "packets per node per slot")
      ->check(unit_interval())
      ->capture_default_str()
      ->group(group);
  app.add_option("--burst", o.burst, "bursty: mean burst length in slots")
      ->check(number_from_one())
      ->capture_default_str()
      ->group(group);
  app.add_option("--pattern", o.pattern, "destinations: " + destination_rule_names())
      ->capture_default_str()
      ->group(group);
  app.add_option("--hotspot", o.hotspot, "hotspot: the hot node")
      ->check(count_in(0, kMaxSlotLimit))
      ->group(group);
  app.add_option("--fraction", o.fraction, "hotspot: share of packets sent to it")
      ->check(unit_interval())
      ->capture_default_str()
      ->group(group);
  app.add_option("--warmup", o.warmup,
                 "slots before the measurement window (default: until the measures stop "
                 "changing)")
      ->check(count_in(0, kMaxSlotLimit))
      ->group(group);
  app.add_option("--measure", o.measure,
                 "slots of the measurement window, labelled packets (default: until --precision "
                 "is reached)")
      ->check(count_in(1, kMaxSlotLimit))
      ->group(group);
  app.add_option("--batch-slots", o.batch,
                 "slots per base batch of the batch-means intervals (default: 100, or TDMA's frame "
                 "if longer; a fixed window / 32)")
      ->check(count_in(1, kMaxSlotLimit))
      ->group(group);
  app.add_option("--confidence", o.confidence, "confidence of the reported intervals")
      ->check(open_unit_interval())
      ->capture_default_str()
      ->group(group);
  app.add_option("--precision", o.precision,
                 "relative half-width of the intervals a measured window aims at")
      ->check(open_unit_interval())
      ->capture_default_str()
      ->group(group);
  app.add_flag("--find-saturation", o.find_saturation,
               "search the offered rate for the saturation throughput (each point measured in "
               "steady state; instead of --rate)")
      ->group(group);
  app.add_option("--rates", o.rates,
                 "a latency-throughput curve: one run per rate (comma-separated), or auto (the "
                 "saturation search, then 0.1-0.95 of its throughput)")
      ->group(group);
  app.add_option("--bound-lp-variables", o.bound_lp_variables,
                 "the hardware bound's linear program above this size is a cut bound instead "
                 "(the 16 x 16 grid under uniform traffic needs 244801 variables, about 50 s)")
      ->check(count_in(0, 100000000))
      ->capture_default_str()
      ->group(group);
  app.add_option("--injection-queue", o.queue, "packets an injection queue holds (0: unbounded)")
      ->check(count_in(0, kMaxSlotLimit))
      ->capture_default_str()
      ->group(group);
  app.add_option("--max-backlog", o.max_backlog,
                 "packets per node created and not delivered past which the run ends as "
                 "saturated, bounding an overloaded run's memory (0: no limit)")
      ->check(count_in(0, kMaxSlotLimit))
      ->capture_default_str()
      ->group(group);
}

/// --traffic bernoulli|bursty makes the run open-loop; the open-loop options need it, and a
/// network that runs open-loop traffic (`command.open_loop()`).
void resolve_open_loop(const CLI::App& app, const OpenLoopOptions& o, CommonOptions& c,
                       const NetworkCommand& command) {
  const bool open = open_loop_traffic(c.traffic);
  if (!command.open_loop()) {
    const std::string elsewhere =
        "open-loop runs are on " + networks_that(&NetworkCommand::open_loop) + ")";
    if (open) {
      throw UsageError("--traffic: '" + c.traffic + "' is open-loop traffic, which " + c.network +
                       " does not run (accepted: " + command.traffic_names() + "; " + elsewhere);
    }
    for (const char* option : kOpenLoopOptions) {
      if (app.get_option(option)->count() > 0) {
        throw UsageError(std::string(option) + ": an open-loop option, and " + c.network +
                         " runs no open-loop traffic (" + elsewhere);
      }
    }
    return;
  }
  for (const char* option : kOpenLoopOptions) {
    if (!open && app.get_option(option)->count() > 0) {
      throw UsageError(std::string(option) + ": needs --traffic " +
                       open_loop_traffic_names(" or "));
    }
  }
  if (!open) return;
  const auto given = [&app](const char* option) { return app.get_option(option)->count() > 0; };
  if (given("--burst") && c.traffic != "bursty") {
    throw UsageError("--burst: needs --traffic bursty (not " + c.traffic + ")");
  }
  if ((given("--hotspot") || given("--fraction")) && o.pattern != "hotspot") {
    throw UsageError(std::string(given("--hotspot") ? "--hotspot" : "--fraction") +
                     ": needs --pattern hotspot (not " + printable(o.pattern) + ")");
  }
  const char* per_rate = o.find_saturation ? "--find-saturation" : "--rates";
  if ((o.find_saturation || given("--rates")) && given("--rate")) {
    throw UsageError(std::string("--rate: not with ") + per_rate + " (it chooses the rates)");
  }
  if ((o.find_saturation || given("--rates")) && c.runs > 1) {
    throw UsageError(std::string("--runs: ") + per_rate + " runs one run per rate (accepted: 1)");
  }
  if (o.find_saturation && given("--rates")) {
    throw UsageError("--rates: not with --find-saturation (--rates auto searches too)");
  }
  c.find_saturation = o.find_saturation;
  c.curve = given("--rates");
  if (c.curve) c.curve_rates = parse_rates(o.rates);
  c.bound_lp_variables = o.bound_lp_variables;
  OpenLoopConfig config;
  config.bursty = c.traffic == "bursty";
  config.rate = o.rate;
  config.mean_burst = o.burst;
  config.rule = destination_rule(o.pattern);
  config.hotspot = static_cast<NodeId>(std::min<std::uint64_t>(o.hotspot, kNoNode));
  config.fraction = o.fraction;
  config.steady.warmup = o.warmup;
  config.steady.measure = o.measure;
  config.steady.fixed_warmup = given("--warmup");
  config.steady.fixed_window = given("--measure");
  config.steady.batch_slots = o.batch;
  config.steady.confidence = o.confidence;
  config.steady.precision = o.precision;
  config.queue_limit = o.queue;
  config.max_backlog = o.max_backlog;
  c.open_loop = config;
}

/// Refuses a --traffic that `command` does not accept, listing what it does (its registries, and
/// the open-loop processes where it runs them). "file" is the families' to judge: it names the
/// traffic of --permutation-file and --relation-file.
void check_traffic(const NetworkCommand& command, const CommonOptions& c) {
  const std::string closed = command.traffic_names();
  if (c.traffic == "file" || open_loop_traffic(c.traffic)) return;
  for (std::size_t start = 0; start <= closed.size();) {
    const std::size_t end = std::min(closed.find(", ", start), closed.size());
    if (closed.compare(start, end - start, c.traffic) == 0 && c.traffic.size() == end - start) {
      return;
    }
    start = end + 2;
  }
  const std::string file = command.traffic_file_option();
  throw UsageError("--traffic: unknown '" + c.traffic + "' (accepted: " + closed +
                   (command.open_loop() ? "; open loop: " + open_loop_traffic_names() : "") +
                   (file.empty() ? "" : "; or " + file + " PATH") + ")");
}

/// The shared options; --protocol and --traffic list what `command` accepts (its registries).
void add_common_options(CLI::App& app, CommonOptions& c, const NetworkCommand& command) {
  app.add_option("--protocol", c.protocol, command.protocol_names())->capture_default_str();
  app.add_option("--traffic", c.traffic,
                 command.traffic_names() +
                     (command.open_loop() ? "; open loop: " + open_loop_traffic_names() : ""))
      ->capture_default_str();
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
      ->check(clock_period())
      ->capture_default_str();
  app.add_option("--vcd", c.vcd_path, "write a VCD waveform")->check(path_given());
  app.add_option("--json", c.json_path, "write the runs and their summary as JSON")
      ->check(path_given());
  app.add_option("--hierarchy", c.hierarchy_path,
                 "write the elaborated SystemC hierarchy as JSON (every object's name, kind, and "
                 "for a port what it is bound to)")
      ->check(path_given());
  app.add_flag("--quiet", c.quiet,
               "print only the summary and any failed run (and no progress lines in a log)");
  app.add_flag("--check", c.check,
               "validate every option as a run would (output paths too) and print the size and "
               "memory estimate as JSON; run nothing, write no file");
  app.add_option_function<std::string>(
         "--max-memory",
         [&c](const std::string& text) { c.max_memory = parse_memory_size("--max-memory", text); },
         "memory the network may take (e.g. 20G); default: the memory available")
      ->type_name("SIZE");
  // Hidden where the network has no fault model or optical media: parse_command_line refuses
  // them there with a line saying so.
  app.add_option("--fault", c.fault_specs,
                 "inject a hardware fault (repeatable): coupler:B:A, bus:NAME, link:U:V, "
                 "receiver:NODE, jammer:NODE, each [@SLOT], ber:P, or ber:budget "
                 "(docs/results/faults.md, docs/physical-layer.md)")
      ->group(command.fault_model() ? "Options" : "");
  app.add_option("--device", c.device_path,
                 "optical devices of the power budget and energy: a shipped set (fibre, onchip) "
                 "or a JSON device file (docs/devices)")
      ->check(path_given())
      ->group(command.optical_media() ? "Options" : "");
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

/// An open-loop run's results in ns and Gb/s, from its slots and packets: the slot lasts
/// `slot_ns`, a packet is one frame of `frame_bits` bits.
void add_physical_fields(Json& f, double slot_ns, double frame_bits, std::uint64_t nodes) {
  const auto ns = [&f, slot_ns](const char* field) {
    const Json& slots = f.at(field);
    return slots.is_null() ? Json() : Json(slots.get<double>() * slot_ns);
  };
  const double gbps = frame_bits / slot_ns;  // one packet per slot
  f["slot_ns"] = slot_ns;
  f["latency_mean_ns"] = ns("latency_mean");
  f["latency_p99_ns"] = ns("latency_p99");
  f["offered_gbps_per_node"] = f.at("offered").get<double>() * gbps;
  f["accepted_gbps_per_node"] = f.at("accepted").get<double>() * gbps;
  f["accepted_gbps"] = f.at("accepted").get<double>() * gbps * static_cast<double>(nodes);
}

/// One run, with its results in ns and Gb/s when it is open-loop.
RunRecord run_once(NetworkCommand& command, const CommonOptions& c, std::uint64_t seed) {
  RunRecord record = command.run(seed);
  if (c.open_loop && record.fields.contains("accepted")) {
    add_physical_fields(record.fields, c.result_slot_ns(), c.device.frame_bits,
                        command.processors());
  }
  return record;
}

void print_run(std::ostream& out, std::size_t index, const RunRecord& r) {
  out << "run " << index << " (seed " << r.seed << "): " << r.description;
  if (r.hit_limit) out << ", STOPPED AT SLOT LIMIT";
  out << '\n';
  for (const auto& e : r.errors) out << "  error: " << e << '\n';
}

/// Runs the series; stops early, dropping the run cut short, when an interrupt arrived.
std::vector<RunRecord> run_series(NetworkCommand& command, const CommonOptions& c,
                                  std::ostream& out, std::ostream& err, bool terminal,
                                  double& simulation) {
  std::vector<RunRecord> runs;
  for (std::uint64_t k = 0; k < c.runs; ++k) {
    runs.push_back(run_once(command, c, c.seed + k));
    if (interrupt_signal() != 0) {
      runs.pop_back();
      break;
    }
    simulation += runs.back().wall_seconds;
    if (!runs.back().ok() || runs.back().undelivered_to_faults > 0 || (!c.quiet && c.runs <= 20)) {
      print_run(out, k, runs.back());
    }
    if (c.runs <= 1 || (c.quiet && !terminal)) continue;
    // A terminal gets one line redrawn; a log gets one line per run (none with --quiet).
    if (terminal) {
      err << "\rrun " << k + 1 << "/" << c.runs << std::flush;
    } else {
      err << "run " << k + 1 << "/" << c.runs << " done\n" << std::flush;
    }
  }
  if (c.runs > 1 && terminal) err << '\n';
  return runs;
}

/// Runs of the command at chosen rates (the saturation search, a curve), every run with the
/// command's seed (the same random streams at every rate).
class RatePoints {
 public:
  RatePoints(NetworkCommand& command, const CommonOptions& common, std::ostream& out,
             std::ostream& err, double& simulation)
      : command_(command), common_(common), out_(out), err_(err), simulation_(simulation) {}

  /// One run at `rate` of `max_slots` slots; nothing if an interrupt cut it short (the run is
  /// dropped).
  std::optional<SearchPoint> run(double rate, std::uint64_t max_slots) {
    OpenLoopHost& host = *command_.open_loop_host();
    host.set_rate(rate);
    host.set_max_slots(max_slots);
    RunRecord record = run_once(command_, common_, common_.seed);
    if (interrupt_signal() != 0) return std::nullopt;
    simulation_ += record.wall_seconds;
    runs.push_back(std::move(record));
    const RunRecord& r = runs.back();
    print_run(out_, runs.size() - 1, r);
    err_ << "point " << runs.size() << ": rate " << rate << ", " << max_slots << " slots, "
         << (r.fields.value("saturated", false) ? "saturated\n" : "stable\n") << std::flush;
    // Loads per sending node, as --rate is (a permutation's fixed points send nothing); the
    // interval over all nodes scales by n / senders.
    SearchPoint p;
    p.rate = rate;
    p.offered = r.fields.at("offered_per_sender").get<double>();
    p.accepted = r.fields.at("accepted_per_sender").get<double>();
    p.saturated = r.fields.at("saturated").get<bool>();
    p.unsettled = r.fields.at("steady_state").at("warmup_method") == "limit";
    p.imprecise = r.fields.at("steady_state").at("window_method") == "limit" ||
                  !r.fields.at("saturation_note").is_null();
    p.max_slots = max_slots;
    const double all_nodes = r.fields.at("offered").get<double>();
    const Json& interval = r.fields.at("steady_state").at("accepted_ci");
    if (!interval.is_null() && all_nodes > 0) {
      Interval i;
      i.mean = p.accepted;
      i.half_width =
          (interval[1].get<double>() - interval[0].get<double>()) / 2 * (p.offered / all_nodes);
      p.accepted_interval = i;
    }
    return p;
  }

  std::vector<RunRecord> runs;

 private:
  NetworkCommand& command_;
  const CommonOptions& common_;
  std::ostream& out_;
  std::ostream& err_;
  double& simulation_;
};

/// A search's first slot limit: --max-slots divided by kLongerFactor twice, or less often where
/// a shorter run would leave no room for the measured warm-up and window.
std::uint64_t first_search_slots(const OpenLoopHost& host, std::uint64_t max_slots) {
  std::uint64_t slots = max_slots;
  for (int step = 0; step < 2 && host.slot_limit_fits(slots / kLongerFactor); ++step) {
    slots /= kLongerFactor;
  }
  return slots;
}

/// --find-saturation: the search from the hardware bound `bound`; its result as JSON.
Json saturation_search(NetworkCommand& command, RatePoints& points, double bound,
                       std::uint64_t max_slots) {
  SaturationSearchConfig config;
  config.bound = bound;
  config.max_slots = max_slots;
  config.first_slots = first_search_slots(*command.open_loop_host(), max_slots);
  const SaturationSearchResult result = find_saturation(
      [&points](double rate, std::uint64_t slots) { return points.run(rate, slots); }, config);
  Json tried = Json::array();
  for (const SearchPoint& p : result.points) {
    tried.push_back(Json{{"rate", p.rate},
                         {"offered_per_sender", p.offered},
                         {"accepted_per_sender", p.accepted},
                         {"saturated", p.saturated},
                         {"unsettled", p.unsettled},
                         {"imprecise", p.imprecise},
                         {"max_slots", p.max_slots},
                         {"superseded", p.superseded}});
  }
  return Json{{"throughput", result.throughput},
              {"ci_low", result.ci_low},
              {"ci_high", result.ci_high},
              {"stable_rate", result.stable_rate},
              {"saturated_rate", result.bracketed ? Json(result.saturated_rate) : Json()},
              {"bracketed", result.bracketed},
              {"saturated_in_doubt", result.saturated_in_doubt},
              {"stable_in_doubt", result.stable_in_doubt},
              {"peak_accepted", result.peak_accepted},
              {"tolerance", config.tolerance},
              {"first_slots", config.first_slots},
              {"points", tried}};
}

/// --rates: a latency-throughput curve, one run per rate; with `auto`, the saturation search
/// first (into `search`), then the shares kCurveShares of its throughput not tried yet.
Json latency_curve(NetworkCommand& command, RatePoints& points, const std::vector<double>& rates,
                   double bound, std::uint64_t max_slots, Json& search) {
  static constexpr double kCurveShares[] = {0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95};
  std::vector<double> chosen = rates;
  if (rates.empty()) {
    search = saturation_search(command, points, bound, max_slots);
    for (double share : kCurveShares) chosen.push_back(share * search["throughput"].get<double>());
  }
  for (double rate : chosen) {
    if (!points.run(rate, max_slots)) break;
  }
  return Json{{"rates", rates.empty() ? Json("auto") : Json(rates)}};
}

/// The search's line of the summary.
void print_saturation(std::ostream& out, const Json& s) {
  char text[300];
  if (s.at("bracketed").get<bool>()) {
    std::snprintf(text, sizeof text,
                  "saturation: throughput %.4f [%.4f, %.4f] packets/sending node/slot; stable at "
                  "offered %.4f, saturated at %.4f; peak accepted %.4f; %zu points\n",
                  s["throughput"].get<double>(), s["ci_low"].get<double>(),
                  s["ci_high"].get<double>(), s["stable_rate"].get<double>(),
                  s["saturated_rate"].get<double>(), s["peak_accepted"].get<double>(),
                  s["points"].size());
  } else {
    std::snprintf(text, sizeof text,
                  "saturation: not reached up to rate 1 (accepted %.4f [%.4f, %.4f]); %zu "
                  "points\n",
                  s["throughput"].get<double>(), s["ci_low"].get<double>(),
                  s["ci_high"].get<double>(), s["points"].size());
  }
  out << text;
  if (s.value("saturated_in_doubt", false)) {
    out << "saturation: the run saturated at the upper rate never settled its warm-up within "
           "--max-slots (a slow transient grows the backlog too): the throughput may be higher\n";
  }
  if (s.value("stable_in_doubt", false)) {
    out << "saturation: the run stable at the lower rate closed its window at --max-slots, "
           "imprecise or too short to tell a transient from saturation: give more slots\n";
  }
}

/// The field over the runs that measured it (a null field, such as the latency of a run that
/// delivered no labelled packet, is left out); nothing if none did.
std::optional<Summary> summarize_field(const std::vector<RunRecord>& runs,
                                       const std::string& field) {
  std::vector<double> values;
  values.reserve(runs.size());
  for (const RunRecord& r : runs) {
    const Json& value = r.fields.at(field);
    if (!value.is_null()) values.push_back(value.get<double>());
  }
  if (values.empty()) return std::nullopt;
  return summarize(values);
}

bool all_ok(const std::vector<RunRecord>& runs) {
  for (const RunRecord& r : runs) {
    if (!r.ok()) return false;
  }
  return true;
}

/// Open-loop runs: the two bounds, the last run's busiest and most collided media, and how
/// many runs saturated.
void print_open_loop_summary(std::ostream& out, const OpenLoopBounds& bounds,
                             const std::vector<RunRecord>& runs) {
  out << "bounds: hardware " << bounds.hardware.value << " packets/node/slot ("
      << (bounds.hardware.method == "lp" ? "linear program" : "cut") << "; "
      << bounds.hardware.bottleneck << "), routing " << bounds.routing.rate << " ("
      << bounds.routing.bottleneck << ")\n";
  out << "media:";
  const Json& last = runs.back().fields;
  if (last.contains("busiest_medium")) {
    out << " busiest " << last["busiest_medium"].get<std::string>();
  }
  out << (last.contains("most_collided_medium")
              ? ", most collided " + last["most_collided_medium"].get<std::string>()
              : ", no collision");
  std::size_t saturated = 0;
  for (const RunRecord& r : runs) saturated += r.fields.value("saturated", false) ? 1 : 0;
  if (saturated > 0)
    out << "; " << saturated
        << " run(s) SATURATED (from the window's measures or the backlog limit)";
  std::size_t undrained = 0;
  for (const RunRecord& r : runs) undrained += r.fields.value("drained", true) ? 0 : 1;
  if (undrained > 0) out << "; " << undrained << " run(s) not drained by --max-slots";
  out << '\n';
}

/// Every medium kind's power budget; a budget that does not close is said so.
void print_power_budget(std::ostream& out, const Json& budget) {
  for (const auto& [medium, b] : budget.items()) {
    if (!b.is_object()) continue;
    const double margin = b["margin_db"].get<double>();
    char text[200];
    std::snprintf(text, sizeof text,
                  "power: %s (%s, fan-out %u): received %.2f dBm, margin %.2f dB%s; largest "
                  "fan-out %u\n",
                  medium.c_str(), b["kind"].get<std::string>().c_str(), b["fanout"].get<unsigned>(),
                  b["received_power_dbm"].get<double>(), margin,
                  margin < 0 ? ": DOES NOT CLOSE" : "", b["max_fanout"].get<unsigned>());
    out << text;
  }
  if (!budget.contains("transmitters")) return;
  char text[300];
  std::snprintf(text, sizeof text,
                "power: %llu transmitters, %llu receivers; laser %.4g mW per transmitter "
                "(required launch %.2f dBm), %.4g W electrical for all%s; static %.4g W\n",
                budget["transmitters"].get<unsigned long long>(),
                budget["receivers"].get<unsigned long long>(),
                budget["laser_mw_per_transmitter"].get<double>(),
                budget["required_launch_dbm"].get<double>(), budget["laser_w"].get<double>(),
                budget["laser_continuous"].get<bool>() ? " (continuous)" : " when lit (burst-mode)",
                budget["static_w"].get<double>());
  out << text;
}

/// The energy per delivered bit of the runs, by part (means over the runs that measured it).
void print_energy(std::ostream& out, const std::vector<RunRecord>& runs) {
  const char* const parts[] = {"laser", "modulator", "receiver", "serdes", "static"};
  double total = 0, collision = 0, part[5] = {};
  std::size_t counted = 0;
  for (const RunRecord& r : runs) {
    if (!r.fields.contains("energy_parts_pj_per_bit")) continue;
    ++counted;
    total += r.fields["energy_per_bit_pj"].get<double>();
    collision += r.fields["energy_collision_share"].get<double>();
    for (int i = 0; i < 5; ++i)
      part[i] += r.fields["energy_parts_pj_per_bit"][parts[i]].get<double>();
  }
  if (counted == 0) return;
  char text[400];
  int n = std::snprintf(text, sizeof text, "energy: %.4g pJ per delivered bit (",
                        total / double(counted));
  for (int i = 0; i < 5; ++i) {
    n += std::snprintf(text + n, sizeof text - n, "%s%s %.4g", i ? ", " : "", parts[i],
                       part[i] / double(counted));
  }
  std::snprintf(text + n, sizeof text - n, "); %.1f%% spent on collided frames\n",
                100.0 * collision / double(counted));
  out << text;
}

void print_summary(std::ostream& out, const NetworkCommand& command,
                   const std::vector<RunRecord>& runs, double elaboration, double simulation) {
  // Loads are fractions of a packet per slot: four decimals; slot counts two.
  const bool loads = command.summary_fields() == open_loop_summary_fields();
  out << std::fixed << std::setprecision(loads ? 4 : 2) << "summary over " << runs.size()
      << " run(s):";
  const char* separator = " ";
  for (const std::string& field : command.summary_fields()) {
    const std::optional<Summary> s = summarize_field(runs, field);
    out << separator << field;
    if (s) {
      out << " mean " << s->mean << " sd " << s->sd << " max " << s->max << " min " << s->min;
    } else {
      out << " not measured";
    }
    separator = "; ";
  }
  out << '\n';
  out.unsetf(std::ios::floatfield);
  std::size_t failed = 0;
  for (const RunRecord& r : runs) failed += r.ok() ? 0 : 1;
  std::size_t to_faults = 0;
  for (const RunRecord& r : runs) to_faults += r.undelivered_to_faults;
  if (failed == 0 && to_faults > 0) {
    out << "check: no model error; " << to_faults
        << " packet(s) not delivered because of injected faults (listed above)\n";
  } else if (failed == 0) {
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

}  // namespace

namespace {

/// An interval as [low, high], or null.
Json interval_json(const std::optional<Interval>& i) {
  return i ? Json::array({i->low(), i->high()}) : Json();
}

/// How the window was chosen, its intervals and the saturation verdict.
Json steady_state_json(const SteadyStateReport& s) {
  const auto autocorrelation = [](const std::optional<Interval>& i) {
    return i ? Json(i->lag1_autocorrelation) : Json();
  };
  return Json{{"warmup_slots", s.warmup_slots},
              {"warmup_method", s.warmup_method},
              {"window_slots", s.window_slots},
              {"window_method", s.window_method},
              {"batch_slots", s.batch_slots},
              {"max_slots", s.max_slots},
              {"batches", s.accepted ? s.accepted->batches : 0},
              {"accepted_ci", interval_json(s.accepted)},
              {"latency_ci", interval_json(s.latency)},
              {"backlog_growth", s.backlog_growth ? Json(s.backlog_growth->mean) : Json()},
              {"backlog_growth_ci", interval_json(s.backlog_growth)},
              {"lag1_autocorrelation", Json{{"accepted", autocorrelation(s.accepted)},
                                            {"latency", autocorrelation(s.latency)}}}};
}

}  // namespace

void add_open_loop_fields(Json& f, const OpenLoopResult& r, bool saturated) {
  // Latencies are null, not 0, when no labelled packet was delivered.
  const bool measured = r.latency.count() > 0;
  const auto latency = [measured](auto value) { return measured ? Json(value) : Json(); };
  f["rate"] = r.rate;
  f["offered"] = r.offered;
  f["accepted"] = r.accepted;
  f["senders"] = r.senders;
  f["offered_per_sender"] = r.offered_per_sender;
  f["accepted_per_sender"] = r.accepted_per_sender;
  f["accepted_node_min"] = r.accepted_node_min;
  f["accepted_node_max"] = r.accepted_node_max;
  f["receiver_load_max"] = r.receiver_load_max;
  f["busiest_receiver"] = r.busiest_receiver == kNoNode ? Json() : Json(r.busiest_receiver);
  f["latency_mean"] = latency(r.latency.mean());
  f["latency_p50"] = latency(r.latency.p50());
  f["latency_p99"] = latency(r.latency.p99());
  f["latency_max"] = latency(r.latency.max());
  f["latency_histogram"] = r.latency.histogram();
  f["injection_queue_mean"] = r.queue.mean();
  f["injection_queue_max"] = r.queue.max();
  f["created"] = r.created;
  f["refused"] = r.refused;
  f["labelled"] = r.labelled;
  f["labelled_delivered"] = r.labelled_delivered;
  f["drain_slot"] = r.drain_slot;
  f["drained"] = r.drained;
  f["saturated"] = saturated;
  f["saturation_reason"] = saturated ? Json(r.steady.saturation_reason) : Json();
  f["saturation_note"] = r.steady.verdict_note.empty() ? Json() : Json(r.steady.verdict_note);
  f["steady_state"] = steady_state_json(r.steady);
}

std::vector<std::string> open_loop_summary_fields() {
  return {"offered", "accepted", "latency_mean", "latency_p99", "utilization"};
}

std::string open_loop_description(Json& fields, const OpenLoopResult& r, bool saturated) {
  add_open_loop_fields(fields, r, saturated);
  char text[300];
  std::snprintf(text, sizeof text, "; offered %.4f, accepted %.4f packets/node/slot", r.offered,
                r.accepted);
  std::string line = text;
  if (r.steady.accepted) {
    std::snprintf(text, sizeof text, " (+- %.4f)", r.steady.accepted->half_width);
    line += text;
  }
  if (r.latency.count() > 0) {
    std::snprintf(text, sizeof text, ", latency mean %.2f", r.latency.mean());
    line += text;
    if (r.steady.latency) {
      std::snprintf(text, sizeof text, " (+- %.2f)", r.steady.latency->half_width);
      line += text;
    }
    std::snprintf(text, sizeof text, " p99 %llu", static_cast<unsigned long long>(r.latency.p99()));
    line += text;
  } else {
    line += ", no labelled packet delivered";
  }
  std::snprintf(
      text, sizeof text, "; warm-up %llu slots (%s), window %llu slots (%s)",
      static_cast<unsigned long long>(r.steady.warmup_slots), r.steady.warmup_method.c_str(),
      static_cast<unsigned long long>(r.steady.window_slots), r.steady.window_method.c_str());
  line += text;
  if (saturated) line += ", SATURATED: " + r.steady.saturation_reason;
  if (!r.steady.verdict_note.empty()) line += "; note: " + r.steady.verdict_note;
  if (!r.drained) line += "; the drain did not finish by --max-slots";
  return line;
}

void add_media_fields(Json& f, const std::vector<NamedMedium>& media, std::uint64_t slots,
                      std::uint64_t delivered, const DeviceParameters& device,
                      const PhysicalBudget& budget) {
  Json list = Json::array();
  MediumCounters total;
  double capacity = 0;
  const NamedMedium* busiest = nullptr;
  const NamedMedium* most_collided = nullptr;
  for (const NamedMedium& m : media) {
    const MediumCounters& c = m.counters;
    total += c;
    capacity += m.capacity;
    list.push_back(Json{{"name", m.name},
                        {"single", c.single_slots},
                        {"collision", c.collision_slots},
                        {"idle", slots - c.busy_slots},
                        {"wasted_frames", c.wasted_frames}});
    if (busiest == nullptr || c.single_slots > busiest->counters.single_slots) busiest = &m;
    if (most_collided == nullptr || c.collision_slots > most_collided->counters.collision_slots) {
      most_collided = &m;
    }
  }
  const double medium_slots = static_cast<double>(slots) * capacity;
  const auto share = [&](std::uint64_t count) {
    return medium_slots > 0 ? static_cast<double>(count) / medium_slots : 0.0;
  };
  f["counted_slots"] = slots;
  f["utilization"] = share(total.single_slots);
  f["collision_share"] = share(total.collision_slots);
  f["wasted_frames"] = total.wasted_frames;
  if (busiest != nullptr) f["busiest_medium"] = busiest->name;
  if (most_collided != nullptr && most_collided->counters.collision_slots > 0) {
    f["most_collided_medium"] = most_collided->name;
  }
  FrameCounts counts;
  counts.frames_transmitted = total.frames_in;
  counts.frames_collided = total.wasted_frames;
  counts.frames_received = total.single_slots;  // one tuned receiver per frame that got through
  counts.ack_frames_transmitted = total.ack_frames;
  counts.ack_frames_received = total.ack_frames;
  counts.delivered_packets = delivered;
  counts.slots = slots;
  EnergyTally energy(device, budget);
  energy.add(counts);
  f["energy_pj"] = energy.total_pj();
  f["energy_per_slot_pj"] = energy.per_slot_pj().value_or(0.0);
  f["energy_per_packet_pj"] = energy.per_delivered_packet_pj().value_or(0.0);
  f["energy_per_bit_pj"] = energy.per_delivered_bit_pj().value_or(0.0);
  const EnergyParts parts = energy.parts();
  const double bits = static_cast<double>(delivered) * device.frame_bits;
  const auto per_bit = [bits](double pj) { return bits > 0 ? pj / bits : 0.0; };
  f["energy_parts_pj_per_bit"] = Json{{"laser", per_bit(parts.laser)},
                                      {"modulator", per_bit(parts.modulator)},
                                      {"receiver", per_bit(parts.receiver)},
                                      {"serdes", per_bit(parts.serdes)},
                                      {"static", per_bit(parts.static_)}};
  f["energy_collision_share"] = energy.collision_share();
  f["energy_ack_share"] = energy.acknowledgement_share();
  f["media"] = std::move(list);
}

void add_control_fields(Json& f, const std::vector<ControlCounters>& channels, std::uint64_t slots,
                        std::uint64_t delivered, const DeviceParameters& device) {
  ControlCounters total;
  for (const ControlCounters& c : channels) total += c;
  const double energy = static_cast<double>(total.bits_sent) * device.tx_energy_pj_per_bit +
                        static_cast<double>(total.bits_received) * device.rx_energy_pj_per_bit;
  f["control"] =
      Json{{"channels", channels.size()},
           {"slots", slots},
           {"words", total.words},
           {"bits_sent", total.bits_sent},
           {"bits_received", total.bits_received},
           {"busy_slots", total.busy_slots},
           {"collisions", total.collisions},
           {"slot_bits", total.slot_bits},
           {"frames_per_slot",
            static_cast<double>(total.slot_bits) / static_cast<double>(device.frame_bits)},
           {"energy_pj", energy},
           {"energy_per_slot_pj", slots > 0 ? energy / static_cast<double>(slots) : 0.0},
           {"energy_per_packet_pj", delivered > 0 ? energy / static_cast<double>(delivered) : 0.0}};
}

Json budget_json(const DeviceParameters& device, MediumKind kind, std::uint32_t fanout) {
  const LinkBudget b = link_budget(device, kind, fanout);
  return Json{{"kind", medium_kind_name(kind)},
              {"fanout", b.fanout},
              {"splitting_loss_db", b.splitting_loss_db},
              {"excess_loss_db", b.excess_loss_db},
              {"total_loss_db", b.total_loss_db},
              {"received_power_dbm", b.received_power_dbm},
              {"margin_db", b.margin_db},
              {"closes", b.closes()},
              {"max_fanout", max_fanout(device, kind)}};
}

PhysicalBudget physical_budget(const DeviceParameters& device, const NetworkOptics& optics) {
  return physical_budget(device, link_budget(device, optics.kind, optics.fanout), optics.counts);
}

Json network_budget_json(const DeviceParameters& device, const NetworkOptics& optics) {
  const PhysicalBudget b = physical_budget(device, optics);
  return Json{{optics.medium, budget_json(device, optics.kind, optics.fanout)},
              {"transmitters", b.counts.transmitters},
              {"receivers", b.counts.receivers},
              {"required_launch_dbm", b.required_launch_dbm},
              {"laser_mw_per_transmitter", b.laser_mw_per_transmitter},
              {"laser_electrical_mw_per_transmitter", b.laser_electrical_mw_per_transmitter},
              {"laser_continuous", device.laser_continuous != 0},
              {"laser_w", b.laser_w},
              {"static_w", b.static_w}};
}

/// The open-loop traffic processes, as --traffic names them.
const char* const kOpenLoopTraffic[] = {"bernoulli", "bursty"};

bool open_loop_traffic(const std::string& traffic) {
  for (const char* name : kOpenLoopTraffic) {
    if (traffic == name) return true;
  }
  return false;
}

std::string open_loop_traffic_names(const std::string& separator) {
  std::string names;
  for (const char* name : kOpenLoopTraffic) {
    names += (names.empty() ? "" : separator) + std::string(name);
  }
  return names;
}

std::string network_names() {
  std::string names;
  for (const NetworkFamily& f : network_families()) {
    names += (names.empty() ? "" : ", ") + std::string(f.network);
  }
  return names;
}

namespace {

/// Every output checked as it will be written, against the others and against every input; the
/// VCD path becomes the exact file written.
void check_files(const CLI::App& app, const NetworkCommand& command, CommonOptions& common) {
  std::vector<FileOption> outputs;
  if (app.get_option("--vcd")->count() > 0) {
    if (!common.vcd_path.empty() && common.vcd_path.back() == '/') {
      throw UsageError("--vcd: '" + printable(common.vcd_path) +
                       "' is a folder, not a file; accepted: a file path");
    }
    common.vcd_path = vcd_output_path(common.vcd_path);
    outputs.push_back({"--vcd", common.vcd_path, true});
  }
  if (app.get_option("--json")->count() > 0) outputs.push_back({"--json", common.json_path});
  if (app.get_option("--hierarchy")->count() > 0) {
    outputs.push_back({"--hierarchy", common.hierarchy_path});
  }
  for (FileOption& o : command.output_files()) outputs.push_back(std::move(o));
  std::vector<FileOption> inputs = command.input_files();
  if (!common.device_path.empty()) inputs.push_back({"--device", common.device_path});
  check_file_options(outputs, inputs);
}

/// Refuses a network whose estimate exceeds --max-memory, or the memory available.
void check_memory(const NetworkCommand& command, const CommonOptions& common) {
  const std::uint64_t limit = common.max_memory != 0 ? common.max_memory : memory_available();
  const std::uint64_t needed = memory_estimate(command, common);
  if (limit == 0 || needed <= limit) return;
  throw UsageError(command.size_option() + ": this network needs about " + format_bytes(needed) +
                   " (estimate), more than the " + format_bytes(limit) +
                   (common.max_memory != 0 ? " of --max-memory" : " available") +
                   "; accepted: a smaller network, or --max-memory SIZE to try anyway");
}

}  // namespace

namespace {

std::unique_ptr<NetworkCommand> parse_command_line(const std::vector<std::string>& args,
                                                   CommonOptions& common, std::string& help) {
  help.clear();
  if (args.empty()) {
    throw UsageError("network: missing (accepted: " + network_names() + "); see optinet --help");
  }
  const bool alone = args[0] == "--help" || args[0] == "-h" || args[0] == "--version";
  if (alone && args.size() > 1) {
    throw UsageError(args[0] + ": takes no other argument (got '" + printable(args[1], 40) +
                     "'; for a network's options: optinet NETWORK --help)");
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
    throw UsageError("network: unknown '" + printable(args[0]) + "' (accepted: " + network_names() +
                     ")");
  }
  std::unique_ptr<NetworkCommand> command = family->make(args[0]);
  common = CommonOptions{};
  OpenLoopOptions open_loop;
  common.network = args[0];
  common.protocol = command->default_protocol();
  common.traffic = command->default_traffic();

  CLI::App app(family->description, "optinet " + args[0]);
  app.set_help_flag("-h,--help", "print this help and exit");
  add_common_options(app, common, *command);
  add_open_loop_options(app, open_loop, command->open_loop());
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
  check_seed_range(common.seed, common.runs);
  common.traffic_given = app.get_option("--traffic")->count() > 0;
  common.period_given = app.get_option("--period-ns")->count() > 0;
  check_traffic(*command, common);
  resolve_open_loop(app, open_loop, common, *command);
  if (!common.device_path.empty() && !command->optical_media()) {
    throw UsageError("--device: " + common.network +
                     " has no optical media to budget (accepted on " +
                     networks_that(&NetworkCommand::optical_media) + ")");
  }
  if (!common.fault_specs.empty() && !command->fault_model()) {
    throw UsageError("--fault: " + common.network + " has no fault model (faults on " +
                     networks_that(&NetworkCommand::fault_model) + ")");
  }
  check_files(app, *command, common);
  if (!common.device_path.empty()) common.device = read_device_option(common.device_path);
  command->configure(common);
  if (!common.fault_specs.empty()) {
    // The scoreboard classifies the losses of a permutation's or an h-relation's packets; an
    // open-loop host counts the packets of lost frames, where the protocol's losses are final.
    if (common.open_loop) {
      const std::string why = command->open_loop_faults_unavailable();
      if (!why.empty()) throw UsageError("--fault: " + why);
    }
    FaultTargets targets = command->fault_targets();
    if (targets.network.empty()) targets.network = common.network;
    if (const std::optional<NetworkOptics> optics = command->optics()) {
      const double received =
          link_budget(common.device, optics->kind, optics->fanout).received_power_dbm;
      const double ber = bit_error_rate(common.device, received);
      targets.budget_errors =
          BudgetErrors{received, ber, frame_loss_probability(ber, common.device.frame_bits)};
    }
    targets.max_slots = common.max_slots;
    FaultPlan plan = parse_fault_plan(common.fault_specs, targets);
    for (const Fault& f : plan.faults()) {
      if (common.open_loop && f.kind != FaultKind::kBer) {
        throw UsageError("--fault: " + f.spec +
                         " not with open-loop traffic (it would cut a pair off for the whole "
                         "run; open-loop runs take ber:P and ber:budget)");
      }
    }
    command->set_faults(std::move(plan));
  }
  if (common.check) return command;  // sized for another machine, perhaps: check_report says
  check_memory(*command, common);
  check_thread_capacity(command->size_option(), command->resources().threads);
  return command;
}

}  // namespace

std::uint64_t memory_estimate(const NetworkCommand& command, const CommonOptions& common) {
  return estimate_memory(command.resources(), !common.vcd_path.empty());
}

std::unique_ptr<NetworkCommand> parse_optinet(const std::vector<std::string>& args,
                                              CommonOptions& common, std::string& help) {
  try {
    return parse_command_line(args, common, help);
  } catch (const UsageError& e) {
    // Messages quote what the user gave: control bytes are escaped, long tokens shortened (the
    // accepted values after them kept), so that a refusal is always one printable line.
    throw UsageError(printable_message(e.what()));
  }
}

Json check_report(const NetworkCommand& command, const CommonOptions& common) {
  const std::uint64_t estimate = memory_estimate(command, common);
  const std::uint64_t available = common.max_memory != 0 ? common.max_memory : memory_available();
  return Json{{"network", common.network},
              {"parameters", command.parameters()},
              {"protocol", common.protocol},
              {"traffic", common.traffic},
              {"processors", command.processors()},
              {"threads", command.resources().threads},
              {"memory_estimate_bytes", estimate},
              {"memory_available_bytes", available},
              {"fits", available == 0 || estimate <= available},
              {"version", OPTINET_VERSION}};
}

OpenLoopBounds open_loop_bounds(const NetworkCommand& command, const CommonOptions& common) {
  return OpenLoopBounds{command.hardware_bound(common.bound_lp_variables), command.routing_bound()};
}

Json json_report(const NetworkCommand& command, const CommonOptions& common,
                 const std::vector<RunRecord>& runs, double elaboration, double simulation,
                 const OpenLoopBounds* bounds) {
  Json report;
  report["network"] = common.network;
  report["parameters"] = command.parameters();
  report["protocol"] = common.protocol;
  report["traffic"] = common.traffic;
  report["seed"] = common.seed;
  report["memory_estimate_bytes"] = memory_estimate(command, common);
  if (common.open_loop) {
    const OpenLoopConfig& o = *common.open_loop;
    const OpenLoopBounds b = bounds != nullptr ? *bounds : open_loop_bounds(command, common);
    report["open_loop"] = Json{
        {"process", o.bursty ? "bursty" : "bernoulli"},
        {"rate", o.rate},
        {"mean_burst", o.mean_burst},
        {"pattern", destination_rule_name(o.rule)},
        {"hotspot", o.hotspot},
        {"fraction", o.fraction},
        {"warmup", o.steady.fixed_warmup ? Json(o.steady.warmup) : Json("measured")},
        {"measure", o.steady.fixed_window ? Json(o.steady.measure) : Json("measured")},
        {"confidence", o.steady.confidence},
        {"precision", o.steady.precision},
        {"injection_queue", o.queue_limit},
        {"max_backlog", o.max_backlog},
        {"hardware_bound", Json{{"value", b.hardware.value},
                                {"bottleneck", b.hardware.bottleneck},
                                {"method", b.hardware.method},
                                {"lp_variables", b.hardware.lp_variables}}},
        {"routing_bound", Json{{"value", b.routing.rate}, {"bottleneck", b.routing.bottleneck}}}};
  }
  const Json budget = command.power_budget(common.device);
  if (!budget.empty()) report["power_budget"] = budget;
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
    const std::optional<Summary> s = summarize_field(runs, field);
    summary[field] =
        s ? Json{{"mean", s->mean}, {"sd", s->sd}, {"max", s->max}, {"min", s->min}} : Json();
  }
  summary["ok"] = all_ok(runs);
  report["timing_seconds"] = Json{{"elaboration", elaboration}, {"simulation", simulation}};
  return report;
}

namespace {

/// The first line of an error's message (SystemC's reports add "In file: ..." lines).
std::string first_line(const std::string& what) { return what.substr(0, what.find('\n')); }

/// The runs, the summary and the outputs of a parsed command line.
int run_parsed(NetworkCommand& command, const CommonOptions& common, std::ostream& out,
               std::ostream& err, bool terminal) {
  // Flushed at once: a log shows what runs, and a closed standard output (a reader that went
  // away) is found before anything is elaborated.
  out << command.banner() << ", traffic " << common.traffic << ", seed " << common.seed << ", "
      << common.runs << " run(s)" << std::endl;
  const double elaboration = command.elaborate();
  // Taken now, while the network is as elaborated; written with the other outputs.
  const std::string hierarchy =
      common.hierarchy_path.empty() ? "" : elaborated_hierarchy().dump() + '\n';
  // The hardware bound may solve a linear program: once, before the runs.
  const std::optional<OpenLoopBounds> bounds =
      common.open_loop ? std::optional(open_loop_bounds(command, common)) : std::nullopt;
  defer_interrupts();  // from here an interrupt stops the run in progress at a slot boundary
  double simulation = 0;
  Json search;
  Json curve;
  std::vector<RunRecord> runs;
  if (common.find_saturation || common.curve) {
    RatePoints points(command, common, out, err, simulation);
    if (common.curve) {
      curve = latency_curve(command, points, common.curve_rates, bounds->hardware.value,
                            common.max_slots, search);
    } else {
      search = saturation_search(command, points, bounds->hardware.value, common.max_slots);
    }
    runs = std::move(points.runs);
  } else {
    runs = run_series(command, common, out, err, terminal, simulation);
  }
  end_deferred_interrupts();  // writing the outputs may wait (a FIFO's reader): Ctrl-C ends it
  if (const int signal = interrupt_signal(); signal != 0) {
    command.abandon();
    out.flush();
    err << "optinet: interrupted (" << signal_name(signal) << ") after " << runs.size()
        << (common.find_saturation || common.curve
                ? " run(s) of the rates"
                : " of " + std::to_string(common.runs) + " run(s)")
        << "; nothing written\n";
    return kExitInterrupted + signal;
  }
  // Every file is written whole before any is put in place: a failed write (and the exception
  // that leaves this function) puts none of them in place.
  OutputSet outputs;
  command.finish(outputs);
  print_summary(out, command, runs, elaboration, simulation);
  if (bounds && !runs.empty()) print_open_loop_summary(out, *bounds, runs);
  if (!search.is_null()) print_saturation(out, search);
  if (common.open_loop || !common.device_path.empty()) {
    print_power_budget(out, command.power_budget(common.device));
    print_energy(out, runs);
  }
  if (!common.json_path.empty()) {
    Json report =
        json_report(command, common, runs, elaboration, simulation, bounds ? &*bounds : nullptr);
    if (!search.is_null() || !curve.is_null()) report["open_loop"]["rate"] = "per run";
    if (!search.is_null()) report["saturation"] = search;
    if (!curve.is_null()) report["curve"] = curve;
    outputs.write("--json", common.json_path, report.dump() + '\n');
  }
  if (!common.hierarchy_path.empty()) {
    outputs.write("--hierarchy", common.hierarchy_path, hierarchy);
  }
  outputs.commit();
  if (!common.vcd_path.empty()) out << "waveform: " << common.vcd_path << '\n';
  if (!common.json_path.empty()) out << "json: " << common.json_path << '\n';
  if (!common.hierarchy_path.empty()) out << "hierarchy: " << common.hierarchy_path << '\n';
  if (!all_ok(runs)) return kExitRunFailed;
  for (const RunRecord& r : runs) {
    if (r.undelivered_to_faults > 0) return kExitFaultLosses;
  }
  return kExitOk;
}

/// Whether an error that ended the runs is a failed allocation: a bad_alloc, or SystemC's report
/// of one in a process (uncaught exception) or of a thread stack it could not map.
bool out_of_memory(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr) return true;
  const auto* report = dynamic_cast<const sc_core::sc_report*>(&e);
  if (report == nullptr) return false;
  const std::string type = report->get_msg_type();
  return type == "stack setup failed" ||
         (type == "uncaught exception" &&
          std::string(report->get_msg()).find("bad_alloc") != std::string::npos);
}

/// One line and the exit status for an error that ended the runs.
int report_run_error(const std::exception_ptr& error, std::ostream& err) {
  try {
    std::rethrow_exception(error);
  } catch (const OutputError& e) {
    err << "optinet: " << e.what() << '\n';
    return kExitOutput;
  } catch (const std::exception& e) {
    if (out_of_memory(e)) {
      err << "optinet: out of memory (a smaller network needs less); nothing written\n";
    } else {
      err << "optinet: internal error: " << first_line(e.what()) << '\n';
    }
    return kExitInternal;
  } catch (...) {
    err << "optinet: internal error (an exception of unknown type)\n";
    return kExitInternal;
  }
}

}  // namespace

int run_optinet(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                bool terminal) {
  CommonOptions common;
  std::unique_ptr<NetworkCommand> command;
  try {
    std::string help;
    command = parse_optinet(args, common, help);
    if (!command) {
      out << help;
      return kExitOk;
    }
    if (common.check) {
      out << check_report(*command, common).dump() << '\n';
      return kExitOk;
    }
  } catch (const UsageError& e) {
    err << "optinet: " << e.what() << '\n';
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    err << "optinet: out of memory while reading the input\n";
    return kExitInternal;
  }
  try {
    return run_parsed(*command, common, out, err, terminal);
  } catch (...) {
    // After an error nothing of the network is touched again: no destructor runs (an
    // experiment's would close its VCD, which a SystemC error can make fault, or commit a cut
    // trace); the process ends without them, and the temporaries go at exit (optinet_main.cpp).
    (void)command.release();
    out.flush();
    return report_run_error(std::current_exception(), err);
  }
}

}  // namespace optinet
