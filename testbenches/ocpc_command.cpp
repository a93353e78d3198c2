#include "testbenches/ocpc_command.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>

#include "protocols/ocpc/registry.h"
#include "testbenches/json_writer.h"
#include "testbenches/ocpc_experiment.h"
#include "testbenches/option_values.h"
#include "testbenches/run_summary.h"
#include "testbenches/usage_error.h"

namespace optinet {

namespace {

constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 18;

struct OcpcCommandLine {
  std::string network;
  OcpcExperimentConfig experiment;
  std::string traffic_name;
  std::uint64_t runs = 1;
  std::uint64_t seed = 1;
  std::string json_path;
  bool quiet = false;
  bool help = false;
};

std::string ocpc_usage() {
  return "usage: optinet ocpc --p P [--h H] [--protocol NAME] [--traffic NAME]\n"
         "                    [--relation-file PATH] [--runs N] [--seed S] [--max-slots N]\n"
         "                    [--vcd FILE] [--trace-slots A:B] [--trace-nodes A:B]\n"
         "                    [--json FILE] [--period-ns T] [--quiet]\n"
         "       optinet mob --p P ...   (the p x p MOB-PC: P is the side, n = P*P)\n"
         "\n"
         "  --p P               OCPC: 2 <= P <= 262144 processors; MOB-PC: 2 <= P <= 512\n"
         "  --h H               the h of the h-relation (default 1, lower-bound: 2)\n"
         "  --protocol NAME     OCPC: " +
         ocpc::protocol_names(ocpc::Topology::kOcpc) +
         " (default coinflip)\n"
         "                      MOB-PC: " +
         ocpc::protocol_names(ocpc::Topology::kMob) +
         " (default row-column)\n"
         "  --traffic NAME      " +
         relation_kind_names() +
         "\n"
         "                      (default random-h-relation: h random permutations)\n"
         "  --relation-file P   'source destination' lines, '#' comments; checked against h\n"
         "  --runs N            runs on the same network, seeds S, S+1, ... (default 1)\n"
         "  --seed S            seed of the first run (default 1)\n"
         "  --max-slots N       stop a run after N slots and report it (default 100000)\n"
         "  --vcd FILE          VCD waveform: slot, buses, processors\n"
         "  --trace-slots A:B   record only slots A..B of each run in the VCD\n"
         "  --trace-nodes A:B   trace only processors A..B (every bus is traced)\n"
         "  --json FILE         the runs and their summary as JSON\n"
         "  --period-ns T       slot clock period in ns (default 1)\n"
         "  --quiet             print only the summary and any failed run\n";
}

OcpcCommandLine parse(const std::vector<std::string>& args) {
  OcpcCommandLine cl;
  cl.network = args.at(0);
  const bool mob = cl.network == "mob";
  const OptionValues o = collect_options(
      args, 1,
      {"--p", "--h", "--protocol", "--traffic", "--relation-file", "--runs", "--seed",
       "--max-slots", "--vcd", "--trace-slots", "--trace-nodes", "--json", "--period-ns"},
      {"--quiet"});
  if (o.help) {
    cl.help = true;
    return cl;
  }
  cl.quiet = o.flags.count("--quiet") != 0;
  OcpcExperimentConfig& e = cl.experiment;
  e.shape.topology = mob ? ocpc::Topology::kMob : ocpc::Topology::kOcpc;
  e.shape.p = static_cast<std::uint32_t>(
      parse_count("--p", o.get("--p", mob ? "4" : "16"), 2, mob ? 512 : kMaxNodes));
  const std::uint32_t n = e.shape.n();

  e.protocol = o.get("--protocol", mob ? "row-column" : "coinflip");
  const ocpc::ProtocolInfo* info = ocpc::find_protocol(e.protocol);
  if (info == nullptr || !(mob ? info->on_mob : info->on_ocpc)) {
    throw UsageError("--protocol: '" + e.protocol + "' is not a protocol of the " +
                     (mob ? "MOB-PC" : "OCPC") +
                     " (accepted: " + ocpc::protocol_names(e.shape.topology) + ")");
  }

  if (o.has("--relation-file")) {
    if (o.has("--traffic")) throw UsageError("--relation-file: cannot be combined with --traffic");
    e.traffic = RelationKind::kFile;
    cl.traffic_name = "file";
  } else {
    cl.traffic_name = o.get("--traffic", "random-h-relation");
    e.traffic = relation_kind(cl.traffic_name);
  }
  const std::uint32_t default_h = e.traffic == RelationKind::kFile ? 1 : minimum_h(e.traffic);
  e.h = static_cast<std::uint32_t>(
      parse_count("--h", o.get("--h", std::to_string(default_h)), 1, 1024));
  if (e.traffic == RelationKind::kFile) {
    e.file_relation = read_relation_file(o.get("--relation-file", ""), n, e.h);
  } else {
    const std::string why = relation_unavailable(e.traffic, n, e.h);
    if (!why.empty()) throw UsageError((o.has("--h") ? "--h: " : "--traffic: ") + why);
  }

  cl.runs = parse_count("--runs", o.get("--runs", "1"), 1, 1000000);
  cl.seed =
      parse_count("--seed", o.get("--seed", "1"), 0, std::numeric_limits<std::uint64_t>::max() / 2);
  e.max_slots = parse_count("--max-slots", o.get("--max-slots", "100000"), 1, 1000000000);
  e.period =
      sc_core::sc_time(parse_positive("--period-ns", o.get("--period-ns", "1")), sc_core::SC_NS);
  e.vcd_path = o.get("--vcd", "");
  if (!e.vcd_path.empty()) check_writable("--vcd", e.vcd_path);
  for (const char* option : {"--trace-slots", "--trace-nodes"}) {
    if (o.has(option) && e.vcd_path.empty()) {
      throw UsageError(std::string(option) + ": needs --vcd FILE");
    }
  }
  if (o.has("--trace-slots")) {
    const auto range = parse_range("--trace-slots", o.get("--trace-slots", ""), 1000000000);
    e.trace_slots = TraceWindow{range.first, range.second};
  }
  if (o.has("--trace-nodes")) {
    const auto range = parse_range("--trace-nodes", o.get("--trace-nodes", ""), n - 1);
    e.trace_first = static_cast<NodeId>(range.first);
    e.trace_last = static_cast<NodeId>(range.second);
  }
  cl.json_path = o.get("--json", "");
  if (!cl.json_path.empty()) check_writable("--json", cl.json_path);
  check_thread_capacity("--p", n);
  return cl;
}

void print_run(std::ostream& out, std::size_t index, const OcpcRunResult& r) {
  out << "run " << index << " (seed " << r.seed << "): " << r.slots << " slots, " << r.steps
      << " steps, " << r.delivered << "/" << r.packets << " delivered, " << r.collisions
      << " collisions";
  if (r.cross_bus_collisions) out << " (" << r.cross_bus_collisions << " row+column)";
  if (r.fallbacks) out << ", " << r.fallbacks << " fallbacks";
  if (r.recoveries) out << ", " << r.recoveries << " recoveries";
  out << ", max " << r.max_buffers << " buffers/node";
  if (r.hit_limit) out << ", STOPPED AT SLOT LIMIT";
  out << '\n';
  for (const auto& e : r.errors) out << "  error: " << e << '\n';
}

void write_json(std::ostream& out, const OcpcCommandLine& cl,
                const std::vector<OcpcRunResult>& runs, double elaboration, double simulation) {
  const OcpcExperimentConfig& e = cl.experiment;
  JsonWriter j(out);
  j.begin_object();
  j.field("network", cl.network);
  j.key("parameters").begin_object();
  j.field("p", e.shape.p).field("n", e.shape.n()).field("h", e.h);
  j.field("max_slots", e.max_slots).field("period_ns", e.period.to_seconds() * 1e9);
  j.end_object();
  j.field("protocol", e.protocol).field("traffic", cl.traffic_name).field("seed", cl.seed);
  j.key("runs").begin_array();
  for (const auto& r : runs) {
    j.begin_object();
    j.field("seed", r.seed).field("slots", r.slots).field("steps", r.steps);
    j.field("packets", r.packets).field("delivered", r.delivered);
    j.field("collisions", r.collisions).field("cross_bus_collisions", r.cross_bus_collisions);
    j.field("fallbacks", r.fallbacks).field("recoveries", r.recoveries);
    j.field("max_buffers", static_cast<std::uint64_t>(r.max_buffers));
    json_run_status(j, r);
    j.end_object();
  }
  j.end_array();
  j.key("summary").begin_object();
  json_summary(j, "slots", summarize(series(runs, &OcpcRunResult::slots)));
  json_summary(j, "steps", summarize(series(runs, &OcpcRunResult::steps)));
  json_summary(j, "fallbacks", summarize(series(runs, &OcpcRunResult::fallbacks)));
  json_summary(j, "recoveries", summarize(series(runs, &OcpcRunResult::recoveries)));
  json_finish(j, out, all_ok(runs), elaboration, simulation);
}

}  // namespace

int run_ocpc_command(const std::vector<std::string>& args) {
  const OcpcCommandLine cl = parse(args);  // UsageError: exit 2 (optinet_main)
  if (cl.help) {
    std::cout << ocpc_usage();
    return 0;
  }
  const OcpcExperimentConfig& e = cl.experiment;
  std::cout << (e.shape.topology == ocpc::Topology::kOcpc ? "OCPC" : "MOB-PC")
            << ", p = " << e.shape.p << ", n = " << e.shape.n() << ", h = " << e.h << ", protocol "
            << e.protocol << ", traffic " << cl.traffic_name << ", seed " << cl.seed << ", "
            << cl.runs << " run(s)\n";
  try {
    auto experiment = std::make_unique<OcpcExperiment>(e);
    const double elaboration = experiment->elaboration_seconds();
    double simulation = 0;
    const std::vector<OcpcRunResult> runs =
        run_series(*experiment, cl.seed, cl.runs, cl.quiet, print_run, simulation);
    experiment->close_trace();
    // Leave the network to process exit: SystemC's teardown of n modules is O(n^2).
    (void)experiment.release();
    const Summary steps = summarize(series(runs, &OcpcRunResult::steps));
    std::cout << std::fixed << std::setprecision(2) << "summary over " << runs.size()
              << " run(s): steps mean " << steps.mean << " sd " << steps.sd << " max " << steps.max
              << " min " << steps.min << " (slots = 2 * steps)\n";
    std::cout.unsetf(std::ios::floatfield);
    print_check_and_time(std::cout, runs, "", elaboration, simulation);
    if (!cl.json_path.empty()) {
      std::ofstream out(cl.json_path);
      write_json(out, cl, runs, elaboration, simulation);
      std::cout << "json: " << cl.json_path << '\n';
    }
    return all_ok(runs) ? 0 : 1;
  } catch (const std::exception& ex) {
    std::cerr << "optinet: error: " << ex.what() << '\n';
    return 1;
  }
}

}  // namespace optinet
