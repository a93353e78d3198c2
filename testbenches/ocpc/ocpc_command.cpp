#include "testbenches/ocpc/ocpc_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdlib>

#include "models/topology/split_hash_embedding.h"
#include "protocols/funnel/funnel_phases.h"
#include "protocols/ocpc/dmob_funnel.h"
#include "protocols/ocpc/registry.h"
#include "testbenches/cli/fault_report.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet::ocpc {

namespace {

constexpr std::uint64_t kMaxOcpcNodes = std::uint64_t{1} << 18;
constexpr std::uint64_t kMaxMobSide = 512;
constexpr std::uint64_t kMaxDmobDim = 18;  // K >= 2 and K^D <= kMaxOcpcNodes
// The largest OCPC or MOB-PC elaborated in the pins view unless --view says otherwise, in
// processors: the pins view's elaboration and memory grow with them (docs/cosimulation.md).
constexpr std::uint64_t kPinsDefaultMaxProcessors = 1024;

/// gjlr's schedule scales, in the order of OcpcCommand::gjlr_scales_. They multiply: the
/// thinning phases are scaled by --gjlr-scale x --gjlr-c3-scale, the compactions by
/// --gjlr-scale x --gjlr-compaction-scale.
struct GjlrScaleOption {
  const char* name;
  const char* json;  ///< its key in the JSON parameters
  const char* what;  ///< the constants it multiplies
  double ocpc::gjlr::Constants::*field;
};
constexpr std::array<GjlrScaleOption, 3> kGjlrScales{{
    {"--gjlr-scale", "gjlr_scale", "the schedule's constants c3 and compaction_c",
     &ocpc::gjlr::Constants::scale},
    {"--gjlr-c3-scale", "gjlr_c3_scale", "the thinning constant c3 (times --gjlr-scale)",
     &ocpc::gjlr::Constants::c3_scale},
    {"--gjlr-compaction-scale", "gjlr_compaction_scale",
     "the approximate compaction constant compaction_c (times --gjlr-scale)",
     &ocpc::gjlr::Constants::compaction_scale},
}};

/// Why `text` is not a gjlr schedule scale ("" if it is); `what` as in GjlrScaleOption.
std::string gjlr_scale_rejection(const std::string& text, const std::string& what) {
  const bool number = positive_rejection(text).empty();
  const std::string why = ocpc::gjlr::scale_rejection(number ? *read_number(text) : 0.0, what);
  if (why.empty()) return "";
  std::string shown = text.substr(0, 40);
  for (char& ch : shown) {
    if (ch < 0x20 || ch > 0x7e) ch = '?';
  }
  return "'" + shown + "' is not accepted (" + why + ")";
}

// The verilated receiver stage's top module, as --rtl names it.
constexpr const char* kReceiverModel = "ocpc_bus_receiver";

/// --rtl receiver:NODE=MODEL[:lockstep] on the OCPC with p processors; throws UsageError.
ocpc::ReceiverInstance parse_rtl_receiver(const std::string& spec, std::uint32_t p) {
  const std::string accepted = std::string("receiver:NODE=") + kReceiverModel + "[:lockstep]";
  const std::size_t equals = spec.find('=');
  const std::string where = spec.substr(0, equals);
  if (equals == std::string::npos || where.rfind("receiver:", 0) != 0) {
    throw UsageError("--rtl: '" + spec + "' names no receiver of the OCPC (accepted: " + accepted +
                     ")");
  }
  ocpc::ReceiverInstance r;
  try {
    r.node = static_cast<NodeId>(parse_count("--rtl", where.substr(9), 0, p - 1));
  } catch (const UsageError&) {
    throw UsageError("--rtl: the OCPC with p = " + std::to_string(p) + " has no receiver '" +
                     where + "' (accepted: receiver:NODE with NODE in 0.." + std::to_string(p - 1) +
                     ")");
  }
  const RtlModelChoice choice = split_rtl_model(spec.substr(equals + 1));
  r.model = choice.model;
  r.lockstep = choice.lockstep;
  const std::vector<std::string>& models = ocpc::rtl_receiver_models();
  if (models.empty()) {
    throw UsageError("--rtl: " + r.model + " was not built (a build without Verilator)");
  }
  if (std::find(models.begin(), models.end(), r.model) == models.end()) {
    std::string names;
    for (const std::string& m : models) names += (names.empty() ? "" : ", ") + m;
    throw UsageError("--rtl: no receiver model '" + r.model + "' (accepted: " + names +
                     ", optionally :lockstep)");
  }
  if (p > ocpc::kRtlReceiverLanes) {
    throw UsageError("--rtl: " + r.model + " has " + std::to_string(ocpc::kRtlReceiverLanes) +
                     " transmitter ports, fewer than p = " + std::to_string(p));
  }
  return r;
}

}  // namespace

OcpcCommand::OcpcCommand(ocpc::Topology topology) {
  config_.shape.topology = topology;
  p_ = dmob() || mob() ? "4" : "16";
}

std::unique_ptr<NetworkCommand> OcpcCommand::make(const std::string& network) {
  return std::make_unique<OcpcCommand>(network == "mob"    ? ocpc::Topology::kMob
                                       : network == "dmob" ? ocpc::Topology::kDmob
                                                           : ocpc::Topology::kOcpc);
}

std::string OcpcCommand::default_protocol() const {
  return dmob() ? "dim-order" : mob() ? "row-column" : "coinflip";
}

std::uint64_t OcpcCommand::buses() const {
  if (config_.shape.topology == ocpc::Topology::kOcpc) return 1;
  const topology::DmobIndexing mesh = config_.shape.mesh();
  return std::uint64_t{mesh.dim()} * mesh.lines_per_dimension();
}

std::vector<std::string> OcpcCommand::bus_basenames() const {
  std::vector<std::string> names;
  if (mob()) {
    for (std::uint32_t k = 0; k < config_.shape.p; ++k)
      names.push_back("row_bus" + std::to_string(k));
    for (std::uint32_t k = 0; k < config_.shape.p; ++k)
      names.push_back("col_bus" + std::to_string(k));
  } else if (dmob()) {
    const topology::DmobIndexing mesh = config_.shape.mesh();
    for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
      for (std::uint32_t line = 0; line < mesh.lines_per_dimension(); ++line)
        names.push_back("bus_d" + std::to_string(j) + "_" + std::to_string(line));
    }
  } else {
    names = {"bus"};
  }
  return names;
}

std::string OcpcCommand::size_text() const {
  const ocpc::OcpcShape& s = config_.shape;
  return dmob() ? "k = " + std::to_string(s.p) + ", dim = " + std::to_string(s.dim)
                : "p = " + std::to_string(s.p);
}

void OcpcCommand::add_options(CLI::App& app) {
  if (dmob()) {
    app.add_option("--k", p_,
                   "the edge size K (N = K^D processors); funnel, random-function and h-relation "
                   "need K >= a*D (K >= 6 at the default a = 2, D = 3), random-function K >= 2aD")
        ->check(count_in(2, kMaxOcpcNodes))
        ->capture_default_str();
    app.add_option("--dim", dim_, "the dimension D")
        ->check(count_in(1, kMaxDmobDim))
        ->capture_default_str();
  } else {
    const std::uint64_t max_p = mob() ? kMaxMobSide : kMaxOcpcNodes;
    app.add_option("--p", p_, mob() ? "the side of the p x p MOB-PC (n = p*p)" : "processors")
        ->check(count_in(2, max_p))
        ->capture_default_str();
  }
  if (dmob()) {
    split_hash_.add_to(app, "funnel, random-function, h-relation: ");
    h_relation_.add_to(app, "h-relation: ");
  }
  app.add_option("--h", h_, "the h of the h-relation (default 1; lower-bound: 2)");
  app.add_option("--relation-file", relation_file_,
                 "'source destination' lines, '#' comments; checked against h")
      ->check(path_given());
  trace_.add_options(app, "trace only processors A:B (every bus is traced)");
  app.add_option("--view", view_,
                 std::string("pins (every processor, bus and receiver a module with pins) or "
                             "grouped (the scaled elaboration); default: pins up to ") +
                     (mob() || dmob() ? "n = " : "p = ") +
                     std::to_string(kPinsDefaultMaxProcessors) +
                     (dmob() ? " (grouped with --trace-slots)"
                             : " (grouped with --trace-slots, and for a search or a curve)") +
                     ", grouped above");
  if (config_.shape.topology == ocpc::Topology::kOcpc) {
    app.add_option("--rtl", rtl_specs_,
                   std::string("in the pins view, swap processor NODE's receiver for verilated "
                               "RTL (repeatable): receiver:NODE=") +
                       kReceiverModel +
                       "[:lockstep] (lockstep: beside the behavioural receiver, a difference "
                       "fails the run)");
  }
  // gjlr's options only where gjlr runs (not on dmob): an option is one this network can use.
  const bool gjlr = ocpc::protocol_unavailable("gjlr", config_.shape.topology).empty();
  for (std::size_t i = 0; gjlr && i < kGjlrScales.size(); ++i) {
    const std::string what = kGjlrScales[i].what;
    app.add_option(kGjlrScales[i].name, gjlr_scales_[i], "gjlr: multiply " + what + " (default 1)")
        ->check(
            CLI::Validator([what](std::string& text) { return gjlr_scale_rejection(text, what); },
                           "NUMBER in (0, 16]"));
  }
  if (mob()) {
    app.add_flag("--gjlr-lemma4", gjlr_lemma4_,
                 "gjlr: steps 1-2 with Lemma 4's symmetry steps (collection, random winner)");
  }
}

std::string OcpcCommand::protocol_names() const {
  return ocpc::protocol_names(config_.shape.topology);
}

std::string OcpcCommand::traffic_names() const {
  return dmob() ? "random-function, " + relation_kind_names() : relation_kind_names();
}

void OcpcCommand::configure(CommonOptions& common) {
  OcpcExperimentConfig& e = config_;
  e.shape.p = static_cast<std::uint32_t>(*read_count(p_));  // checked by count_in
  if (dmob()) {
    e.shape.dim = static_cast<std::uint32_t>(*read_count(dim_));  // checked by count_in
    if (!topology::DmobIndexing::fits(e.shape.p, e.shape.dim, kMaxOcpcNodes)) {
      throw UsageError(
          "--dim: K^D = " + p_ + "^" + dim_ +
          " processors is too many (accepted: K^D <= " + std::to_string(kMaxOcpcNodes) + ")");
    }
  }
  const std::uint32_t n = e.shape.n();
  e.protocol = common.protocol;
  const std::string unavailable = ocpc::protocol_unavailable(e.protocol, e.shape.topology);
  if (!unavailable.empty()) throw UsageError("--protocol: " + unavailable);
  device_ = common.device;
  for (std::size_t i = 0; i < kGjlrScales.size(); ++i) {
    if (!gjlr_scales_[i]) continue;
    const std::string name = kGjlrScales[i].name;
    if (e.protocol != "gjlr") {
      throw UsageError(name + ": applies to --protocol gjlr only (not " + e.protocol + ")");
    }
    const std::string why = gjlr_scale_rejection(*gjlr_scales_[i], kGjlrScales[i].what);
    if (!why.empty()) throw UsageError(name + ": " + why);
    e.options.gjlr.*kGjlrScales[i].field = *read_number(*gjlr_scales_[i]);
  }
  if (gjlr_lemma4_) {
    if (e.protocol != "gjlr") {
      throw UsageError("--gjlr-lemma4: applies to --protocol gjlr only (not " + e.protocol + ")");
    }
    e.options.gjlr.lemma4 = true;
  }
  configure_funnel();
  e.max_slots = common.max_slots;
  if (common.open_loop) {
    const std::string closed = ocpc::open_loop_unavailable(e.protocol, e.shape.topology);
    if (!closed.empty()) throw UsageError("--protocol: " + closed);
    if (h_) throw UsageError("--h: an h-relation's h; open-loop traffic has a --rate instead");
    if (!relation_file_.empty()) {
      throw UsageError("--relation-file: cannot be combined with --traffic " + common.traffic);
    }

    // TDMA's schedule: p - 1 shifts, each in a row slot and a column slot on the MOB-PC.
    if (e.protocol == "tdma") {
      const std::uint64_t shifts = e.shape.p - 1;
      common.open_loop->steady.schedule_period =
          e.shape.topology == ocpc::Topology::kMob ? 2 * shifts : shifts;
    }
    const std::string why = open_loop_unavailable(*common.open_loop, n, e.max_slots);
    if (!why.empty()) throw UsageError(why);
    e.open_loop = common.open_loop;
  }

  if (e.open_loop) {
    e.h = 1;
  } else if (!relation_file_.empty()) {
    if (common.traffic_given) {
      throw UsageError("--relation-file: cannot be combined with --traffic");
    }
    e.traffic = RelationKind::kFile;
    common.traffic = "file";
  } else if (dmob() && common.traffic == "random-function") {
    if (e.protocol != "random-function") {
      throw UsageError(
          "--traffic: random functions are routed by --protocol random-function "
          "(not " +
          e.protocol + ")");
    }
    e.random_function = true;
  } else {
    e.traffic = relation_kind(common.traffic);
  }
  if (!e.open_loop) {
    const std::uint32_t default_h = e.traffic == RelationKind::kFile ? 1 : minimum_h(e.traffic);
    e.h = static_cast<std::uint32_t>(
        parse_count("--h", h_.value_or(std::to_string(default_h)), 1, 1024));
    configure_funnel_h();
    if (!e.random_function) {  // a random function has one packet per node by construction
      e.file_relation = checked_relation(e.traffic, relation_file_, n, e.h, h_.has_value());
    }
  }
  e.period = common.period();
  e.vcd_path = common.vcd_path;
  e.device = common.device;
  trace_.configure(e.vcd_path, n - 1, e.max_slots, e.trace_slots, e.trace_first, e.trace_last);
  configure_view(common);
}

void OcpcCommand::configure_view(CommonOptions& common) {
  if (trace_.slots) {
    refuse_rtl_with(!rtl_specs_.empty(), "--trace-slots",
                    "--trace-slots records some slots of the grouped view");
  }
  const bool pins_by_default =
      !view_ && default_view_is_pins(config_.shape.n() <= kPinsDefaultMaxProcessors,
                                     !rtl_specs_.empty(), common);
  config_.view = choose_view(view_, pins_by_default, trace_);
  const bool pins = config_.view == NetworkView::kPins;
  for (const std::string& spec : rtl_specs_) {
    const ocpc::ReceiverInstance r = parse_rtl_receiver(spec, config_.shape.p);
    for (const ocpc::ReceiverInstance& other : config_.rtl_receivers) {
      if (other.node == r.node) {
        throw UsageError("--rtl: receiver:" + std::to_string(r.node) + " is named twice");
      }
    }
    config_.rtl_receivers.push_back(r);
  }
  require_pins_view_for_rtl(!config_.rtl_receivers.empty(), pins, view_.has_value(), "receiver",
                            "p above " + std::to_string(kPinsDefaultMaxProcessors));
  require_rtl_period(!config_.rtl_receivers.empty(), config_.period.to_seconds() * 1e9);
}

bool OcpcCommand::funnel() const {
  const ocpc::ProtocolInfo* info = ocpc::find_protocol(config_.protocol);
  return dmob() && info != nullptr && info->split_hash;
}

void OcpcCommand::configure_funnel() {
  if (!funnel()) {
    if (const char* given = split_hash_.first_given()) {
      throw UsageError(std::string(given) +
                       ": applies to --protocol funnel, random-function or h-relation only (not " +
                       config_.protocol + ")");
    }
    return;
  }
  const splithash::SplitHashValues values = split_hash_.parse(config_.shape.p, config_.shape.dim);
  ocpc::DmobFunnelOptions& f = config_.options.funnel;
  f.a = values.shape.a;
  f.network_seed = values.network_seed;
  f.batches = values.batches;
  f.round_limit = values.round_limit;
  const ocpc::ProtocolInfo& info = *ocpc::find_protocol(config_.protocol);
  if (info.shape_unavailable != nullptr) {
    if (const std::string why = info.shape_unavailable(values.shape); !why.empty()) {
      throw UsageError("--protocol: " + config_.protocol +
                       " cannot serve k = " + std::to_string(config_.shape.p) + ", dim " +
                       std::to_string(config_.shape.dim) + ", a = " + std::to_string(f.a) + ": " +
                       why);
    }
  }
}

void OcpcCommand::configure_funnel_h() {
  const OcpcExperimentConfig& e = config_;
  const bool h_relations = funnel() && ocpc::find_protocol(e.protocol)->h_relations;
  if (const std::string given = h_relation_.first_given(); !given.empty() && !h_relations) {
    throw UsageError(given + ": applies to --protocol h-relation only (not " + e.protocol + ")");
  }
  if (!funnel()) return;
  if (h_relations) {
    ocpc::DmobFunnelOptions& f = config_.options.funnel;
    h_relation_.parse(splithash::SplitHashShape{e.shape.p, e.shape.dim, f.a}, e.h, e.protocol,
                      f.thinning, f.applications);
  } else if (e.h != 1) {
    throw UsageError(std::string(h_ ? "--h" : "--traffic") + ": protocol " + e.protocol +
                     (e.protocol == "funnel" ? " routes permutations (h = 1)"
                                             : " takes one packet per node (h = 1; h-relations: "
                                               "--protocol h-relation)"));
  }
}

std::uint64_t OcpcCommand::funnel_table_bytes() const {
  return ocpc::DmobFunnelPlan::table_bytes(
      splithash::SplitHashShape{config_.shape.p, config_.shape.dim, config_.options.funnel.a});
}

Json OcpcCommand::funnel_parameters() const {
  const ocpc::DmobFunnelOptions& f = config_.options.funnel;
  const splithash::SplitHashShape shape{config_.shape.p, config_.shape.dim, f.a};
  Json levels = Json::array();
  for (std::uint32_t i = 1; i < shape.depth; ++i) {
    levels.push_back(Json{{"level", i},
                          {"functions", shape.functions(i)},
                          {"block_size", shape.block_size(i)},
                          {"psi_per_function", splithash::SplitHashEmbedding::parts(shape, i)},
                          {"route_phases", ocpc::DmobFunnelPlan::phases(i)},
                          {"round_bound", shape.round_bound(i)}});
  }
  Json j{{"a", f.a},
         {"network_seed", f.network_seed},
         {"batches", f.batches},
         {"round_limit", f.round_limit},
         {"funnel_levels", levels}};
  if (ocpc::find_protocol(config_.protocol)->h_relations) {
    const funnel::ThinningSchedule t = funnel::thinning_schedule(config_.h, f.thinning);
    j["thinning"] = Json{{"rounds", f.thinning.rounds},
                         {"c", f.thinning.c},
                         {"iterations", t.iterations},
                         {"function_groups", t.groups}};
    j["applications"] = f.applications;
  }
  // The preprocessing's size, once the protocol has made it (after elaboration).
  if (funnel_psi_) {
    j["psi_permutations"] = funnel_psi_;
    j["preprocessing_entries_max"] = funnel_entries_;
  }
  return j;
}

std::string OcpcCommand::banner() const {
  const OcpcExperimentConfig& e = config_;
  return ocpc::topology_name(e.shape.topology) + ", " + size_text() +
         ", n = " + std::to_string(e.shape.n()) + ", h = " + std::to_string(e.h) + ", protocol " +
         e.protocol +
         (funnel() ? " (a = " + std::to_string(e.options.funnel.a) + ", network seed " +
                         std::to_string(e.options.funnel.network_seed) + ", " +
                         std::to_string(e.options.funnel.batches) + " batches)"
                   : "") +
         ", view " + network_view_name(e.view);
}

Json OcpcCommand::parameters() const {
  const OcpcExperimentConfig& e = config_;
  Json j = dmob() ? Json{{"k", e.shape.p},
                         {"dim", e.shape.dim},
                         {"n", e.shape.n()},
                         {"buses", buses()},
                         {"bus_length", e.shape.p}}
                  : Json{{"p", e.shape.p}, {"n", e.shape.n()}};
  j["view"] = network_view_name(e.view);
  j.update(
      Json{{"h", e.h}, {"max_slots", e.max_slots}, {"period_ns", e.period.to_seconds() * 1e9}});
  if (!e.faults.empty()) j["faults"] = fault_parameters(e.faults);
  // Only when given, so that runs at the default schedule keep their JSON.
  for (std::size_t i = 0; i < kGjlrScales.size(); ++i) {
    if (gjlr_scales_[i]) j[kGjlrScales[i].json] = e.options.gjlr.*kGjlrScales[i].field;
  }
  if (gjlr_lemma4_) j["gjlr_lemma4"] = true;
  if (funnel()) j["funnel"] = funnel_parameters();
  return j;
}

FaultTargets OcpcCommand::fault_targets() const {
  FaultTargets t;
  t.network = ocpc::topology_name(config_.shape.topology) + " " + size_text();
  t.buses = bus_basenames();
  t.nodes = config_.shape.n();
  t.jammers = t.ber = true;
  return t;
}

void OcpcCommand::set_faults(FaultPlan plan) {
  if (!plan.empty() && !config_.rtl_receivers.empty()) {
    throw UsageError(
        "--rtl: a receiver's RTL has the fault-free bus's law; not accepted with --fault");
  }
  config_.faults = std::move(plan);
}

std::vector<std::string> OcpcCommand::summary_fields() const {
  if (config_.open_loop) return open_loop_summary_fields();
  return {"slots", "steps", "fallbacks", "recoveries"};
}

CapacityBound OcpcCommand::routing_bound() const {
  return config_.open_loop ? ocpc_capacity(config_.shape, *config_.open_loop) : CapacityBound{};
}

HardwareBound OcpcCommand::hardware_bound(std::size_t max_lp_variables) const {
  if (!config_.open_loop) return {};
  return ocpc_hardware_bound(config_.shape, *config_.open_loop, max_lp_variables);
}

ProtocolCapacity OcpcCommand::protocol_capacity() const {
  if (!config_.open_loop) return {};
  return ocpc_protocol_capacity(config_.shape, config_.protocol, *config_.open_loop);
}

NetworkOptics OcpcCommand::optics() const {
  // One receiver per node; one transmitter per bus a node is attached to (OCPC: one bus; MOB-PC
  // and the D-dimensional MOB: one bus per dimension). A bus has p attached receivers.
  const std::uint64_t n = config_.shape.n();
  const std::uint64_t buses_per_node =
      config_.shape.topology == ocpc::Topology::kOcpc ? 1 : config_.shape.dimensions();
  NetworkOptics optics{"bus", MediumKind::kBus, config_.shape.p, {n * buses_per_node, n}, {}};
  optics.counts.nodes = n;
  optics.counts.media = n * buses_per_node;  // a node's own bus in each of its dimensions
  optics.counts.media_per_source = buses_per_node;
  const ocpc::ProtocolInfo* info = ocpc::find_protocol(config_.protocol);
  if (info != nullptr && info->control_plane) {
    // Per bus a node is on, one control transmitter and one control receiver, times the
    // wavelengths of a request or grant channel: p minislots of ceil(log2 p) bits.
    std::uint64_t bits = 1;
    while ((std::uint64_t{1} << bits) < config_.shape.p) ++bits;
    optics.control =
        ControlPlaneHardware{n, static_cast<std::uint32_t>(buses_per_node),
                             static_cast<std::uint32_t>(buses_per_node), config_.shape.p * bits};
  }
  return optics;
}

Json OcpcCommand::power_budget(const DeviceParameters& device) const {
  Json budget = network_budget_json(device, optics());
  const ocpc::ProtocolInfo* info = ocpc::find_protocol(config_.protocol);
  if (info != nullptr && info->control_plane) {
    // The request and grant channels beside a bus reach its p processors as the bus does.
    budget["control_channel"] = budget_json(device, MediumKind::kBus, config_.shape.p);
  }
  return budget;
}

double OcpcCommand::elaborate() {
  const double seconds = ExperimentCommand::elaborate();
  bus_names_ = experiment_->bus_names();
  if (const auto* f = dynamic_cast<const ocpc::DmobSplitHashProtocol*>(experiment_->protocol())) {
    funnel_psi_ = f->plan().permutations();
    funnel_entries_ = f->plan().max_entries();
  }
  return seconds;
}

RunRecord OcpcCommand::run(std::uint64_t seed) {
  const OcpcRunResult r = experiment_->run(seed);
  RunRecord record = slotted_record_of(r);
  record.fields["cross_bus_collisions"] = r.cross_bus_collisions;
  record.fields["fallbacks"] = r.fallbacks;
  record.fields["recoveries"] = r.recoveries;
  record.fields["max_buffers"] = r.max_buffers;
  std::string& line = record.description;
  if (r.cross_bus_collisions) {
    line += " (" + std::to_string(r.cross_bus_collisions) +
            (dmob() ? " between buses)" : " row+column)");
  }
  if (r.fallbacks) line += ", " + std::to_string(r.fallbacks) + " fallbacks";
  if (r.recoveries) line += ", " + std::to_string(r.recoveries) + " recoveries";
  if (funnel()) {
    record.fields["stuck"] = r.stuck;
    record.fields["max_rounds"] = r.max_rounds;
    line += ", at most " + std::to_string(r.max_rounds) + " rounds per funnel level";
    if (r.stuck) line += ", " + std::to_string(r.stuck) + " stuck";
  }
  line += ", max " + std::to_string(r.max_buffers) + " buffers/node";
  report_faults(record, experiment_->faults(), r.faults);
  if (r.open_loop) {
    std::vector<NamedMedium> media;
    for (std::size_t k = 0; k < r.buses.size(); ++k) {
      media.push_back(NamedMedium{bus_names_.at(k), r.buses[k], config_.shape.p});
    }
    line += open_loop_description(record.fields, *r.open_loop, r.saturated);
    add_media_fields(record.fields, media, r.open_loop->window_slots, r.open_loop->window_delivered,
                     device_, physical_budget(device_, optics()),
                     window_control_bits(r.control, r.delivered, r.open_loop->window_delivered));
  }
  if (!r.control.empty()) {
    add_control_fields(record.fields, r.control, r.slots, r.delivered, device_,
                       physical_budget(device_, optics()));
  }
  return record;
}

}  // namespace optinet::ocpc
