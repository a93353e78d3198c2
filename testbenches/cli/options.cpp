#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iomanip>
#include <map>
#include <memory>
#include <sstream>

#include "models/optical/bit_errors.h"
#include "testbenches/cli/driver.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace driver {

namespace {

/// --knee-factor: a number above 1 (the threshold must lie above the zero-load latency).
CLI::Validator above_one() {
  return CLI::Validator(
      [](std::string& text) {
        if (from_one_rejection(text).empty() && std::strtod(text.c_str(), nullptr) > 1) {
          return std::string();
        }
        return "'" + printable(text, 40) + "' is not accepted (a number above 1, at most 1e6)";
      },
      "NUMBER in (1, 1e6]");
}

}  // namespace

std::string overview() {
  std::ostringstream s;
  s << "usage: optinet NETWORK [options]     (optinet NETWORK --help lists its options)\n"
       "       optinet --version\n\nnetworks:\n";
  for (const NetworkFamily& f : network_families()) {
    s << "  " << std::left << std::setw(18) << f.network << f.description << '\n';
  }
  return s.str();
}

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
    rates.push_back(*read_number(item));
    start = comma + 1;
  }
  return rates;
}

const char* const kOpenLoopOptions[] = {"--rate",
                                        "--burst",
                                        "--pattern",
                                        "--message-frames",
                                        "--message-sizes",
                                        "--outstanding",
                                        "--reply-frames",
                                        "--write-trace",
                                        "--hotspot",
                                        "--fraction",
                                        "--warmup",
                                        "--measure",
                                        "--batch-slots",
                                        "--confidence",
                                        "--precision",
                                        "--injection-queue",
                                        "--max-backlog",
                                        "--find-stability-limit",
                                        "--find-saturation",
                                        "--find-knee",
                                        "--knee-factor",
                                        "--latency-budget-ns",
                                        "--rates",
                                        "--bound-lp-variables"};
/// The networks for which `has` holds (open_loop(), faults(), ... not null), from the family
/// table: "pops, ocpc, ...".
std::string networks_that(const std::function<bool(const NetworkCommand&)>& has) {
  std::string names;
  for (const NetworkFamily& f : network_families()) {
    if (has(*f.make(f.network))) names += (names.empty() ? "" : ", ") + std::string(f.network);
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
  app.add_option("--message-frames", o.message_frames,
                 "frames per message: the host segments each message, the destination "
                 "reassembles it (--rate stays in frames per node per slot)")
      ->check(count_in(1, MessageSizes::kMaxFrames))
      ->capture_default_str()
      ->group(group);
  app.add_option("--message-sizes", o.message_sizes,
                 "message sizes in frames, fixed or a distribution: FRAMES or F1:P1,F2:P2,... "
                 "(e.g. 1:0.8,32:0.2)")
      ->group(group);
  app.add_option("--outstanding", o.outstanding,
                 "request-reply: requests a node keeps outstanding at most (M)")
      ->check(count_in(1, RequestReplyConfig::kMaxOutstanding))
      ->capture_default_str()
      ->group(group);
  app.add_option("--reply-frames", o.reply_frames,
                 "request-reply: frames per reply (requests: --message-frames or "
                 "--message-sizes)")
      ->check(count_in(1, MessageSizes::kMaxFrames))
      ->capture_default_str()
      ->group(group);
  app.add_option("--write-trace", o.write_trace,
                 "write the messages the run creates as a trace (--traffic trace:FILE reads it "
                 "back; one run, no injection-queue limit)")
      ->check(path_given())
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
  app.add_flag("--find-knee", o.find_knee,
               "search the offered load at which the mean latency passes --knee-factor times "
               "the zero-load latency or --latency-budget-ns, whichever is lower (instead of "
               "--rate)")
      ->group(group);
  app.add_option("--knee-factor", o.knee_factor,
                 "the knee's threshold in zero-load latencies (--find-knee, --rates auto)")
      ->check(above_one())
      ->capture_default_str()
      ->group(group);
  app.add_option("--latency-budget-ns", o.latency_budget_ns,
                 "an absolute threshold of the knee in ns of the device's slot (--find-knee, "
                 "--rates auto)")
      ->check(positive_number())
      ->group(group);
  app.add_flag("--find-stability-limit", o.find_saturation,
               "search the offered rate for the highest strictly stable rate, whose backlog does "
               "not grow (each point measured in steady state; instead of --rate; also "
               "--find-saturation)")
      ->group(group);
  app.add_flag("--find-saturation", o.find_saturation, "the same as --find-stability-limit")
      ->group("");
  app.add_option("--rates", o.rates,
                 "a latency-throughput curve: one run per rate (comma-separated), or auto (the "
                 "knee, then 0.1-1 of it and two rates past it; without a protocol capacity the "
                 "stability search, then 0.1-0.95 of its throughput)")
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
                 "saturated, bounding an overloaded run's memory (0: no limit; default: 4096, "
                 "or 4 TDMA frames where larger)")
      ->check(count_in(0, kMaxSlotLimit))
      ->group(group);
}

/// --traffic bernoulli|bursty makes the run open-loop; the open-loop options need it, and a
/// network that runs open-loop traffic (`command.open_loop()`).
void resolve_open_loop(const CLI::App& app, const OpenLoopOptions& o, CommonOptions& c,
                       const NetworkCommand& command) {
  const bool open = open_loop_traffic(c.traffic);
  if (!command.open_loop()) {
    const std::string elsewhere = "open-loop runs are on " + networks_that(runs_open_loop) + ")";
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
  const bool request_reply = c.traffic == "request-reply";
  const bool trace = c.traffic.rfind("trace:", 0) == 0;
  if (trace) {
    for (const char* option :
         {"--rate", "--pattern", "--message-frames", "--message-sizes", "--find-knee",
          "--find-stability-limit", "--find-saturation", "--rates", "--write-trace"}) {
      if (given(option)) {
        throw UsageError(std::string(option) + ": not with --traffic " + printable(c.traffic, 60) +
                         " (the trace gives every message's slot, nodes and size)");
      }
    }
  }
  if (given("--write-trace") && c.runs > 1) {
    throw UsageError("--write-trace: writes one run's messages (accepted with --runs 1)");
  }
  if (given("--write-trace") && given("--injection-queue") && o.queue != 0) {
    throw UsageError("--write-trace: not with --injection-queue (a trace has no refused messages)");
  }
  for (const char* option : {"--outstanding", "--reply-frames"}) {
    if (given(option) && !request_reply) {
      throw UsageError(std::string(option) + ": needs --traffic request-reply (not " + c.traffic +
                       ")");
    }
  }
  if ((request_reply || trace) && given("--injection-queue") && o.queue != 0) {
    throw UsageError(
        "--injection-queue: not with --traffic " + std::string(trace ? "trace" : "request-reply") +
        " (a refused request or reply would "
        "hold its transaction open for ever; the outstanding limit bounds what a node sends)");
  }
  if ((given("--hotspot") || given("--fraction")) && o.pattern != "hotspot") {
    throw UsageError(std::string(given("--hotspot") ? "--hotspot" : "--fraction") +
                     ": needs --pattern hotspot (not " + printable(o.pattern) + ")");
  }
  const char* stability =
      given("--find-stability-limit") ? "--find-stability-limit" : "--find-saturation";
  const char* per_rate = o.find_saturation ? stability : o.find_knee ? "--find-knee" : "--rates";
  const bool searches = o.find_saturation || o.find_knee || given("--rates");
  if (searches && given("--rate")) {
    throw UsageError(std::string("--rate: not with ") + per_rate + " (it chooses the rates)");
  }
  if (searches && c.runs > 1) {
    throw UsageError(std::string("--runs: ") + per_rate + " runs one run per rate (accepted: 1)");
  }
  if ((o.find_saturation || o.find_knee) && given("--rates")) {
    throw UsageError(std::string("--rates: not with ") + per_rate + " (--rates auto searches too)");
  }
  if (o.find_saturation && o.find_knee) {
    throw UsageError(std::string("--find-knee: not with ") + stability +
                     " (one search per command)");
  }
  const bool knee = o.find_knee || (given("--rates") && o.rates == "auto");
  if (knee && request_reply) {
    throw UsageError(std::string(o.find_knee ? "--find-knee" : "--rates") +
                     ": not with --traffic request-reply (the knee is on the frames' latency, "
                     "which the outstanding limit keeps bounded however many requests wait; "
                     "--find-stability-limit sees them in the backlog)");
  }
  for (const char* option : {"--knee-factor", "--latency-budget-ns"}) {
    if (given(option) && !knee) {
      throw UsageError(std::string(option) + ": needs --find-knee or --rates auto");
    }
  }
  c.find_saturation = o.find_saturation;
  c.find_knee = o.find_knee;
  c.knee_factor = o.knee_factor;
  c.latency_budget_ns = given("--latency-budget-ns") ? o.latency_budget_ns : 0;
  c.precision_given = given("--precision");
  c.curve = given("--rates");
  if (c.curve) c.curve_rates = parse_rates(o.rates);
  c.bound_lp_variables = o.bound_lp_variables;
  OpenLoopConfig config;
  config.bursty = c.traffic == "bursty";
  config.rate = o.rate;
  config.mean_burst = o.burst;
  config.rule = destination_rule(o.pattern);
  if (config.rule == DestinationRule::kMatrix) {
    config.matrix = std::make_shared<const MatrixFile>(
        read_matrix_file(o.pattern.substr(o.pattern.find(':') + 1)));
  }
  config.permutation_seed = c.seed;
  if (given("--message-frames") && given("--message-sizes")) {
    throw UsageError(
        "--message-sizes: not with --message-frames (one gives a fixed size, the "
        "other a fixed size or a distribution)");
  }
  if (given("--message-sizes")) {
    config.message = MessageSizes::parse(o.message_sizes, "--message-sizes");
  } else {
    config.message = MessageSizes::fixed(static_cast<std::uint32_t>(o.message_frames));
  }
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
  if (given("--max-backlog")) config.max_backlog = o.max_backlog;
  c.write_trace_path = o.write_trace;
  if (trace) {
    config.trace = std::make_shared<const TraceFile>(read_trace_file(c.traffic.substr(6)));
    // The bounds see the trace's frames per pair as a traffic matrix.
    std::map<std::pair<NodeId, NodeId>, double> pairs;
    for (const TraceMessage& m : config.trace->messages)
      pairs[{m.source, m.destination}] += m.frames;
    MatrixFile matrix;
    matrix.path = config.trace->path;
    for (const auto& [pair, frames] : pairs) {
      matrix.entries.push_back(MatrixFile::Entry{pair.first, pair.second, frames, 0});
      matrix.largest_node = std::max({matrix.largest_node, pair.first, pair.second});
    }
    config.rule = DestinationRule::kMatrix;
    config.matrix = std::make_shared<const MatrixFile>(std::move(matrix));
    // The whole trace is the window unless --warmup or --measure say otherwise.
    if (!given("--warmup")) {
      config.steady.fixed_warmup = true;
      config.steady.warmup = 0;
    }
    if (!given("--measure")) {
      config.steady.fixed_window = true;
      config.steady.measure = std::max<std::uint64_t>(
          1, config.trace->span() - std::min(config.trace->span(), config.steady.warmup));
    }
  }
  if (request_reply) {
    RequestReplyConfig rr;
    rr.outstanding = static_cast<std::uint32_t>(o.outstanding);
    rr.reply_frames = static_cast<std::uint32_t>(o.reply_frames);
    config.request_reply = rr;
  }
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
  const std::string file = command.traffic_file_option();
  app.add_option("--traffic", c.traffic,
                 command.traffic_names() +
                     (command.open_loop() ? "; open loop: " + open_loop_traffic_names() : "") +
                     (file.empty() ? "" : "; file (with " + file + " PATH)"))
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
      ->group(command.faults() ? "Options" : "");
  app.add_option("--device", c.device_path,
                 "optical devices of the power budget and energy: a shipped set (fibre, onchip, "
                 "onchip-dsent) "
                 "or a JSON device file (docs/devices)")
      ->check(path_given())
      ->group(command.optical() ? "Options" : "");
  app.add_option("--laser", c.laser,
                 "how the lasers are lit: continuous (every slot), gated (only the frames sent), "
                 "throttled (every slot at the mean utilization), per-node (one laser per node "
                 "behind a ring switch) or comb (shared comb lasers, WDM on the media); default: "
                 "the device's laser_continuous (docs/physical-layer.md)")
      ->type_name("MODE")
      ->group(command.optical() ? "Options" : "");
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

}  // namespace driver

}  // namespace optinet
