#include "testbenches/pops/pops_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>

#include "testbenches/cli/fault_report.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet::pops {

namespace {

// 2^21 processors: about 7.8 KiB each (docs/benchmarks.md), 16 GiB of a 24 GiB machine.
constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 21;
constexpr std::uint64_t kMaxGroups = 1024;
constexpr std::uint64_t kMaxSlot = 1000000000;
// The largest network elaborated in the pins view unless --view says otherwise, in transmitter
// fibres n*g: the pins view's elaboration and memory grow with them, and its slots cost about
// 4x the grouped view's (docs/cosimulation.md).
constexpr std::uint64_t kPinsDefaultMaxFibres = 1024;

// The verilated coupler's top module, as --rtl names it.
constexpr const char* kCouplerModel = "optical_passive_star";

/// The verilated coupler models, comma-separated.
std::string coupler_model_names() {
  std::string names;
  for (const std::string& m : pops::coupler_models()) names += (names.empty() ? "" : ", ") + m;
  return names;
}

/// --rtl coupler:B:A=MODEL[:lockstep] on POPS(d,g): the coupler and its kind; throws UsageError.
pops::CouplerInstance parse_rtl_coupler(const std::string& spec, const pops::PopsShape& shape) {
  const std::string accepted = std::string("coupler:B:A=") + kCouplerModel + "[:lockstep]";
  const std::size_t equals = spec.find('=');
  const std::string where = spec.substr(0, equals);
  if (equals == std::string::npos || where.rfind("coupler:", 0) != 0) {
    throw UsageError("--rtl: '" + spec + "' names no coupler of POPS (accepted: " + accepted + ")");
  }
  const std::string indices = where.substr(8);
  const std::size_t colon = indices.find(':');
  if (colon == std::string::npos) {
    throw UsageError("--rtl: '" + spec + "' names no coupler of POPS (accepted: " + accepted + ")");
  }
  pops::CouplerInstance c;
  const std::uint64_t last = shape.g - 1;
  const std::string range = "0.." + std::to_string(last);
  try {
    c.b = static_cast<std::uint32_t>(parse_count("--rtl", indices.substr(0, colon), 0, last));
    c.a = static_cast<std::uint32_t>(parse_count("--rtl", indices.substr(colon + 1), 0, last));
  } catch (const UsageError&) {
    throw UsageError("--rtl: POPS(" + std::to_string(shape.d) + "," + std::to_string(shape.g) +
                     ") has no coupler '" + where + "' (accepted: coupler:B:A with B, A in " +
                     range + ")");
  }
  const RtlModelChoice choice = split_rtl_model(spec.substr(equals + 1));
  const std::string& model = choice.model;
  c.kind = choice.lockstep ? pops::CouplerKind::kLockstep : pops::CouplerKind::kRtl;
  if (!pops::coupler_available(c.kind)) {
    throw UsageError("--rtl: " + model + " was not built (a build without Verilator)");
  }
  const std::vector<std::string> models = pops::coupler_models();
  if (std::find(models.begin(), models.end(), model) == models.end()) {
    throw UsageError("--rtl: no coupler model '" + model + "' (accepted: " + coupler_model_names() +
                     ", optionally :lockstep)");
  }
  c.model = model;
  if (shape.d > pops::coupler_max_sources(c.kind)) {
    throw UsageError("--rtl: " + model + " has " +
                     std::to_string(pops::coupler_max_sources(c.kind)) +
                     " source ports, fewer than d = " + std::to_string(shape.d));
  }
  return c;
}

}  // namespace

std::unique_ptr<NetworkCommand> PopsCommand::make(const std::string&) {
  return std::make_unique<PopsCommand>();
}

void PopsCommand::add_options(CLI::App& app) {
  app.add_option("--d", d_, "processors per group (n = d*g <= 2^21)")
      ->check(count_in(1, kMaxNodes))
      ->capture_default_str();
  app.add_option("--g", g_, "groups")->check(count_in(1, kMaxGroups))->capture_default_str();
  app.add_option("--sorter", sorter_, "with --protocol sorting: " + pops::sorter_names());
  app.add_option("--coupler", coupler_,
                 "behavioural, rtl (verilated couplers, d <= 64) or lockstep (both, compared "
                 "every slot)")
      ->capture_default_str();
  app.add_option("--view", view_,
                 "pins (every processor and coupler a module with pins) or grouped (the scaled "
                 "elaboration); default: pins up to n*g = " +
                     std::to_string(kPinsDefaultMaxFibres) +
                     " fibres (grouped with --coupler rtl|lockstep or --trace-slots, and for a "
                     "search or a curve), grouped above");
  app.add_option("--rtl", rtl_specs_,
                 std::string("in the pins view, swap coupler c(B,A) for verilated RTL "
                             "(repeatable): coupler:B:A=") +
                     kCouplerModel +
                     "[:lockstep] (lockstep: beside the behavioural coupler, a "
                     "difference fails the run)");
  app.add_option("--permutation-file", permutation_file_,
                 "destinations, one per source in order; '-' = no packet")
      ->check(path_given());
  app.add_option("--trace-group", trace_group_, "trace only group G's processors and couplers");
  app.add_option("--trace-slots", trace_slots_, "record only slots A:B of each run in the VCD");
}

std::string PopsCommand::protocol_names() const { return pops::protocol_names(); }

std::string PopsCommand::traffic_names() const { return permutation_kind_names(); }

void PopsCommand::configure(CommonOptions& common) {
  PopsExperimentConfig& p = config_;
  p.shape = pops::PopsShape{d_, g_};
  const std::uint64_t n = std::uint64_t{d_} * g_;
  if (n > kMaxNodes) {
    throw UsageError("--d/--g: n = d*g = " + std::to_string(n) +
                     " is too large (accepted: <= " + std::to_string(kMaxNodes) + ")");
  }
  const pops::ProtocolChoice choice = pops::choose_protocol(common.protocol, sorter_, p.shape);
  if (choice.info == nullptr) throw UsageError(choice.option + ": " + choice.reason);
  p.protocol = common.protocol = choice.info->name;

  const std::optional<pops::CouplerKind> kind = pops::coupler_kind(coupler_);
  if (!kind) {
    throw UsageError("--coupler: unknown '" + coupler_ +
                     "' (accepted: " + pops::available_coupler_names() + ")");
  }
  if (!pops::coupler_available(*kind)) {
    throw UsageError(
        "--coupler: " + coupler_ +
        " is unavailable (built without Verilator); accepted: " + pops::available_coupler_names());
  }
  if (p.shape.d > pops::coupler_max_sources(*kind)) {
    throw UsageError("--coupler: " + coupler_ + " supports d <= " +
                     std::to_string(pops::coupler_max_sources(*kind)) + " (the RTL's D)");
  }
  p.coupler = *kind;
  if (p.coupler != pops::CouplerKind::kBehavioural) {
    refuse_rtl_with(!rtl_specs_.empty(), "--coupler " + coupler_,
                    "--coupler rtl|lockstep verilates every coupler of the grouped view");
  }
  if (trace_slots_) {
    refuse_rtl_with(!rtl_specs_.empty(), "--trace-slots",
                    "--trace-slots records some slots of the grouped view");
  }
  if (view_ && *view_ != "pins" && *view_ != "grouped") {
    throw UsageError("--view: unknown '" + *view_ + "' (accepted: pins, grouped)");
  }
  // The default is the view that has what the options ask for: the pins view has behavioural
  // couplers only, and traces its pins in every slot.
  const bool pins = view_ ? *view_ == "pins"
                          : default_view_is_pins(n * g_ <= kPinsDefaultMaxFibres &&
                                                     p.coupler == pops::CouplerKind::kBehavioural &&
                                                     !trace_slots_,
                                                 !rtl_specs_.empty(), common);
  p.view = pins ? pops::PopsView::kPins : pops::PopsView::kGrouped;
  for (const std::string& spec : rtl_specs_) {
    const pops::CouplerInstance c = parse_rtl_coupler(spec, p.shape);
    for (const pops::CouplerInstance& other : p.rtl_couplers) {
      if (other.b == c.b && other.a == c.a) {
        throw UsageError("--rtl: coupler:" + std::to_string(c.b) + ":" + std::to_string(c.a) +
                         " is named twice");
      }
    }
    p.rtl_couplers.push_back(c);
  }
  require_pins_view_for_rtl(!p.rtl_couplers.empty(), pins, view_.has_value(), "coupler",
                            "n*g above " + std::to_string(kPinsDefaultMaxFibres));
  if (pins && p.coupler != pops::CouplerKind::kBehavioural) {
    throw UsageError("--coupler: " + coupler_ +
                     " needs --view grouped (the pins view's couplers "
                     "are behavioural)");
  }
  p.max_slots = common.max_slots;
  p.period = common.period();
  require_rtl_period(!p.rtl_couplers.empty(), common.period_ns);
  device_ = common.device;

  if (common.open_loop) {
    const std::string unavailable = pops::open_loop_unavailable(*choice.info, p.shape);
    if (!unavailable.empty()) throw UsageError("--protocol: " + unavailable);
    if (!permutation_file_.empty()) {
      throw UsageError("--permutation-file: cannot be combined with --traffic " + common.traffic);
    }
    // TDMA's frame: every (source, destination) pair owns one slot of n.
    if (p.protocol == "tdma") common.open_loop->steady.schedule_period = n;
    const std::string why =
        open_loop_unavailable(*common.open_loop, static_cast<std::uint32_t>(n), p.max_slots);
    if (!why.empty()) throw UsageError(why);
    p.open_loop = common.open_loop;
  } else if (!permutation_file_.empty()) {
    if (common.traffic_given && common.traffic != "file") {
      throw UsageError("--permutation-file: cannot be combined with --traffic " + common.traffic);
    }
    p.traffic = PermutationKind::kFile;
    common.traffic = "file";
    p.file_permutation = read_permutation_file(permutation_file_, static_cast<std::uint32_t>(n));
  } else {
    if (common.traffic == "file")
      throw UsageError("--traffic: 'file' needs --permutation-file PATH");
    p.traffic = permutation_kind(common.traffic);
    const std::string why = permutation_unavailable(p.traffic, static_cast<std::uint32_t>(n));
    if (!why.empty()) throw UsageError("--traffic: " + why);
  }

  p.trace.vcd_path = common.vcd_path;
  p.trace.input_power_mw =
      dbm_to_mw(link_budget(common.device, MediumKind::kStarCoupler, d_).received_power_dbm);
  if (trace_group_) {
    if (common.vcd_path.empty()) throw UsageError("--trace-group: needs --vcd FILE");
    p.trace.group =
        static_cast<std::uint32_t>(parse_count("--trace-group", *trace_group_, 0, g_ - 1));
  }
  if (trace_slots_) {
    if (common.vcd_path.empty()) throw UsageError("--trace-slots: needs --vcd FILE");
    if (pins) {
      throw UsageError(
          "--trace-slots: the pins view traces its signals in every slot; "
          "accepted with --view grouped");
    }
    const auto range = parse_range("--trace-slots", *trace_slots_, kMaxSlot);
    check_within_run("--trace-slots", *trace_slots_, range.first, p.max_slots,
                     "FROM:TO with FROM below --max-slots");
    p.trace.slots.first = range.first;
    p.trace.slots.last = range.second;
  }
}

std::string PopsCommand::banner() const {
  return "POPS(" + std::to_string(d_) + "," + std::to_string(g_) +
         "), n = " + std::to_string(config_.shape.n()) + ", protocol " + config_.protocol +
         ", view " + pops::pops_view_name(config_.view);
}

Json PopsCommand::parameters() const {
  Json j{{"d", d_},
         {"g", g_},
         {"n", config_.shape.n()},
         {"view", pops::pops_view_name(config_.view)},
         {"max_slots", config_.max_slots},
         {"period_ns", config_.period.to_seconds() * 1e9}};
  if (!config_.faults.empty()) j["faults"] = fault_parameters(config_.faults);
  return j;
}

std::string PopsCommand::open_loop_faults_unavailable() const {
  const pops::ProtocolInfo& info = pops::protocol_info(config_.protocol);
  if (info.open_loop_losses) return "";
  return "open-loop traffic takes faults with --protocol tdma or reservation, whose sources "
         "learn nothing of a lost frame (its packet is counted lost); got --protocol " +
         info.name;
}

FaultTargets PopsCommand::fault_targets() const {
  FaultTargets t;
  t.network = "POPS(" + std::to_string(d_) + "," + std::to_string(g_) + ")";
  t.coupler_groups = g_;
  t.nodes = config_.shape.n();
  t.jammers = t.ber = true;
  return t;
}

void PopsCommand::set_faults(FaultPlan plan) { config_.faults = std::move(plan); }

std::vector<std::string> PopsCommand::summary_fields() const {
  if (config_.open_loop) return open_loop_summary_fields();
  return {"slots", "steps"};
}

CapacityBound PopsCommand::routing_bound() const {
  return config_.open_loop ? pops_capacity(config_.shape, *config_.open_loop) : CapacityBound{};
}

HardwareBound PopsCommand::hardware_bound(std::size_t max_lp_variables) const {
  if (!config_.open_loop) return {};
  return pops_hardware_bound(config_.shape, *config_.open_loop, max_lp_variables);
}

ProtocolCapacity PopsCommand::protocol_capacity() const {
  if (!config_.open_loop) return {};
  return pops_protocol_capacity(config_.shape, config_.protocol, *config_.open_loop);
}

NetworkOptics PopsCommand::optics() const {
  // n*g transmitters and receivers: g per node on each side, one per coupler of its group.
  const std::uint64_t each = std::uint64_t{d_} * g_ * g_;
  NetworkOptics optics{"coupler", MediumKind::kStarCoupler, d_, {each, each}, {}};
  // n nodes, each reaching g couplers of the g * g.
  optics.counts.nodes = std::uint64_t{d_} * g_;
  optics.counts.media = std::uint64_t{g_} * g_;
  optics.counts.media_per_source = g_;
  if (pops::protocol_info(config_.protocol).control_plane) {
    // Per node one control transmitter (its request star and its claims) and g + 1 control
    // photodiodes (its request star, one per coupler into its group), times the wavelengths of
    // the widest channel: the request star, d (g + 1) bits; a claim plane, g (d + 1); a grant
    // plane, g ceil(log2 d).
    const std::uint64_t widest =
        std::max({std::uint64_t{d_} * (g_ + 1), std::uint64_t{g_} * (d_ + 1),
                  std::uint64_t{g_} * pops::receiver_index_bits(d_)});
    optics.control = ControlPlaneHardware{std::uint64_t{d_} * g_, 1, g_ + 1, widest};
  }
  return optics;
}

Json PopsCommand::power_budget(const DeviceParameters& device) const {
  Json budget = network_budget_json(device, optics());
  if (pops::protocol_info(config_.protocol).control_plane) {
    // The request star of a group reaches its d processors; the control plane rides the
    // couplers (fan-out d) to one control photodiode per coupler at each receiver.
    budget["control_request_star"] = budget_json(device, MediumKind::kStarCoupler, d_);
    budget["control_plane"] = budget_json(device, MediumKind::kStarCoupler, d_);
  }
  return budget;
}

RunRecord PopsCommand::run(std::uint64_t seed) {
  const PopsRunResult r = experiment_->run(seed);
  RunRecord record = slotted_record_of(r);
  record.fields["collisions_by_slot_of_step"] = r.collisions_by_phase;
  record.fields["max_buffers"] = r.max_buffers;
  std::string& line = record.description;
  if (!r.collisions_by_phase.empty()) {
    line += " (by slot of step:";
    for (auto c : r.collisions_by_phase) line += ' ' + std::to_string(c);
    line += ')';
  }
  line += ", max " + std::to_string(r.max_buffers) + " buffers/node";
  if (r.open_loop) {
    const OpenLoopResult& o = *r.open_loop;
    report_open_loop_faults(record, experiment_->faults(), o);
    line += open_loop_description(record.fields, o, r.saturated);
    std::vector<NamedMedium> media;
    const pops::PopsShape& s = config_.shape;
    for (std::uint32_t c = 0; c < s.g * s.g; ++c) {
      media.push_back(NamedMedium{
          "c(" + std::to_string(c / s.g) + "," + std::to_string(c % s.g) + ")", r.couplers[c]});
    }
    add_media_fields(record.fields, media, o.window_slots, o.window_delivered, device_,
                     physical_budget(device_, optics()),
                     window_control_bits(r.control, r.delivered, o.window_delivered));
  }
  if (!r.open_loop) report_faults(record, experiment_->faults(), r.faults);
  if (!r.control.empty()) {
    add_control_fields(record.fields, r.control, r.slots, r.delivered, device_,
                       physical_budget(device_, optics()));
  }
  return record;
}

}  // namespace optinet::pops
