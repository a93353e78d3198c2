#include "testbenches/store_forward_command.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/json_writer.h"
#include "testbenches/option_values.h"
#include "testbenches/run_summary.h"
#include "testbenches/sf_experiment.h"
#include "testbenches/stats.h"
#include "testbenches/usage_error.h"

namespace optinet {

namespace {

// Largest network the command builds (2^20 nodes: memory, not the model, is the limit).
constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 20;

struct SfCommandLine {
  SfExperimentConfig experiment;
  std::string traffic_name = "identity";
  std::uint64_t runs = 1;
  std::uint64_t seed = 1;
  std::string json_path;
  bool quiet = false;
  bool help = false;
};

std::string usage(const std::string& network) {
  return "usage: optinet " + network +
         " [network options] [--protocol NAME] [--traffic identity|random|bit-reversal|"
         "transpose|partial] [--runs N] [--seed S] [--max-slots N] [--queue-capacity Q] "
         "[--discipline fifo|ftg] [--phase-b-start T] [--vcd FILE [--trace-nodes FIRST:LAST]] "
         "[--json FILE] [--quiet]\n"
         "network options: hypercube --n N (N = 2^n); shuffle --d D --n N (N = d^n); "
         "ccc --s S (N = s 2^s); shuffle-exchange --n N (N = 2^n); grid --n SIDE --k DIMS "
         "(N = n^k)\n"
         "protocols: hypercube cubes|basic|cubess; shuffle mshuffle|dshuffle; ccc ccc; "
         "shuffle-exchange se; grid gridk|grid3 (grid3: --k 2)\n";
}

std::uint64_t checked_nodes(const std::string& option, std::uint64_t nodes) {
  if (nodes > kMaxNodes) {
    throw UsageError(option + ": the network would have " + std::to_string(nodes) +
                     " nodes (at most " + std::to_string(kMaxNodes) + ")");
  }
  return nodes;
}

std::shared_ptr<const sf::SfGraph> make_graph(const std::string& network, const OptionValues& o) {
  if (network == "hypercube") {
    const auto n = parse_count("--n", o.get("--n", "6"), 1, 20);
    return std::make_shared<sf::HypercubeGraph>(static_cast<unsigned>(n));
  }
  if (network == "shuffle") {
    const auto d = parse_count("--d", o.get("--d", "2"), 2, 64);
    const auto n = parse_count("--n", o.get("--n", "4"), 1, 20);
    std::uint64_t nodes = 1;
    for (std::uint64_t i = 0; i < n && nodes <= kMaxNodes; ++i) nodes *= d;
    checked_nodes("--n", nodes);
    return std::make_shared<sf::ShuffleGraph>(static_cast<unsigned>(d), static_cast<unsigned>(n));
  }
  if (network == "ccc") {
    const auto s = parse_count("--s", o.get("--s", "3"), 2, 16);
    return std::make_shared<sf::CccGraph>(static_cast<unsigned>(s));
  }
  if (network == "shuffle-exchange") {
    const auto n = parse_count("--n", o.get("--n", "6"), 1, 20);
    return std::make_shared<sf::ShuffleExchangeGraph>(static_cast<unsigned>(n));
  }
  // grid
  const auto side = parse_count("--n", o.get("--n", "8"), 2, kMaxNodes);
  const auto k = parse_count("--k", o.get("--k", "2"), 1, 20);
  std::uint64_t nodes = 1;
  for (std::uint64_t i = 0; i < k && nodes <= kMaxNodes; ++i) nodes *= side;
  checked_nodes("--k", nodes);
  return std::make_shared<sf::GridGraph>(static_cast<unsigned>(side), static_cast<unsigned>(k));
}

std::vector<std::string> network_options(const std::string& network) {
  if (network == "hypercube" || network == "shuffle-exchange") return {"--n"};
  if (network == "shuffle") return {"--d", "--n"};
  if (network == "ccc") return {"--s"};
  return {"--n", "--k"};
}

SfCommandLine parse(const std::vector<std::string>& args) {
  const std::string& network = args.at(0);
  std::vector<std::string> valued = {
      "--protocol",   "--traffic",       "--runs", "--seed", "--max-slots",  "--queue-capacity",
      "--discipline", "--phase-b-start", "--vcd",  "--json", "--trace-nodes"};
  for (const std::string& o : network_options(network)) valued.push_back(o);
  const OptionValues o = collect_options(args, 1, valued, {"--quiet"});
  SfCommandLine cl;
  if (o.help) {
    cl.help = true;
    return cl;
  }
  SfExperimentConfig& e = cl.experiment;
  e.graph = make_graph(network, o);
  const std::vector<std::string> schemes = sf::scheme_names(*e.graph);
  e.protocol = o.get("--protocol", schemes.front());
  const std::string unavailable = sf::scheme_unavailable(e.protocol, *e.graph);
  if (!unavailable.empty()) throw UsageError("--protocol: " + unavailable);
  cl.traffic_name = o.get("--traffic", "identity");
  e.traffic = permutation_kind(cl.traffic_name);
  const std::string why = permutation_unavailable(e.traffic, e.graph->nodes());
  if (!why.empty()) throw UsageError("--traffic: " + why);
  cl.runs = parse_count("--runs", o.get("--runs", "1"), 1, 1000000);
  cl.seed = parse_count("--seed", o.get("--seed", "1"), 0, ~std::uint64_t{0});
  e.max_slots = parse_count("--max-slots", o.get("--max-slots", "100000"), 1, 1000000000);
  e.capacity = static_cast<unsigned>(
      parse_count("--queue-capacity", o.get("--queue-capacity", "0"), 0, 1000000));
  const std::string discipline = o.get("--discipline", "fifo");
  if (discipline == "fifo") {
    e.discipline = sf::Discipline::kFifo;
  } else if (discipline == "ftg") {
    e.discipline = sf::Discipline::kFurthestFirst;
  } else {
    throw UsageError("--discipline: '" + discipline + "' is not accepted (fifo or ftg)");
  }
  e.phase_b_start = parse_count("--phase-b-start", o.get("--phase-b-start", "0"), 0, 1000000000);
  if (o.has("--vcd")) {
    e.vcd_path = o.get("--vcd", "");
    check_writable("--vcd", e.vcd_path);
  }
  if (o.has("--trace-nodes")) {
    // FIRST:LAST, inclusive: a large network's VCD restricted to some nodes and their links.
    if (e.vcd_path.empty()) throw UsageError("--trace-nodes: needs --vcd FILE");
    const auto [first, last] =
        parse_range("--trace-nodes", o.get("--trace-nodes", ""), e.graph->nodes() - 1);
    e.trace_first = static_cast<NodeId>(first);
    e.trace_last = static_cast<NodeId>(last);
  }
  if (o.has("--json")) {
    cl.json_path = o.get("--json", "");
    check_writable("--json", cl.json_path);
  }
  cl.quiet = o.flags.count("--quiet") != 0;
  return cl;
}

void print_run(std::ostream& out, std::size_t index, const SfRunResult& r) {
  out << "run " << index << " (seed " << r.seed << "): " << r.slots << " slots (phase A "
      << r.phase_a_slots << ", phase B " << r.phase_b_slots << "), " << r.delivered << "/"
      << r.packets << " delivered, max node population " << r.max_node_population << " (phase A "
      << r.max_node_population_a << "), max queue " << r.max_queue << ", max delay " << r.max_delay;
  if (r.hit_limit) out << ", STOPPED AT SLOT LIMIT";
  out << '\n';
  for (const auto& e : r.errors) out << "  error: " << e << '\n';
}

void write_json(std::ostream& out, const std::string& network, const SfCommandLine& cl,
                const std::vector<SfRunResult>& runs, double elaboration, double simulation,
                std::uint64_t links) {
  const SfExperimentConfig& e = cl.experiment;
  JsonWriter j(out);
  j.begin_object();
  j.field("network", network);
  j.key("parameters").begin_object();
  for (const auto& [name, value] : e.graph->parameters()) j.field(name, value);
  j.field("nodes", e.graph->nodes()).field("links", links);
  j.field("queue_capacity", e.capacity).field("discipline", sf::discipline_name(e.discipline));
  j.field("phase_b_start", e.phase_b_start).field("max_slots", e.max_slots);
  j.end_object();
  j.field("protocol", e.protocol).field("traffic", cl.traffic_name).field("seed", cl.seed);
  j.key("runs").begin_array();
  for (const auto& r : runs) {
    j.begin_object();
    j.field("seed", r.seed).field("slots", r.slots);
    j.field("packets", r.packets).field("delivered", r.delivered);
    // Point-to-point links never collide: one sender per link, admitted by its far end.
    j.field("collisions", std::uint64_t{0});
    j.field("phase_a_slots", r.phase_a_slots).field("phase_b_slots", r.phase_b_slots);
    j.array("subphase_slots", r.subphase_slots);
    j.field("max_node_population", r.max_node_population);
    j.field("max_node_population_phase_a", r.max_node_population_a);
    j.field("max_queue", r.max_queue).field("max_delay", r.max_delay).field("hops", r.hops);
    json_run_status(j, r);
    j.end_object();
  }
  j.end_array();
  j.key("summary").begin_object();
  json_summary(j, "slots", summarize(series(runs, &SfRunResult::slots)));
  json_summary(j, "phase_a_slots", summarize(series(runs, &SfRunResult::phase_a_slots)));
  json_summary(j, "phase_b_slots", summarize(series(runs, &SfRunResult::phase_b_slots)));
  json_summary(j, "max_node_population",
               summarize(series(runs, &SfRunResult::max_node_population)));
  json_summary(j, "max_node_population_phase_a",
               summarize(series(runs, &SfRunResult::max_node_population_a)));
  json_summary(j, "max_queue", summarize(series(runs, &SfRunResult::max_queue)));
  json_finish(j, out, all_ok(runs), elaboration, simulation);
}

}  // namespace

int run_store_forward_command(const std::vector<std::string>& args) {
  const std::string& network = args.at(0);
  const SfCommandLine cl = parse(args);  // UsageError: the caller reports it, exit 2
  if (cl.help) {
    std::cout << usage(network);
    return 0;
  }
  const SfExperimentConfig& e = cl.experiment;
  std::cout << network << ", N = " << e.graph->nodes() << ", protocol " << e.protocol
            << ", traffic " << cl.traffic_name << ", discipline "
            << sf::discipline_name(e.discipline) << ", queue capacity "
            << (e.capacity ? std::to_string(e.capacity) : "unbounded") << ", seed " << cl.seed
            << ", " << cl.runs << " run(s)\n";
  try {
    auto experiment = std::make_unique<SfExperiment>(e);
    double simulation = 0;
    const std::vector<SfRunResult> runs =
        run_series(*experiment, cl.seed, cl.runs, cl.quiet, print_run, simulation);
    experiment->close_trace();
    const double elaboration = experiment->elaboration_seconds();
    const std::uint64_t links = experiment->network().links();
    // As the POPS command: leave the network to process exit (SystemC 2.3.4 tears modules
    // down in O(n^2)).
    (void)experiment.release();
    const auto print = [&](const char* what, const Summary& s) {
      std::cout << what << ": mean " << s.mean << ", sd " << s.sd << ", min " << s.min << ", max "
                << s.max << '\n';
    };
    std::cout << std::fixed << std::setprecision(2);
    print("slots", summarize(series(runs, &SfRunResult::slots)));
    print("phase A slots", summarize(series(runs, &SfRunResult::phase_a_slots)));
    print("phase B slots", summarize(series(runs, &SfRunResult::phase_b_slots)));
    print("max node population", summarize(series(runs, &SfRunResult::max_node_population)));
    print("max node population (phase A)",
          summarize(series(runs, &SfRunResult::max_node_population_a)));
    std::cout.unsetf(std::ios::floatfield);
    print_check_and_time(std::cout, runs, "", elaboration, simulation);
    if (!cl.json_path.empty()) {
      std::ofstream out(cl.json_path);
      write_json(out, network, cl, runs, elaboration, simulation, links);
    }
    return all_ok(runs) ? 0 : 1;
  } catch (const std::exception& ex) {
    std::cerr << "optinet: error: " << ex.what() << '\n';
    return 1;
  }
}

}  // namespace optinet
