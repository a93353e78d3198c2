#include "testbenches/sf/sf_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "models/core/rtl_models.h"
#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "testbenches/cli/fault_report.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet::sf {

namespace {

// Largest network the command builds (2^20 nodes: memory, not the model, is the limit).
constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 20;

// The largest network elaborated in the pins view unless --view says otherwise, in directed
// links: the pins view's elaboration and memory grow with them, about 0.17 ms and 30 KiB each
// (docs/cosimulation.md).
constexpr std::uint64_t kPinsDefaultMaxLinks = 4096;
// The same for open-loop runs, which last thousands of slots: there a pins slot costs 2-3x a
// grouped one up to 64 links, 5-9x at 160-384 and 20x at 960 (docs/benchmarks.md, "The two
// views"). Unless --rtl swaps a link of the pins view.
constexpr std::uint64_t kPinsDefaultMaxOpenLoopLinks = 64;

/// "a, b, c": the names of `models`.
std::string joined(const std::vector<std::string>& models) {
  std::string names;
  for (const std::string& m : models) names += (names.empty() ? "" : ", ") + m;
  return names;
}

/// --rtl link:U:V=MODEL[:lockstep] on `graph`: the link, named by its ends; throws UsageError.
sf::LinkInstance parse_rtl_link(const std::string& spec, const sf::SfGraph& graph) {
  const std::string accepted = "link:U:V=sf_link_stage[:lockstep]";
  const std::size_t equals = spec.find('=');
  const std::string where = spec.substr(0, equals);
  const std::size_t colon = where.find(':', 5);
  if (equals == std::string::npos || where.rfind("link:", 0) != 0 || colon == std::string::npos) {
    throw UsageError("--rtl: '" + spec + "' names no link (accepted: " + accepted + ")");
  }
  sf::LinkInstance l;
  const std::string network = graph.name() + " N = " + std::to_string(graph.nodes());
  const auto no_such_link = [&] {
    return UsageError("--rtl: " + network + " has no link '" + where +
                      "' (accepted: link:U:V, V a neighbour of node U, nodes 0.." +
                      std::to_string(graph.nodes() - 1) + ")");
  };
  try {
    l.source =
        static_cast<NodeId>(parse_count("--rtl", where.substr(5, colon - 5), 0, graph.nodes() - 1));
    l.target =
        static_cast<NodeId>(parse_count("--rtl", where.substr(colon + 1), 0, graph.nodes() - 1));
  } catch (const UsageError&) {
    throw no_such_link();
  }
  bool neighbour = false;
  for (unsigned label = 0; label < graph.degree(); ++label) {
    neighbour = neighbour || graph.neighbor(l.source, label) == l.target;
  }
  if (!neighbour) throw no_such_link();
  const RtlModelChoice choice = split_rtl_model(spec.substr(equals + 1));
  l.model = choice.model;
  l.lockstep = choice.lockstep;
  const std::vector<std::string>& models = sf::rtl_link_models();
  if (models.empty()) {
    throw UsageError("--rtl: " + l.model + " was not built (a build without Verilator)");
  }
  if (std::find(models.begin(), models.end(), l.model) != models.end()) return l;
  // A model of another boundary: its ports are not a link stage's.
  if (!rtl_model_boundary(l.model).empty()) {
    throw UsageError("--rtl: " + l.model +
                     "'s pins are not a link stage's (valid, data, ready each way; accepted: " +
                     joined(models) + ")");
  }
  throw UsageError("--rtl: no link stage model '" + l.model + "' (accepted: " + joined(models) +
                   ", optionally :lockstep)");
}

/// A network's size options: name, default, range and meaning.
struct SizeOption {
  const char* name;
  const char* fallback;
  std::uint64_t lo;
  std::uint64_t hi;
  const char* meaning;
};

std::vector<SizeOption> size_options(const std::string& network) {
  if (network == "hypercube") return {{"--n", "6", 1, 20, "dimension (N = 2^n)"}};
  if (network == "shuffle-exchange") return {{"--n", "6", 1, 20, "N = 2^n nodes"}};
  if (network == "shuffle") {
    return {{"--d", "2", 2, 64, "the d of the d-way shuffle"}, {"--n", "4", 1, 20, "N = d^n"}};
  }
  if (network == "ccc") return {{"--s", "3", 2, 16, "cycle length (N = s 2^s)"}};
  return {{"--n", "8", 2, kMaxNodes, "side of the grid"},
          {"--k", "2", 1, 20, "dimensions (N = n^k)"}};
}

/// base^exponent, or kMaxNodes + 1 if that is larger than kMaxNodes.
std::uint64_t capped_power(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t nodes = 1;
  for (std::uint64_t i = 0; i < exponent && nodes <= kMaxNodes; ++i) nodes *= base;
  return nodes;
}

/// The directed links of the graph (its edges that have a far end), as the network builds them.
std::uint64_t graph_links(const sf::SfGraph& graph) {
  std::uint64_t links = 0;
  for (NodeId x = 0; x < graph.nodes(); ++x) {
    for (unsigned label = 0; label < graph.degree(); ++label) {
      links += graph.neighbor(x, label) != kNoNode ? 1 : 0;
    }
  }
  return links;
}

void check_nodes(const std::string& option, std::uint64_t nodes) {
  if (nodes > kMaxNodes) {
    throw UsageError(option + ": the network would have more than " + std::to_string(kMaxNodes) +
                     " nodes");
  }
}

}  // namespace

std::unique_ptr<NetworkCommand> SfCommand::make(const std::string& network) {
  return std::make_unique<SfCommand>(network);
}

bool SfCommand::runs_open_loop() const { return network_ == "grid" || network_ == "hypercube"; }

std::string SfCommand::protocol_names() const {
  std::string names;
  for (const std::string& name : sf::scheme_names(network_)) {
    names += (names.empty() ? "" : ", ") + name;
  }
  return names;
}

std::string SfCommand::traffic_names() const {
  return permutation_kind_names() + ", " + relation_kind_name(RelationKind::kRandom);
}

std::string SfCommand::size_option() const {
  std::string names;
  for (const SizeOption& o : size_options(network_)) {
    names += (names.empty() ? "" : "/") + std::string(o.name);
  }
  return names;
}

std::string SfCommand::default_protocol() const {
  if (network_ == "hypercube") return "cubes";
  if (network_ == "shuffle") return "mshuffle";
  if (network_ == "ccc") return "ccc";
  if (network_ == "shuffle-exchange") return "se";
  return "gridk";
}

void SfCommand::add_options(CLI::App& app) {
  for (const SizeOption& o : size_options(network_)) {
    size_[o.name] = o.fallback;
    app.add_option(o.name, size_[o.name], o.meaning)
        ->check(count_in(o.lo, o.hi))
        ->capture_default_str();
  }
  app.add_option("--queue-capacity", capacity_, "packets per queue, 0 = unbounded")
      ->check(count_in(0, 1000000))
      ->capture_default_str();
  app.add_option("--discipline", discipline_, "fifo or ftg (furthest to go first)")
      ->capture_default_str();
  phase_b_start_option_ =
      app.add_option("--phase-b-start", phase_b_start_, "slot at which Phase B may start")
          ->check(count_in(0, 1000000000))
          ->capture_default_str();
  app.add_option("--phases", phases_,
                 "pipelined (a packet starts Phase B as it finishes Phase A) or separate (the "
                 "paper's set-up: Phase B starts everywhere after the last packet's Phase A, "
                 "queues shuffled)")
      ->capture_default_str();
  phase_window_option_ =
      app.add_option("--phase-window", phase_window_,
                     "W > 0: sub-phase s runs in slots [s W, (s+1) W), early packets wait, late "
                     "ones go on at once (Theorem 4: W = n + K n^(1/2))")
          ->check(count_in(1, 1000000000));
  app.add_option("--trace-nodes", trace_nodes_, "trace only nodes A:B and their links");
  app.add_option("--view", view_,
                 "pins (every node and link a module with pins) or grouped (the scaled "
                 "elaboration); default: pins up to " +
                     std::to_string(kPinsDefaultMaxLinks) + " links, " +
                     std::to_string(kPinsDefaultMaxOpenLoopLinks) +
                     " with open-loop traffic (grouped with --node-processes, and for a search "
                     "or a curve), grouped above");
  app.add_option("--rtl", rtl_specs_,
                 "in the pins view, swap the link from node U to node V for verilated RTL "
                 "(repeatable): link:U:V=sf_link_stage[:lockstep] (lockstep: beside the "
                 "behavioural link, a difference fails the run)");
  app.add_flag("--node-processes", config_.node_processes,
               "one SC_METHOD per node, the reference schedule (same runs, a third to a "
               "half of the speed), instead of the network's one process stepping the nodes");
  app.add_option("--h", h_, "the h of --traffic random-h-relation or --relation-file (default 1)");
  app.add_option("--relation-file", relation_file_,
                 "'source destination' lines, '#' comments; checked against --h")
      ->check(path_given());
}

std::shared_ptr<const sf::SfGraph> SfCommand::make_graph() const {
  const auto size = [&](const char* option) {
    return static_cast<unsigned>(*read_count(size_.at(option)));  // checked by count_in
  };
  if (network_ == "hypercube") return std::make_shared<sf::HypercubeGraph>(size("--n"));
  if (network_ == "shuffle-exchange")
    return std::make_shared<sf::ShuffleExchangeGraph>(size("--n"));
  if (network_ == "ccc") return std::make_shared<sf::CccGraph>(size("--s"));
  if (network_ == "shuffle") {
    check_nodes("--n", capped_power(size("--d"), size("--n")));
    return std::make_shared<sf::ShuffleGraph>(size("--d"), size("--n"));
  }
  check_nodes("--k", capped_power(size("--n"), size("--k")));
  return std::make_shared<sf::GridGraph>(size("--n"), size("--k"));
}

void SfCommand::configure(CommonOptions& common) {
  SfExperimentConfig& e = config_;
  device_given_ = !common.device_path.empty();
  e.graph = make_graph();
  e.protocol = common.protocol;
  const std::string unavailable = sf::scheme_unavailable(e.protocol, *e.graph);
  if (!unavailable.empty()) throw UsageError("--protocol: " + unavailable);
  e.max_slots = common.max_slots;
  if (common.open_loop && (h_ || !relation_file_.empty())) {
    throw UsageError(std::string(h_ ? "--h" : "--relation-file") +
                     ": an h-relation run's option, not open loop's (--traffic " + common.traffic +
                     ")");
  }
  if (common.open_loop) {
    if (phase_b_start_option_->count() > 0) {
      throw UsageError(
          "--phase-b-start: a permutation run's option; an open-loop packet starts Phase B as "
          "it finishes Phase A");
    }
    const std::string why = open_loop_unavailable(*common.open_loop, e.graph->nodes(), e.max_slots);
    if (!why.empty()) throw UsageError(why);
    e.open_loop = common.open_loop;
    device_ = common.device;
  } else if (!relation_file_.empty() ||
             common.traffic == relation_kind_name(RelationKind::kRandom)) {
    configure_relation(common);
  } else {
    if (h_) throw UsageError("--h: needs --traffic random-h-relation or --relation-file");
    try {
      e.traffic = permutation_kind(common.traffic);
    } catch (const UsageError&) {
      // The permutation reader's message names --permutation-file, which this family lacks.
      throw UsageError("--traffic: unknown pattern '" + common.traffic +
                       "' (accepted: " + traffic_names() +
                       (runs_open_loop() ? "; open loop: " + open_loop_traffic_names() : "") + ")");
    }
    const std::string why = permutation_unavailable(e.traffic, e.graph->nodes());
    if (!why.empty()) throw UsageError("--traffic: " + why);
  }
  e.period = common.period();
  e.capacity = static_cast<unsigned>(*read_count(capacity_));
  if (e.capacity != 0 && e.open_loop && e.open_loop->request_reply) {
    throw UsageError(
        "--queue-capacity: not with --traffic request-reply (requests and replies share the "
        "link queues, so full queues of requests could hold every reply back: a "
        "message-dependent deadlock; unbounded queues serve both)");
  }
  if (discipline_ == "fifo") {
    e.discipline = sf::Discipline::kFifo;
  } else if (discipline_ == "ftg") {
    e.discipline = sf::Discipline::kFurthestFirst;
  } else {
    throw UsageError("--discipline: '" + discipline_ + "' is not accepted (fifo or ftg)");
  }
  e.phase_b_start = *read_count(phase_b_start_);
  if (phase_b_start_option_->count() > 0) {
    check_within_run("--phase-b-start", phase_b_start_, e.phase_b_start, e.max_slots,
                     "a slot below --max-slots");
  }
  if (phases_ != "pipelined" && phases_ != "separate") {
    throw UsageError("--phases: '" + phases_ + "' is not accepted (pipelined or separate)");
  }
  e.separate_phases = phases_ == "separate";
  if (e.separate_phases && e.open_loop) {
    throw UsageError("--phases: separate phases are a permutation run's set-up, not open loop's");
  }
  if (e.separate_phases && phase_b_start_option_->count() > 0) {
    throw UsageError("--phase-b-start: not with --phases separate (Phase B starts after Phase A)");
  }
  if (phase_window_option_->count() > 0) {
    if (e.open_loop)
      throw UsageError("--phase-window: a permutation run's option, not open loop's");
    if (e.separate_phases || phase_b_start_option_->count() > 0) {
      throw UsageError("--phase-window: not with --phases separate or --phase-b-start");
    }
    e.phase_window = *read_count(phase_window_);  // checked by count_in
    // The first window ends in slot W: from there on the windows order the sub-phases.
    check_within_run("--phase-window", phase_window_, e.phase_window, e.max_slots,
                     "W below --max-slots");
  }
  e.vcd_path = common.vcd_path;
  e.link_power_mw =
      dbm_to_mw(link_budget(common.device, MediumKind::kPointToPoint, 1).received_power_dbm);
  configure_view(common);
  if (trace_nodes_) {
    // FIRST:LAST, inclusive: a large network's VCD restricted to some nodes and their links.
    if (e.vcd_path.empty()) throw UsageError("--trace-nodes: needs --vcd FILE");
    const auto [first, last] = parse_range("--trace-nodes", *trace_nodes_, e.graph->nodes() - 1);
    e.trace_first = static_cast<NodeId>(first);
    e.trace_last = static_cast<NodeId>(last);
  }
}

void SfCommand::configure_view(CommonOptions& common) {
  if (view_ && *view_ != "pins" && *view_ != "grouped") {
    throw UsageError("--view: unknown '" + *view_ + "' (accepted: pins, grouped)");
  }
  // The default is the view that has what the options ask for: --node-processes is a schedule
  // of the grouped view (the pins view's nodes are processes of their own).
  if (config_.node_processes) {
    refuse_rtl_with(!rtl_specs_.empty(), "--node-processes",
                    "--node-processes is a schedule of the grouped view");
  }
  const std::uint64_t limit =
      common.open_loop && rtl_specs_.empty() ? kPinsDefaultMaxOpenLoopLinks : kPinsDefaultMaxLinks;
  const bool small = config_.graph->nodes() <= limit && graph_links(*config_.graph) <= limit;
  const bool pins =
      view_ ? *view_ == "pins"
            : default_view_is_pins(small && !config_.node_processes, !rtl_specs_.empty(), common);
  if (pins && config_.node_processes) {
    throw UsageError(
        "--node-processes: a schedule of the grouped view (the pins view's nodes are "
        "processes of their own); accepted with --view grouped");
  }
  config_.view = pins ? NetworkView::kPins : NetworkView::kGrouped;
  for (const std::string& spec : rtl_specs_) {
    const sf::LinkInstance l = parse_rtl_link(spec, *config_.graph);
    for (const sf::LinkInstance& other : config_.rtl_links) {
      if (other.source == l.source && other.target == l.target) {
        throw UsageError("--rtl: link:" + std::to_string(l.source) + ":" +
                         std::to_string(l.target) + " is named twice");
      }
    }
    config_.rtl_links.push_back(l);
  }
  require_pins_view_for_rtl(!config_.rtl_links.empty(), pins, view_.has_value(), "link",
                            "more than " + std::to_string(kPinsDefaultMaxLinks) + " links");
  require_rtl_period(!config_.rtl_links.empty(), config_.period.to_seconds() * 1e9);
}

void SfCommand::configure_relation(CommonOptions& common) {
  SfExperimentConfig& e = config_;
  const auto n = static_cast<std::uint32_t>(e.graph->nodes());
  e.h = static_cast<std::uint32_t>(parse_count("--h", h_.value_or("1"), 1, 1024));
  if (!relation_file_.empty()) {
    if (common.traffic_given)
      throw UsageError("--relation-file: cannot be combined with --traffic");
    e.relation = RelationKind::kFile;
    common.traffic = "file";
  } else {
    e.relation = RelationKind::kRandom;
  }
  e.file_relation = checked_relation(*e.relation, relation_file_, n, e.h, false);
}

std::string SfCommand::banner() const {
  const SfExperimentConfig& e = config_;
  return network_ + ", N = " + std::to_string(e.graph->nodes()) + ", protocol " + e.protocol +
         ", discipline " + sf::discipline_name(e.discipline) + ", queue capacity " +
         (e.capacity ? std::to_string(e.capacity) : "unbounded") + ", view " +
         network_view_name(e.view);
}

Json SfCommand::parameters() const {
  const SfExperimentConfig& e = config_;
  Json p = Json::object();
  for (const auto& [name, value] : e.graph->parameters()) p[name] = value;
  p["nodes"] = e.graph->nodes();
  p["links"] = links_ != 0 ? links_ : graph_links(*e.graph);
  p["queue_capacity"] = e.capacity;
  p["discipline"] = sf::discipline_name(e.discipline);
  p["phase_b_start"] = e.phase_b_start;
  p["phases"] = e.separate_phases ? "separate" : "pipelined";
  if (e.relation) p["h"] = e.h;
  if (e.phase_window) p["phase_window"] = e.phase_window;
  p["max_slots"] = e.max_slots;
  p["view"] = network_view_name(e.view);
  if (!e.faults.empty()) p["faults"] = fault_parameters(e.faults);
  return p;
}

FaultTargets SfCommand::fault_targets() const {
  FaultTargets t;
  const std::shared_ptr<const sf::SfGraph> graph = config_.graph;
  t.network = network_ + " N = " + std::to_string(graph->nodes());
  t.nodes = graph->nodes();
  t.link = [graph](std::uint32_t u, std::uint32_t v) {
    for (unsigned label = 0; label < graph->degree(); ++label) {
      if (graph->neighbor(u, label) == v) return true;
    }
    return false;
  };
  t.links_text = "U:V from node U to one of its neighbours V (nodes 0.." +
                 std::to_string(graph->nodes() - 1) + ")";
  t.jammers = t.ber = true;
  return t;
}

void SfCommand::set_faults(FaultPlan plan) { config_.faults = std::move(plan); }

std::vector<std::string> SfCommand::summary_fields() const {
  if (config_.open_loop) return open_loop_summary_fields();
  if (config_.phase_window) {
    return {"slots", "phase_a_slots", "phase_b_slots", "window_overruns", "max_node_population"};
  }
  return {"slots",
          "phase_a_slots",
          "phase_b_slots",
          "max_node_population",
          "max_node_population_phase_a",
          "max_node_population_phase_b",
          "max_queue"};
}

CapacityBound SfCommand::routing_bound() const {
  if (!config_.open_loop) return {};
  return sf_capacity(*config_.graph, config_.protocol, *config_.open_loop);
}

HardwareBound SfCommand::hardware_bound(std::size_t max_lp_variables) const {
  if (!config_.open_loop) return {};
  return sf_hardware_bound(*config_.graph, *config_.open_loop, max_lp_variables);
}

ProtocolCapacity SfCommand::protocol_capacity() const {
  if (!config_.open_loop) return {};
  return sf_protocol_capacity(*config_.graph, config_.protocol, *config_.open_loop);
}

Json SfCommand::power_budget(const DeviceParameters& device) const {
  // A closed-loop report has the budget only when asked for (--device): without it, it stays
  // as it was.
  if (!config_.open_loop && !device_given_) return Json::object();
  return network_budget_json(device, optics());
}

NetworkOptics SfCommand::optics() const {
  // One transmitter and one receiver per directed link.
  const std::uint64_t links = links_ != 0 ? links_ : graph_links(*config_.graph);
  return NetworkOptics{"link", MediumKind::kPointToPoint, 1, {links, links}, {}};
}

double SfCommand::elaborate() {
  const double seconds = ExperimentCommand::elaborate();
  links_ = experiment_->network().links();
  if (config_.open_loop) link_names_ = experiment_->link_names();
  return seconds;
}

RunRecord SfCommand::run(std::uint64_t seed) {
  const SfRunResult r = experiment_->run(seed);
  RunRecord record = record_of(r);
  record.deadlock = r.deadlock;
  // Point-to-point links never collide: one sender per link, admitted by its far end.
  record.fields = Json{{"seed", r.seed},
                       {"slots", r.slots},
                       {"packets", r.packets},
                       {"delivered", r.delivered},
                       {"collisions", 0},
                       {"phase_a_slots", r.phase_a_slots},
                       {"phase_b_slots", r.phase_b_slots},
                       {"subphase_slots", r.subphase_slots},
                       {"max_node_population", r.max_node_population},
                       {"max_node_population_phase_a", r.max_node_population_a},
                       {"max_node_population_phase_b", r.max_node_population_b},
                       {"max_node_population_phase_a_in_transit", r.max_node_population_a_transit},
                       {"max_queue", r.max_queue},
                       {"max_delay", r.max_delay},
                       {"hops", r.hops}};
  if (config_.phase_window) record.fields["window_overruns"] = r.window_overruns;
  record.description = std::to_string(r.slots) + " slots (phase A " +
                       std::to_string(r.phase_a_slots) + ", phase B " +
                       std::to_string(r.phase_b_slots) + "), " + std::to_string(r.delivered) + "/" +
                       std::to_string(r.packets) + " delivered, max node population " +
                       std::to_string(r.max_node_population) + " (phase A " +
                       std::to_string(r.max_node_population_a) + ", phase B " +
                       std::to_string(r.max_node_population_b) + "), max queue " +
                       std::to_string(r.max_queue) + ", max delay " + std::to_string(r.max_delay);
  if (config_.phase_window) {
    record.description +=
        ", " + std::to_string(r.window_overruns) + " sub-phases past their window";
  }
  report_faults(record, experiment_->faults(), r.faults);
  if (r.open_loop) {
    std::vector<NamedMedium> media;
    media.reserve(r.links.size());
    for (std::size_t k = 0; k < r.links.size(); ++k) {
      media.push_back(NamedMedium{link_names_.at(k), r.links[k], 1});
    }
    record.description += open_loop_description(record.fields, *r.open_loop, r.saturated);
    add_media_fields(record.fields, media, r.open_loop->window_slots, r.open_loop->window_delivered,
                     device_, physical_budget(device_, optics()));
  }
  return record;
}

}  // namespace optinet::sf
