
#include "testbenches/cli/driver.h"
#include "testbenches/io/hierarchy.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/process_guard.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

using namespace driver;

namespace driver {

/// The first line of an error's message (SystemC's reports add "In file: ..." lines).
std::string first_line(const std::string& what) { return what.substr(0, what.find('\n')); }

/// The runs, the summary and the outputs of a parsed command line.
int run_parsed(NetworkCommand& command, const CommonOptions& common, std::ostream& out,
               std::ostream& err, bool terminal) {
  // Flushed at once: a log shows what runs, and a closed standard output (a reader that went
  // away) is found before anything is elaborated.
  out << command.banner() << (common.view_choice.empty() ? "" : " (" + common.view_choice + ")")
      << ", traffic " << common.traffic << ", seed " << common.seed << ", " << common.runs
      << " run(s)" << std::endl;
  const double elaboration = command.elaborate();
  // Taken now, while the network is as elaborated; written with the other outputs.
  const std::string hierarchy = common.hierarchy_path.empty() ? "" : elaborated_hierarchy();
  // The hardware bound may solve a linear program: once, before the runs.
  const std::optional<OpenLoopBounds> bounds =
      common.open_loop ? std::optional(open_loop_bounds(command, common)) : std::nullopt;
  defer_interrupts();  // from here an interrupt stops the run in progress at a slot boundary
  // --write-trace: the host records the messages it creates (it outlives finish(), which
  // leaves the network to process exit).
  std::vector<TraceMessage> workload;
  OpenLoopHost* recorder =
      common.write_trace_path.empty() ? nullptr : command.open_loop()->open_loop_host();
  if (recorder != nullptr) recorder->record_workload(&workload);
  double simulation = 0;
  RateSearches searches;
  std::vector<RunRecord> runs;
  const bool per_rate = common.per_rate();
  if (per_rate) {
    RatePoints points(command, common, out, err, simulation);
    searches = run_rate_searches(command, points, common, *bounds);
    runs = std::move(points.runs);
  } else {
    runs = run_series(command, common, out, err, terminal, simulation);
  }
  end_deferred_interrupts();  // writing the outputs may wait (a FIFO's reader): Ctrl-C ends it
  if (const int signal = interrupt_signal(); signal != 0) {
    command.abandon();
    out.flush();
    err << "optinet: interrupted (" << signal_name(signal) << ") after " << runs.size()
        << (per_rate ? " run(s) of the rates" : " of " + std::to_string(common.runs) + " run(s)")
        << "; nothing written\n";
    return kExitInterrupted + signal;
  }
  // Every file is written whole before any is put in place: a failed write (and the exception
  // that leaves this function) puts none of them in place.
  OutputSet outputs;
  command.finish(outputs);
  print_summary(out, command, runs, elaboration, simulation);
  if (bounds && !runs.empty()) print_open_loop_summary(out, *bounds, runs);
  if (!searches.knee.is_null()) print_knee(out, searches.knee);
  if (!searches.stability.is_null()) print_saturation(out, searches.stability);
  if (common.open_loop || !common.device_path.empty()) {
    print_power_budget(out, command_power_budget(command, common.device));
    print_energy(out, runs);
  }
  if (!common.json_path.empty()) {
    Json report =
        json_report(command, common, runs, elaboration, simulation, bounds ? &*bounds : nullptr);
    if (per_rate) report["open_loop"]["rate"] = "per run";
    if (!searches.knee.is_null()) report["knee"] = searches.knee;
    if (!searches.stability.is_null()) report["saturation"] = searches.stability;
    if (!searches.curve.is_null()) report["curve"] = searches.curve;
    if (!searches.stability.is_null() && !bounds->protocol.value) {
      // Nothing fixed it in advance: the search measured it.
      report["open_loop"]["protocol_capacity"] =
          Json{{"value", searches.stability["throughput"]},
               {"how",
                "measured: the accepted load of the highest strictly stable rate "
                "(--find-stability-limit), " +
                    searches.stability["verdict"].get<std::string>()}};
    }
    outputs.write("--json", common.json_path, report.dump() + '\n');
  }
  if (!common.hierarchy_path.empty()) {
    outputs.write("--hierarchy", common.hierarchy_path, hierarchy);
  }
  if (recorder != nullptr) {
    recorder->record_workload(nullptr);
    outputs.write("--write-trace", common.write_trace_path,
                  trace_text(in_slot_order(std::move(workload)),
                             "optinet " + common.network + " workload, traffic " + common.traffic +
                                 ", seed " + std::to_string(common.seed)));
  }
  outputs.commit();
  if (!common.vcd_path.empty()) out << "waveform: " << common.vcd_path << '\n';
  if (!common.json_path.empty()) out << "json: " << common.json_path << '\n';
  if (!common.hierarchy_path.empty()) out << "hierarchy: " << common.hierarchy_path << '\n';
  if (!common.write_trace_path.empty()) out << "trace: " << common.write_trace_path << '\n';
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

}  // namespace driver

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
