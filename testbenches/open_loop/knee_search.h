#pragma once
/// \file
/// The latency knee of an open-loop network: the offered load at which the mean latency passes
/// a threshold, `factor` times the zero-load latency or an absolute budget, whichever is lower
/// (BookSim's latency_thres, relative to the zero-load latency by default). Each point is a run
/// in steady state (testbenches/open_loop/steady_state.h) whose latency counts the window's
/// packets still undelivered when the run ended with their age then.
///
/// The zero-load latency is the mean latency of a run at kZeroLoadShare of the upper end (the
/// protocol's capacity, else the hardware bound). The knee is then bracketed between that rate
/// (under the threshold) and the upper end: the next rate is where the curve
/// L(R) = alpha + beta / (upper - R) through the bracket's two ends (the zero-load point while
/// no run was over) reaches the threshold, stepped a third of the tolerance past it towards the
/// bracket's farther end, so that two runs straddle the knee; the bracket's middle when that
/// estimate falls outside the bracket's inner 80%, or when the last three runs moved the same end
/// of the bracket (a safeguarded secant). The search stops when the bracket is narrower than
/// `tolerance` of its upper end, or after `max_points` runs. Should the knee lie below
/// kRefineFactor times the zero-load rate (random access, whose knee is a few percent of the
/// hardware bound), the zero-load latency is measured again at kZeroLoadShare of the knee and the
/// bracket searched again below it.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/open_loop/batch_means.h"

namespace optinet {

/// One run of the knee search.
struct KneePoint {
  double rate = 0;
  double offered = 0;   ///< packets per sending node per slot, measured
  double accepted = 0;  ///< packets per sending node per slot
  double latency = 0;   ///< slots: the window's packets, undelivered ones at their age
  std::optional<Interval> latency_interval;  ///< of the delivered packets (batch means)
  bool measured = false;                     ///< the run delivered a labelled packet
  bool saturated = false;
  /// The run ended as soon as its window's latency interval lay above the threshold.
  bool stopped_over = false;
  std::uint64_t slots = 0;  ///< slots the run took
  bool zero_load = false;   ///< a run measuring the zero-load latency
  bool over = false;        ///< above the threshold (set by the search)
};

struct KneeConfig {
  double upper = 1;         ///< the protocol's capacity, else the hardware bound
  double factor = 3;        ///< the threshold: factor x the zero-load latency ...
  double budget_slots = 0;  ///< ... or this many slots if lower (0: no budget)
  double tolerance = 0.005;
  std::size_t max_points = 16;  ///< bracketing runs, the zero-load ones apart
};

struct KneeResult {
  double zero_load_rate = 0;
  double zero_load_latency = 0;  ///< slots
  double threshold = 0;          ///< slots
  bool budget_decides = false;   ///< the budget was below factor x the zero-load latency
  double under_rate = 0;         ///< the highest rate whose latency was under the threshold
  double over_rate = 0;          ///< the lowest rate over it (0: none up to `upper`)
  bool bracketed = false;
  /// The offered load where the latency reaches the threshold, interpolated linearly between
  /// the bracket's two runs (under_rate when not bracketed).
  double offered = 0;
  double throughput = 0;  ///< accepted load of the run at under_rate
  double latency = 0;     ///< its latency
  std::vector<KneePoint> points;
};

inline constexpr double kZeroLoadShare = 1.0 / 200;
inline constexpr double kRefineFactor = 50;

/// Runs the search. `run_at(rate, threshold)` runs one point; a run may end early once its
/// window's latency lies above `threshold` (0: no threshold yet). It may return nothing to end
/// the search (an interrupt): the result then holds the points so far.
KneeResult find_knee(
    const std::function<std::optional<KneePoint>(double rate, double threshold)>& run_at,
    const KneeConfig& config);

/// "3 x zero-load latency (385.5 slots)" or "latency budget 100 ns (1.95 slots)".
std::string knee_criterion(const KneeConfig& config, const KneeResult& result, double slot_ns);

}  // namespace optinet
