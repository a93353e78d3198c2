#include "testbenches/splithash/splithash_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "protocols/funnel/funnel_phases.h"
#include "protocols/splithash/registry.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet::splithash {

namespace {

constexpr std::uint64_t kMaxSinks = std::uint64_t{1} << 22;  // N = k^d
// The largest network elaborated in the pins view unless --view says otherwise, in nodes
// ((d + 1) N): the pins view's elaboration and memory grow with them (docs/cosimulation.md).
constexpr std::uint64_t kPinsDefaultMaxNodes = 1024;

}  // namespace

std::unique_ptr<NetworkCommand> SplitHashCommand::make(const std::string& /*network*/) {
  return std::make_unique<SplitHashCommand>();
}

void SplitHashCommand::add_options(CLI::App& app) {
  app.add_option("--k", k_, "edge size: a group of level L has k^L nodes (N = k^depth)")
      ->check(count_in(2, 1 << 16))
      ->capture_default_str();
  app.add_option("--depth", depth_, "d: levels d (sources) down to 0 (sinks)")
      ->check(count_in(1, 22))
      ->capture_default_str();
  split_hash_.add_to(app, "");
  app.add_option("--h", h_, "the h of the h-relation (default 1)");
  h_relation_.add_to(app, "h-relation: ");
  app.add_option("--relation-file", relation_file_,
                 "'source destination' lines, '#' comments; checked against h")
      ->check(path_given());
  trace_.add_options(app,
                     "trace only nodes A:B (global ids: level*N + index; every bus is traced)");
  app.add_option("--view", view_,
                 "pins (every node, bus and receiver a module with pins) or grouped (the scaled "
                 "elaboration); default: pins up to (depth + 1) N = " +
                     std::to_string(kPinsDefaultMaxNodes) +
                     " nodes (grouped with --trace-slots), grouped above");
}

std::string SplitHashCommand::protocol_names() const { return splithash::protocol_names(); }

std::string SplitHashCommand::traffic_names() const {
  return "random-function, " + relation_kind_names();
}

void SplitHashCommand::configure(CommonOptions& common) {
  SplitHashExperimentConfig& e = config_;
  splithash::SplitHashShape& s = e.shape;
  s.k = static_cast<std::uint32_t>(*read_count(k_));  // checked by count_in
  s.depth = static_cast<std::uint32_t>(*read_count(depth_));
  std::uint64_t sinks = 1;
  for (std::uint32_t i = 0; i < s.depth; ++i) {
    sinks *= s.k;
    if (sinks > kMaxSinks) {
      throw UsageError("--k: k^depth must be at most " + std::to_string(kMaxSinks) +
                       " sinks (got more with --k " + k_ + " --depth " + depth_ + ")");
    }
  }
  const SplitHashValues values = split_hash_.parse(s.k, s.depth);
  s = values.shape;
  e.network_seed = values.network_seed;
  e.settings.round_limit = values.round_limit;
  e.settings.batches = values.batches;
  e.protocol = common.protocol;
  const std::string unavailable = splithash::protocol_unavailable(e.protocol);
  if (!unavailable.empty()) throw UsageError("--protocol: " + unavailable);
  e.max_slots = common.max_slots;

  const splithash::ProtocolInfo& info = *splithash::find_protocol(e.protocol);
  if (info.shape_unavailable != nullptr) {
    if (const std::string why = info.shape_unavailable(s); !why.empty()) {
      throw UsageError("--protocol: " + e.protocol + " cannot serve k = " + std::to_string(s.k) +
                       ", depth " + std::to_string(s.depth) + ", a = " + std::to_string(s.a) +
                       ": " + why);
    }
  }
  const bool permutations_only = info.permutations_only;
  if (!relation_file_.empty()) {
    if (common.traffic_given) {
      throw UsageError("--relation-file: cannot be combined with --traffic");
    }
    e.traffic = RelationKind::kFile;
    common.traffic = "file";
  } else if (common.traffic == "random-function") {
    if (info.h_relations) {
      throw UsageError("--traffic: protocol " + e.protocol +
                       " routes h-relations (accepted: " + relation_kind_names() + ")");
    }
    if (permutations_only) {
      throw UsageError("--traffic: protocol " + e.protocol +
                       " routes permutations (Theorem 1); random functions: --protocol "
                       "random-function");
    }
    e.random_function = true;
  } else {
    e.traffic = relation_kind(common.traffic);
  }
  const std::uint32_t default_h = e.traffic == RelationKind::kFile ? 1 : minimum_h(e.traffic);
  e.h = static_cast<std::uint32_t>(
      parse_count("--h", h_.value_or(std::to_string(default_h)), 1, 1024));
  const auto n = static_cast<std::uint32_t>(s.n());
  if (e.h != 1 && !info.h_relations) {
    throw UsageError(std::string(h_ ? "--h" : "--traffic") + ": protocol " + e.protocol +
                     " takes one packet per source (h = 1; h-relations: --protocol h-relation)");
  }
  e.settings.h = e.h;
  if (const std::string given = h_relation_.first_given(); !given.empty() && !info.h_relations) {
    throw UsageError(given + ": applies to --protocol h-relation only (not " + e.protocol + ")");
  }
  if (info.h_relations) {
    h_relation_.parse(s, e.h, e.protocol, e.settings.thinning, e.settings.applications);
  }
  if (!e.random_function) {  // a random function has one packet per source by construction
    e.file_relation = checked_relation(e.traffic, relation_file_, n, e.h, h_.has_value());
  }
  e.period = common.period();
  e.vcd_path = common.vcd_path;
  e.device = common.device;
  trace_.configure(e.vcd_path, s.nodes() - 1, e.max_slots, e.trace_slots, e.trace_first,
                   e.trace_last);
  e.view = choose_view(view_, s.nodes() <= kPinsDefaultMaxNodes, trace_);
}

std::string SplitHashCommand::banner() const {
  const SplitHashExperimentConfig& e = config_;
  return "split&hash, k = " + std::to_string(e.shape.k) + ", depth " +
         std::to_string(e.shape.depth) + ", a = " + std::to_string(e.shape.a) +
         ", N = " + std::to_string(e.shape.n()) + ", " + std::to_string(e.settings.batches) +
         " batches, network seed " + std::to_string(e.network_seed) + ", protocol " + e.protocol +
         ", view " + network_view_name(e.view);
}

Json SplitHashCommand::parameters() const {
  const SplitHashExperimentConfig& e = config_;
  const splithash::SplitHashShape& s = e.shape;
  Json levels = Json::array();
  for (std::uint32_t i = s.depth; i-- > 1;) {
    levels.push_back(Json{{"level", i},
                          {"functions", s.functions(i)},
                          {"block_size", s.block_size(i)},
                          {"bus_length", s.funnel_bus_length(i)},
                          {"buses", s.funnel_buses(i)},
                          {"round_bound", s.round_bound(i)}});
  }
  Json out = Json{{"k", s.k},
                  {"depth", s.depth},
                  {"a", s.a},
                  {"n", s.n()},
                  {"nodes", s.nodes()},
                  {"network_seed", e.network_seed},
                  {"batches", e.settings.batches},
                  {"round_limit", e.settings.round_limit},
                  {"h", e.h},
                  {"buses", s.buses()},
                  {"sink_bus_length", 2 * s.k},
                  {"funnels", levels},
                  {"max_slots", e.max_slots},
                  {"period_ns", e.period.to_seconds() * 1e9},
                  {"view", network_view_name(e.view)}};
  if (splithash::find_protocol(e.protocol)->h_relations) {
    const funnel::ThinningSchedule t = funnel::thinning_schedule(e.h, e.settings.thinning);
    out["thinning"] = Json{{"rounds", e.settings.thinning.rounds},
                           {"c", e.settings.thinning.c},
                           {"iterations", t.iterations},
                           {"function_groups", t.groups}};
    out["applications"] = e.settings.applications;
  }
  return out;
}

std::vector<std::string> SplitHashCommand::summary_fields() const {
  return {"slots", "steps", "collisions", "max_rounds"};
}

NetworkOptics SplitHashCommand::optics() const {
  // One transmitter per bus a node is attached to; one photodetector per node, fed by all of its
  // buses. The budget's fan-out is the longest bus's.
  const splithash::SplitHashShape& s = config_.shape;
  std::uint64_t longest = 2 * s.k;
  for (std::uint32_t i = 1; i < s.depth; ++i) longest = std::max(longest, s.funnel_bus_length(i));
  return NetworkOptics{"bus",
                       MediumKind::kBus,
                       static_cast<std::uint32_t>(longest),
                       {s.bus_attachments(), s.nodes()},
                       {}};
}

Json SplitHashCommand::power_budget(const DeviceParameters& device) const {
  return network_budget_json(device, optics());
}

RunRecord SplitHashCommand::run(std::uint64_t seed) {
  const SplitHashRunResult r = experiment_->run(seed);
  RunRecord record = slotted_record_of(r);
  Json levels = Json::array();
  std::uint32_t max_rounds = 0;
  std::uint64_t over = 0;
  for (const FunnelLevelStats& st : r.levels) {
    const std::uint32_t most =
        st.rounds.empty() ? 0 : *std::max_element(st.rounds.begin(), st.rounds.end());
    if (st.level > 0) max_rounds = std::max(max_rounds, most);
    over += st.funnels_over;
    levels.push_back(Json{{"level", st.level},
                          {"round_bound", st.round_bound},
                          {"rounds_per_batch", st.rounds},
                          {"max_rounds", most},
                          {"successes_by_round", st.successes_by_round},
                          {"funnels", st.funnels},
                          {"funnels_over_bound", st.funnels_over},
                          {"stuck", st.stuck}});
  }
  Json& fields = record.fields;
  fields["max_rounds"] = max_rounds;
  fields["stuck"] = r.stuck;
  fields["fallbacks"] = r.fallbacks;
  fields["max_sink_load"] = r.max_sink_load;
  fields["funnels_over_bound"] = over;
  fields["max_buffers"] = r.max_buffers;
  fields["levels"] = levels;
  if (splithash::find_protocol(config_.protocol)->h_relations) {
    fields["remainder"] = r.remainder;
    fields["remainder_applications"] = r.remainder_applications;
  }
  record.description += ", at most " + std::to_string(max_rounds) + " rounds per funnel level";
  if (r.stuck > 0) record.description += ", " + std::to_string(r.stuck) + " stuck";
  return record;
}

}  // namespace optinet::splithash
