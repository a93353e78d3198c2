#include "testbenches/network_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "testbenches/device_file.h"
#include "testbenches/input_file.h"
#include "testbenches/option_values.h"
#include "testbenches/process_guard.h"
#include "testbenches/stats.h"
#include "testbenches/usage_error.h"

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
  std::uint64_t queue = 0;
};

const char* const kOpenLoopOptions[] = {"--rate",     "--burst",  "--pattern", "--hotspot",
                                        "--fraction", "--warmup", "--measure", "--injection-queue"};
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
  app.add_option("--warmup", o.warmup, "slots before the measurement window")
      ->check(count_in(0, kMaxSlotLimit))
      ->capture_default_str()
      ->group(group);
  app.add_option("--measure", o.measure, "slots of the measurement window (labelled packets)")
      ->check(count_in(1, kMaxSlotLimit))
      ->capture_default_str()
      ->group(group);
  app.add_option("--injection-queue", o.queue, "packets an injection queue holds (0: unbounded)")
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
  OpenLoopConfig config;
  config.bursty = c.traffic == "bursty";
  config.rate = o.rate;
  config.mean_burst = o.burst;
  config.rule = destination_rule(o.pattern);
  config.hotspot = static_cast<NodeId>(std::min<std::uint64_t>(o.hotspot, kNoNode));
  config.fraction = o.fraction;
  config.warmup = o.warmup;
  config.measure = o.measure;
  config.queue_limit = o.queue;
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
                 "receiver:NODE, jammer:NODE, each [@SLOT], or ber:P (docs/results/faults.md)")
      ->group(command.fault_model() ? "Options" : "");
  app.add_option("--device", c.device_path,
                 "optical devices of the power budget and energy (JSON; docs/devices)")
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
    runs.push_back(command.run(c.seed + k));
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

/// Open-loop runs: the capacity bound, the last run's busiest and most collided media, and how
/// many runs saturated.
void print_open_loop_summary(std::ostream& out, const NetworkCommand& command,
                             const std::vector<RunRecord>& runs) {
  const CapacityBound bound = command.capacity();
  out << "capacity: " << bound.rate << " packets/node/slot (bottleneck: " << bound.bottleneck
      << ")";
  const Json& last = runs.back().fields;
  if (last.contains("busiest_medium")) {
    out << "; busiest medium " << last["busiest_medium"].get<std::string>();
  }
  out << (last.contains("most_collided_medium")
              ? ", most collided " + last["most_collided_medium"].get<std::string>()
              : ", no collision");
  std::size_t saturated = 0;
  for (const RunRecord& r : runs) saturated += r.fields.value("saturated", false) ? 1 : 0;
  if (saturated > 0) out << "; " << saturated << " run(s) SATURATED";
  out << '\n';
}

/// Every medium kind's power budget; a budget that does not close is said so.
void print_power_budget(std::ostream& out, const Json& budget) {
  for (const auto& [medium, b] : budget.items()) {
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
}

void print_summary(std::ostream& out, const NetworkCommand& command,
                   const std::vector<RunRecord>& runs, double elaboration, double simulation) {
  // Loads are fractions of a packet per slot: four decimals; slot counts two.
  const bool loads = command.summary_fields() == open_loop_summary_fields();
  out << std::fixed << std::setprecision(loads ? 4 : 2) << "summary over " << runs.size()
      << " run(s):";
  const char* separator = " ";
  for (const std::string& field : command.summary_fields()) {
    const Summary s = summarize_field(runs, field);
    out << separator << field << " mean " << s.mean << " sd " << s.sd << " max " << s.max << " min "
        << s.min;
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

void add_open_loop_fields(Json& f, const OpenLoopResult& r, bool saturated) {
  f["offered"] = r.offered;
  f["accepted"] = r.accepted;
  f["latency_mean"] = r.latency.mean();
  f["latency_p50"] = r.latency.p50();
  f["latency_p99"] = r.latency.p99();
  f["latency_max"] = r.latency.max();
  f["latency_histogram"] = r.latency.histogram();
  f["injection_queue_mean"] = r.queue.mean();
  f["injection_queue_max"] = r.queue.max();
  f["created"] = r.created;
  f["refused"] = r.refused;
  f["labelled"] = r.labelled;
  f["labelled_delivered"] = r.labelled_delivered;
  f["drain_slot"] = r.drain_slot;
  f["saturated"] = saturated;
}

std::vector<std::string> open_loop_summary_fields() {
  return {"offered", "accepted", "latency_mean", "latency_p99", "utilization"};
}

std::string open_loop_description(Json& fields, const OpenLoopResult& r, bool saturated) {
  add_open_loop_fields(fields, r, saturated);
  char text[160];
  std::snprintf(text, sizeof text,
                "; offered %.4f, accepted %.4f packets/node/slot, latency mean %.2f p99 %llu",
                r.offered, r.accepted, r.latency.mean(),
                static_cast<unsigned long long>(r.latency.p99()));
  return std::string(text) +
         (saturated ? ", SATURATED (the drain did not finish by --max-slots)" : "");
}

void add_media_fields(Json& f, const std::vector<NamedMedium>& media, std::uint64_t slots,
                      std::uint64_t delivered, const DeviceParameters& device) {
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
  EnergyTally energy(device);
  energy.add(counts);
  f["energy_pj"] = energy.total_pj();
  f["energy_per_slot_pj"] = energy.per_slot_pj().value_or(0.0);
  f["energy_per_packet_pj"] = energy.per_delivered_packet_pj().value_or(0.0);
  f["energy_collision_share"] = energy.collision_share();
  f["energy_ack_share"] = energy.acknowledgement_share();
  f["media"] = std::move(list);
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
  if (!common.device_path.empty()) common.device = read_device_file(common.device_path);
  command->configure(common);
  if (!common.fault_specs.empty()) {
    // The scoreboard classifies the losses of a permutation's or an h-relation's packets.
    if (common.open_loop) throw UsageError("--fault: not with --traffic " + common.traffic);
    FaultTargets targets = command->fault_targets();
    if (targets.network.empty()) targets.network = common.network;
    targets.max_slots = common.max_slots;
    command->set_faults(parse_fault_plan(common.fault_specs, targets));
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

Json json_report(const NetworkCommand& command, const CommonOptions& common,
                 const std::vector<RunRecord>& runs, double elaboration, double simulation) {
  Json report;
  report["network"] = common.network;
  report["parameters"] = command.parameters();
  report["protocol"] = common.protocol;
  report["traffic"] = common.traffic;
  report["seed"] = common.seed;
  report["memory_estimate_bytes"] = memory_estimate(command, common);
  if (common.open_loop) {
    const OpenLoopConfig& o = *common.open_loop;
    const CapacityBound bound = command.capacity();
    report["open_loop"] = Json{{"process", o.bursty ? "bursty" : "bernoulli"},
                               {"rate", o.rate},
                               {"mean_burst", o.mean_burst},
                               {"pattern", destination_rule_name(o.rule)},
                               {"hotspot", o.hotspot},
                               {"fraction", o.fraction},
                               {"warmup", o.warmup},
                               {"measure", o.measure},
                               {"injection_queue", o.queue_limit},
                               {"capacity", bound.rate},
                               {"bottleneck", bound.bottleneck}};
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
    const Summary s = summarize_field(runs, field);
    summary[field] = Json{{"mean", s.mean}, {"sd", s.sd}, {"max", s.max}, {"min", s.min}};
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
  defer_interrupts();  // from here an interrupt stops the run in progress at a slot boundary
  double simulation = 0;
  const std::vector<RunRecord> runs = run_series(command, common, out, err, terminal, simulation);
  end_deferred_interrupts();  // writing the outputs may wait (a FIFO's reader): Ctrl-C ends it
  if (const int signal = interrupt_signal(); signal != 0) {
    command.abandon();
    out.flush();
    err << "optinet: interrupted (" << signal_name(signal) << ") after " << runs.size() << " of "
        << common.runs << " run(s); nothing written\n";
    return kExitInterrupted + signal;
  }
  // Every file is written whole before any is put in place: a failed write (and the exception
  // that leaves this function) puts none of them in place.
  OutputSet outputs;
  command.finish(outputs);
  print_summary(out, command, runs, elaboration, simulation);
  if (common.open_loop && !runs.empty()) print_open_loop_summary(out, command, runs);
  if (common.open_loop || !common.device_path.empty()) {
    print_power_budget(out, command.power_budget(common.device));
  }
  if (!common.json_path.empty()) {
    const Json report = json_report(command, common, runs, elaboration, simulation);
    outputs.write("--json", common.json_path, report.dump() + '\n');
  }
  outputs.commit();
  if (!common.vcd_path.empty()) out << "waveform: " << common.vcd_path << '\n';
  if (!common.json_path.empty()) out << "json: " << common.json_path << '\n';
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
