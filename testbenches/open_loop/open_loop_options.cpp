#include <algorithm>
#include <limits>

#include "models/core/run_control.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {

namespace {

const char* const kRuleNames[] = {"uniform",   "hotspot", "transpose", "bit-reversal",
                                  "neighbour", "tornado", "shuffle",   "bit-complement",
                                  "randperm",  "matrix"};
constexpr char kMatrixPrefix[] = "matrix:";

}  // namespace

std::string destination_rule_names() {
  std::string names;
  for (const char* name : kRuleNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names + ":FILE";
}

DestinationRule destination_rule(const std::string& name) {
  if (name.rfind(kMatrixPrefix, 0) == 0 && name.size() > std::size(kMatrixPrefix) - 1) {
    return DestinationRule::kMatrix;
  }
  for (std::size_t k = 0; k + 1 < std::size(kRuleNames); ++k) {
    if (name == kRuleNames[k]) return static_cast<DestinationRule>(k);
  }
  throw UsageError("--pattern: unknown '" + printable(name) +
                   "' (accepted: " + destination_rule_names() + ")");
}

std::string destination_rule_name(DestinationRule rule) {
  return kRuleNames[static_cast<std::size_t>(rule)];
}

bool table_rule(DestinationRule rule) {
  return rule == DestinationRule::kRandomPermutation || rule == DestinationRule::kMatrix;
}

std::string pattern_name(const OpenLoopConfig& c) {
  if (c.trace) return "trace:" + c.trace->path;
  if (c.rule == DestinationRule::kMatrix && c.matrix) return kMatrixPrefix + c.matrix->path;
  return destination_rule_name(c.rule);
}

DestinationTable destination_table(const OpenLoopConfig& c, std::uint32_t n) {
  if (c.rule == DestinationRule::kRandomPermutation) {
    return DestinationTable::of_permutation(random_pattern_permutation(n, c.permutation_seed));
  }
  if (c.rule == DestinationRule::kMatrix && c.matrix)
    return DestinationTable::of_matrix(*c.matrix, n);
  return {};
}

std::string open_loop_unavailable(const OpenLoopConfig& c, std::uint32_t n,
                                  std::uint64_t max_slots) {
  if (c.trace) {
    const std::string why = trace_unavailable(*c.trace, n);
    if (!why.empty()) return "--traffic: " + why;
  }
  const double message_rate = c.rate / c.frames_per_draw();
  const std::string process = c.bursty ? bursty_unavailable(message_rate, c.mean_burst)
                                       : bernoulli_unavailable(message_rate);
  if (!process.empty() && !c.trace) return "--rate: " + process;
  std::string rule;
  switch (c.rule) {
    case DestinationRule::kUniform:
      rule = uniform_unavailable(n);
      break;
    case DestinationRule::kHotspot:
      rule = hotspot_unavailable(n, c.hotspot, c.fraction);
      break;
    case DestinationRule::kTranspose:
      rule = transpose_unavailable(n);
      break;
    case DestinationRule::kBitReversal:
      rule = bit_reversal_unavailable(n);
      break;
    case DestinationRule::kNeighbour:
      rule = neighbour_unavailable(n);
      break;
    case DestinationRule::kTornado:
      rule = tornado_unavailable(n);
      break;
    case DestinationRule::kShuffle:
      rule = shuffle_unavailable(n);
      break;
    case DestinationRule::kBitComplement:
      rule = bit_complement_unavailable(n);
      break;
    case DestinationRule::kRandomPermutation:
      rule = n >= 2 ? "" : "randperm needs at least 2 nodes (n = " + std::to_string(n) + ")";
      break;
    case DestinationRule::kMatrix:
      rule = c.matrix ? matrix_unavailable(*c.matrix, n) : "matrix: no file was read";
      break;
  }
  if (!rule.empty()) return "--pattern: " + rule;
  // A measured warm-up may last a quarter of --max-slots, a measured window until three
  // quarters (SteadyStateMonitor); a fixed one must leave slots for the drain.
  const SteadyStateConfig& s = c.steady;
  const std::uint64_t warmup =
      s.fixed_warmup ? s.warmup : SteadyStateMonitor::warmup_limit(max_slots);
  if (s.fixed_window && warmup + s.measure >= max_slots) {
    return std::string(s.fixed_warmup ? "--warmup/--measure: warm-up "
                                      : "--measure: warm-up up to ") +
           std::to_string(warmup) + " + measurement " + std::to_string(s.measure) +
           " slots leave no drain before --max-slots " + std::to_string(max_slots);
  }
  const std::uint64_t batch = steady_state_batch_slots(s);
  if (!s.fixed_window && warmup + SteadyStateMonitor::kMinBatches * batch >=
                             SteadyStateMonitor::window_limit(max_slots)) {
    return "--max-slots: " + std::to_string(max_slots) +
           " leaves no room for a measured window of " +
           std::to_string(SteadyStateMonitor::kMinBatches) + " batches of " +
           std::to_string(batch) + " slots after the warm-up (give --measure, or more slots)";
  }
  if (!s.fixed_warmup &&
      2 * SteadyStateMonitor::kHalf * batch > SteadyStateMonitor::warmup_limit(max_slots)) {
    return "--max-slots: " + std::to_string(max_slots) +
           " leaves no room for a measured warm-up of " +
           std::to_string(2 * SteadyStateMonitor::kHalf) + " batches of " + std::to_string(batch) +
           " slots (give --warmup, or more slots)";
  }
  // Ids k*n + i with k < max_slots (times the largest message's frames, and a reply's) must
  // fit in 32 bits.
  std::uint64_t frames =
      c.message.largest() + (c.request_reply ? c.request_reply->reply_frames : 0);
  if (c.trace) {
    // A trace's ids: a node's frames over the whole trace.
    std::vector<std::uint64_t> per_node(n, 0);
    for (const TraceMessage& m : c.trace->messages) per_node[m.source] += m.frames;
    const std::uint64_t most = *std::max_element(per_node.begin(), per_node.end());
    if (static_cast<long double>(n) * most > std::numeric_limits<std::uint32_t>::max()) {
      return "--traffic: the trace's " + std::to_string(most) + " frames from one node on " +
             std::to_string(n) + " nodes are too many for 32-bit packet ids";
    }
    frames = 0;
  }
  if (static_cast<long double>(n) * max_slots * frames >
      std::numeric_limits<std::uint32_t>::max()) {
    return "--max-slots: n * max-slots" + std::string(frames > 1 ? " * largest message" : "") +
           " = " + std::to_string(std::uint64_t{n} * max_slots * frames) +
           " is too large for 32-bit packet ids (accepted: <= 4294967295)";
  }
  return "";
}

}  // namespace optinet
