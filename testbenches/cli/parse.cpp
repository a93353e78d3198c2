
#include <CLI/CLI.hpp>

#include "models/optical/bit_errors.h"
#include "testbenches/cli/driver.h"
#include "testbenches/io/device_file.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

using namespace driver;

namespace driver {

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
  if (!common.write_trace_path.empty()) {
    outputs.push_back({"--write-trace", common.write_trace_path});
  }
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
  add_open_loop_options(app, open_loop, runs_open_loop(*command));
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
  if (!common.laser.empty() && !has_optics(*command)) {
    throw UsageError("--laser: " + common.network +
                     " has no optical media to budget (accepted on " + networks_that(has_optics) +
                     ")");
  }
  if (!common.device_path.empty() && !has_optics(*command)) {
    throw UsageError("--device: " + common.network +
                     " has no optical media to budget (accepted on " + networks_that(has_optics) +
                     ")");
  }
  if (!common.fault_specs.empty() && !has_faults(*command)) {
    throw UsageError("--fault: " + common.network + " has no fault model (faults on " +
                     networks_that(has_faults) + ")");
  }
  check_files(app, *command, common);
  if (!common.device_path.empty()) common.device = read_device_option(common.device_path);
  if (!common.laser.empty()) {
    const std::optional<LaserMode> mode = laser_mode_named(common.laser);
    if (!mode) {
      throw UsageError("--laser: '" + printable(common.laser, 40) +
                       "' is not a laser mode; accepted: " + laser_mode_names());
    }
    common.device.laser_mode = *mode;
  }
  command->configure(common);
  if (!common.fault_specs.empty()) {
    // The scoreboard classifies the losses of a permutation's or an h-relation's packets; an
    // open-loop host counts the packets of lost frames, where the protocol's losses are final.
    if (common.open_loop && (common.open_loop->request_reply || common.open_loop->trace)) {
      throw UsageError("--fault: not with --traffic " +
                       std::string(common.open_loop->trace ? "trace" : "request-reply") +
                       " (a lost message would hold what waits for it for ever)");
    }
    if (common.open_loop) {
      const std::string why = command->faults()->open_loop_faults_unavailable();
      if (!why.empty()) throw UsageError("--fault: " + why);
    }
    FaultTargets targets = command->faults()->fault_targets();
    if (targets.network.empty()) targets.network = common.network;
    if (const OpticalFamily* optical = command->optical()) {
      const NetworkOptics optics = optical->optics();
      const double received =
          link_budget(common.device, optics.kind, optics.fanout).received_power_dbm;
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
    command->faults()->set_faults(std::move(plan));
  }
  if (common.check) return command;  // sized for another machine, perhaps: check_report says
  check_memory(*command, common);
  check_thread_capacity(command->size_option(), command->resources().threads);
  return command;
}

}  // namespace driver

bool default_view_is_pins(bool pins_by_default, bool pins_needed, CommonOptions& common) {
  if (!pins_by_default || pins_needed || !common.per_rate()) return pins_by_default;
  common.view_choice = std::string("chosen for ") + (common.curve ? "a curve" : "a search") +
                       "; --view pins to override";
  return false;
}

std::uint64_t memory_estimate(const NetworkCommand& command, const CommonOptions& common) {
  return estimate_memory(command.resources(), !common.vcd_path.empty(),
                         !common.hierarchy_path.empty());
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

}  // namespace optinet
