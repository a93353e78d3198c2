#include "testbenches/mesh/mesh_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>

#include "protocols/mesh/registry.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/output_file.h"
#include "testbenches/io/usage_error.h"

namespace optinet::mesh {

namespace {

// The largest mesh elaborated in the pins view unless --view says otherwise, in processors:
// the pins view's elaboration, memory and time per slot grow with them, and the studies'
// 16 x 16 mesh runs grouped (docs/cosimulation.md).
constexpr std::uint64_t kPinsDefaultMaxProcessors = 64;

struct OverheadStats {
  double mean = 0;
  std::uint64_t max = 0;
  std::uint64_t count = 0;
};

OverheadStats stats_of(const std::vector<mesh::GroupOp>& groups, mesh::OpKind kind) {
  OverheadStats s;
  double sum = 0;
  for (const auto& g : groups)
    if (g.kind == kind) {
      sum += double(g.overhead);
      s.max = std::max(s.max, g.overhead);
      ++s.count;
    }
  if (s.count) s.mean = sum / double(s.count);
  return s;
}

/// Step 4 of the run's splits on a physical tree (Lemmas 4 and 5): the worst ratios to the
/// bounds, the violations, and the mean tree steps of the schedules and queues.
struct TreeRoutingSummary {
  double lemma4_max_ratio = 0, lemma5_max_ratio = 0;
  std::int64_t lemma4_max_packets = 0, lemma4_violations = 0, lemma5_violations = 0;
  double at_once_mean = 0, one_by_one_mean = 0, single_queue_at_once_mean = 0;
};

TreeRoutingSummary tree_summary(const std::vector<mesh::GroupOp>& groups) {
  TreeRoutingSummary t;
  std::uint64_t splits = 0;
  for (const auto& g : groups) {
    if (g.kind != mesh::OpKind::kSplit) continue;
    ++splits;
    t.lemma4_max_ratio = std::max(t.lemma4_max_ratio, g.tree.lemma4_max_ratio);
    t.lemma5_max_ratio = std::max(t.lemma5_max_ratio, g.tree.lemma5_max_ratio);
    t.lemma4_max_packets = std::max(t.lemma4_max_packets, g.tree.lemma4_max_packets);
    t.lemma4_violations += g.tree.lemma4_violations;
    t.lemma5_violations += g.tree.lemma5_violations;
    t.at_once_mean += double(g.tree.steps_at_once);
    t.one_by_one_mean += double(g.tree.steps_one_by_one);
    t.single_queue_at_once_mean += double(g.tree_single_queue.steps_at_once);
  }
  if (splits > 0) {
    t.at_once_mean /= double(splits);
    t.one_by_one_mean /= double(splits);
    t.single_queue_at_once_mean /= double(splits);
  }
  return t;
}

std::string tree_columns(const mesh::GroupOp& g) {
  if (g.kind != mesh::OpKind::kSplit) return ",,,,,,";
  char text[160];
  std::snprintf(text, sizeof text, ",%lld,%.4f,%llu,%llu,%llu,%.4f",
                static_cast<long long>(g.tree.lemma4_max_packets), g.tree.lemma4_max_ratio,
                static_cast<unsigned long long>(g.tree.steps_at_once),
                static_cast<unsigned long long>(g.tree.steps_one_by_one),
                static_cast<unsigned long long>(g.tree_single_queue.steps_at_once),
                g.tree.lemma5_max_ratio);
  return text;
}

}  // namespace

std::unique_ptr<NetworkCommand> MeshCommand::make(const std::string&) {
  return std::make_unique<MeshCommand>();
}

void MeshCommand::add_options(CLI::App& app) {
  app.add_option("--n", n_, "mesh side (n x n processors)")
      ->check(count_in(1, 256))
      ->capture_default_str();
  app.add_option("--buffers", buffers_, "Q: input buffers per link")
      ->check(count_in(1, 1024))
      ->capture_default_str();
  app.add_option("--indexing", indexing_, "row, column, snake or hilbert")->capture_default_str();
  loop_options_ = {
      app.add_option("--levels", levels_, "experiment: L nested splits, then as many joins")
          ->check(count_in(1, 16))
          ->capture_default_str(),
      app.add_option("--membership", membership_,
                     "experiment: random (section 5: xi > zeta) or consecutive (set 3: rank > "
                     "zeta)")
          ->capture_default_str(),
      app.add_option("--step4", step4_,
                     "experiment: split step 4's routing problems at-once, or one-by-one as "
                     "Lemma 5's proof (each ended by a sync of the original tree)")
          ->capture_default_str(),
      app.add_option("--loop", loop_,
                     "experiment: with-syncs (a sync of the new sub-group after every split, an "
                     "addition) or paper (the splits, then the joins)")
          ->capture_default_str()};
  app.add_option("--outbox", outbox_,
                 "a processor's outbox: single (one queue) or per-link (a queue per tree link)")
      ->capture_default_str();
  app.add_option(
         "--groups-csv", groups_csv_,
         "write every group's operation (run, op, kind, level, size, overhead; a split's step 4 "
         "on a physical tree)")
      ->check(path_given());
  app.add_option("--trace-nodes", trace_nodes_,
                 "trace only nodes A:B (node = y * n + x) and the links leaving them");
  app.add_option("--view", view_,
                 "pins (every processor, router and link a module with pins) or grouped (the "
                 "scaled elaboration); default: pins up to n * n = " +
                     std::to_string(kPinsDefaultMaxProcessors) + ", grouped above");
}

std::string MeshCommand::protocol_names() const {
  std::string names;
  for (const mesh::ProtocolInfo& p : mesh::protocols()) {
    names += (names.empty() ? "" : ", ") + std::string(p.name);
  }
  return names;
}

void MeshCommand::configure(CommonOptions& common) {
  MeshExperimentConfig& e = config_;
  if (common.traffic != "none")
    throw UsageError("--traffic: '" + common.traffic +
                     "' is not accepted (none: the mesh carries its protocol's own messages)");
  const std::string why_not = mesh::protocol_unavailable(common.protocol);
  if (!why_not.empty()) throw UsageError("--protocol: " + why_not);
  e.protocol = common.protocol;
  for (const CLI::Option* option : loop_options_) {
    if (e.protocol != "experiment" && option->count() > 0) {
      throw UsageError(option->get_name() + ": applies to --protocol experiment only (not " +
                       e.protocol + ")");
    }
  }
  const auto scheme = mesh::parse_indexing(indexing_);
  if (!scheme)
    throw UsageError("--indexing: '" + indexing_ +
                     "' is not accepted (row, column, snake, hilbert)");
  e.network.n = static_cast<std::uint32_t>(parse_count("--n", n_, 1, 256));
  e.network.indexing = *scheme;
  const std::string why = mesh::indexing_unavailable(e.network.n, *scheme);
  if (!why.empty()) throw UsageError("--n: " + why);
  e.network.buffers = static_cast<std::uint32_t>(parse_count("--buffers", buffers_, 1, 1024));
  e.loop.levels = static_cast<std::uint32_t>(parse_count("--levels", levels_, 1, 16));
  if (membership_ != "random" && membership_ != "consecutive")
    throw UsageError("--membership: '" + membership_ + "' is not accepted (random, consecutive)");
  e.loop.consecutive = membership_ == "consecutive";
  if (step4_ != "at-once" && step4_ != "one-by-one")
    throw UsageError("--step4: '" + step4_ + "' is not accepted (at-once, one-by-one)");
  e.loop.step4 =
      step4_ == "one-by-one" ? mesh::Step4Schedule::kOneByOne : mesh::Step4Schedule::kAtOnce;
  if (loop_ != "with-syncs" && loop_ != "paper")
    throw UsageError("--loop: '" + loop_ + "' is not accepted (with-syncs, paper)");
  e.loop.sync_after_split = loop_ == "with-syncs";
  if (outbox_ != "single" && outbox_ != "per-link")
    throw UsageError("--outbox: '" + outbox_ + "' is not accepted (single, per-link)");
  e.network.outbox =
      outbox_ == "per-link" ? mesh::OutboxQueues::kPerLink : mesh::OutboxQueues::kSingle;
  if (view_ && *view_ != "pins" && *view_ != "grouped")
    throw UsageError("--view: unknown '" + *view_ + "' (accepted: pins, grouped)");
  const bool pins = view_ ? *view_ == "pins" : processors() <= kPinsDefaultMaxProcessors;
  e.network.view = pins ? NetworkView::kPins : NetworkView::kGrouped;
  e.max_slots = common.max_slots;
  e.period = common.period();
  e.vcd_path = common.vcd_path;
  if (trace_nodes_) {
    if (e.vcd_path.empty()) throw UsageError("--trace-nodes: needs --vcd FILE");
    const auto [first, last] = parse_range("--trace-nodes", *trace_nodes_, processors() - 1);
    e.trace_first = static_cast<std::uint32_t>(first);
    e.trace_last = static_cast<std::uint32_t>(last);
  }
}

std::uint64_t MeshCommand::processors() const {
  return std::uint64_t(config_.network.n) * config_.network.n;
}

ResourceCounts MeshCommand::resources() const {
  // A thread per processor, and one buffered link per direction between neighbours.
  const std::uint64_t n = config_.network.n;
  ResourceCounts counts;
  counts.threads = n * n;
  counts.links = 4 * n * (n - 1);
  if (config_.network.view == NetworkView::kPins) counts.pin_mesh_nodes = n * n;
  return counts;
}

std::string MeshCommand::banner() const {
  const auto& e = config_;
  return "mesh " + std::to_string(e.network.n) + " x " + std::to_string(e.network.n) + ", " +
         mesh::indexing_name(e.network.indexing) + " indexing, " +
         std::to_string(e.network.buffers) + " buffers per link, protocol " + e.protocol +
         (e.network.outbox == mesh::OutboxQueues::kPerLink ? ", an outbox queue per tree link"
                                                           : "") +
         (e.protocol == "experiment"
              ? " (L = " + std::to_string(e.loop.levels) +
                    (e.loop.sync_after_split ? "" : ", the paper's loop: no syncs") +
                    (e.loop.step4 == mesh::Step4Schedule::kOneByOne
                         ? ", step 4 one problem at a time"
                         : "") +
                    ")"
              : "");
}

Json MeshCommand::parameters() const {
  const auto& e = config_;
  return Json{{"n", e.network.n},
              {"nodes", processors()},
              {"view", network_view_name(e.network.view)},
              {"buffers", e.network.buffers},
              {"indexing", mesh::indexing_name(e.network.indexing)},
              {"levels", e.loop.levels},
              {"membership", e.loop.consecutive ? "consecutive" : "random"},
              {"step4", e.loop.step4 == mesh::Step4Schedule::kOneByOne ? "one-by-one" : "at-once"},
              {"loop", e.loop.sync_after_split ? "with-syncs" : "paper"},
              {"outbox", e.network.outbox == mesh::OutboxQueues::kPerLink ? "per-link" : "single"},
              {"routing", "dimension order (x, then y)"},
              {"max_slots", e.max_slots}};
}

std::string MeshCommand::invariants() const {
  return "trees equal the mapping procedure's, joins restore them, no member leaves an "
         "operation before its group has entered";
}

std::vector<std::string> MeshCommand::summary_fields() const {
  return {"slots",
          "split_overhead_mean",
          "split_overhead_max",
          "sync_overhead_mean",
          "sync_overhead_max",
          "max_queue",
          "lemma4_max_ratio",
          "lemma5_max_ratio"};
}

RunRecord MeshCommand::run(std::uint64_t seed) {
  const MeshRunResult r = experiment_->run(seed);
  RunRecord record = record_of(r);
  const OverheadStats split = stats_of(r.groups, mesh::OpKind::kSplit);
  const OverheadStats sync = stats_of(r.groups, mesh::OpKind::kSync);
  const OverheadStats join = stats_of(r.groups, mesh::OpKind::kJoin);
  const TreeRoutingSummary tree = tree_summary(r.groups);
  record.fields = Json{{"seed", r.seed},
                       {"slots", r.slots},
                       {"steps", r.slots},
                       {"packets", r.packets},
                       {"delivered", r.delivered},
                       {"collisions", 0},
                       {"max_queue", r.max_occupancy},
                       {"busy_link_slots", r.busy_link_slots},
                       {"split_groups", split.count},
                       {"split_overhead_mean", split.mean},
                       {"split_overhead_max", split.max},
                       {"sync_groups", sync.count},
                       {"sync_overhead_mean", sync.mean},
                       {"sync_overhead_max", sync.max},
                       {"join_overhead_mean", join.mean},
                       {"join_overhead_max", join.max},
                       {"lemma4_max_packets", tree.lemma4_max_packets},
                       {"lemma4_max_ratio", tree.lemma4_max_ratio},
                       {"lemma4_violations", tree.lemma4_violations},
                       {"lemma5_max_ratio", tree.lemma5_max_ratio},
                       {"lemma5_violations", tree.lemma5_violations},
                       {"tree_steps_at_once_mean", tree.at_once_mean},
                       {"tree_steps_one_by_one_mean", tree.one_by_one_mean},
                       {"tree_steps_single_queue_mean", tree.single_queue_at_once_mean}};
  char line[200];
  std::snprintf(line, sizeof line,
                "%llu slots, %llu/%llu messages delivered, split overhead mean %.1f max %llu, "
                "sync overhead mean %.1f max %llu, max queue %u",
                (unsigned long long)r.slots, (unsigned long long)r.delivered,
                (unsigned long long)r.packets, split.mean, (unsigned long long)split.max, sync.mean,
                (unsigned long long)sync.max, r.max_occupancy);
  record.description = line;
  if (!groups_csv_.empty())
    for (const auto& g : r.groups)
      csv_rows_.push_back(std::to_string(seed) + "," + std::to_string(g.op) + "," +
                          mesh::op_kind_name(g.kind) + "," + std::to_string(g.level) + "," +
                          std::to_string(g.size) + "," + std::to_string(g.overhead) +
                          tree_columns(g));
  return record;
}

void MeshCommand::finish(OutputSet& outputs) {
  ExperimentCommand::finish(outputs);
  if (groups_csv_.empty()) return;
  // Written whole, after the runs (an interrupted series writes none), as the JSON is.
  // Split rows: step 4 on a physical tree (Lemma 4's packets per link and ratio to its bound,
  // tree steps at once, one by one, at once with one queue per vertex, Lemma 5's ratio).
  std::string text =
      "seed,op,kind,level,size,overhead,lemma4_packets,lemma4_ratio,tree_steps_at_once,"
      "tree_steps_one_by_one,tree_steps_single_queue,lemma5_ratio\n";
  for (const auto& row : csv_rows_) text += row + "\n";
  outputs.write("--groups-csv", groups_csv_, text);
}

}  // namespace optinet::mesh
