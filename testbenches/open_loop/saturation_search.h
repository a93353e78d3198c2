#pragma once
/// \file
/// The saturation throughput of an open-loop network, searched over the offered rate: each
/// point is a run in steady state whose own measurement says whether it is saturated
/// (testbenches/open_loop/steady_state.h).
///
/// The bracket starts from the bound: the first point is at kBoundFactor times it (at most 1),
/// raised by half until a point saturates. Between the highest stable rate (0 at first) and
/// the lowest saturated one, the next point is the accepted load the saturated point carried,
/// when it lies inside the bracket and was not tried yet (a saturated network carries about
/// its saturation throughput), else the bracket's middle. The search stops when the bracket is
/// narrower than `tolerance` of its upper end, or after `max_points` points.
///
/// Slot limits: a rate is first run with `first_slots` slots; a run whose verdict is in doubt
/// (saturated while its warm-up had not settled: a transient slower than the run looks like
/// growth; or stable with a window that closed at the limit, not at the precision) is run again
/// with kLongerFactor times as many slots, up to `max_slots`, and the longest run decides.
/// Clear points thus cost a short run and the slot budget goes to the doubtful ones near the
/// knee. The final stable rate gives the throughput, so its verdict is confirmed with all of
/// `max_slots` (a short window may miss a backlog that grows slowly, as random access's does
/// near its knee); a confirming run that saturates becomes the bracket's upper end and the
/// search goes on below it.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "testbenches/open_loop/batch_means.h"

namespace optinet {

/// One point of the search: what the run at `rate` measured.
struct SearchPoint {
  double rate = 0;
  double offered = 0;
  double accepted = 0;
  std::optional<Interval> accepted_interval;
  bool saturated = false;
  bool unsettled = false;  ///< its measured warm-up did not settle (a verdict to doubt)
  /// Its window closed at the slot limit, not at the precision, or was too short to tell a
  /// transient's growth from saturation.
  bool imprecise = false;
  std::uint64_t max_slots = 0;  ///< the run's slot limit
  bool superseded = false;      ///< run again with more slots; the longer run decides
};

struct SaturationSearchConfig {
  double bound = 1;  ///< packets per node per slot the hardware or routing allows
  double tolerance = 0.02;
  std::size_t max_points = 16;    ///< rates tried (runs of one rate count once)
  std::uint64_t max_slots = 0;    ///< the longest run
  std::uint64_t first_slots = 0;  ///< a rate's first run (0: max_slots)
};

struct SaturationSearchResult {
  /// The largest accepted load of a point that was not saturated, with its interval (its
  /// point's batch means); 0 if every point was saturated.
  double throughput = 0;
  double ci_low = 0;
  double ci_high = 0;
  double stable_rate = 0;     ///< highest offered rate that was not saturated (0: none)
  double saturated_rate = 0;  ///< lowest offered rate that was (0: none up to rate 1)
  bool bracketed = false;     ///< a saturated point was found
  /// The run that decided `saturated_rate` was still in doubt with all of max_slots (its
  /// warm-up never settled): the network may sustain more than `throughput`.
  bool saturated_in_doubt = false;
  /// The run that decided `stable_rate` was still in doubt with all of max_slots (its window
  /// imprecise): a network in a slow transient may look stable while it is not.
  bool stable_in_doubt = false;
  /// The largest accepted load of any point: above `throughput` where an overloaded protocol
  /// carries more than it can sustain (random access with back-off), below it where it collapses.
  double peak_accepted = 0;
  std::vector<SearchPoint> points;
};

inline constexpr double kBoundFactor = 1.1;
inline constexpr std::uint64_t kLongerFactor = 4;

/// Whether `p`'s verdict calls for a longer run.
bool verdict_in_doubt(const SearchPoint& p);

/// Runs the search; `run_at(rate, max_slots)` runs one point. `run_at` may return nothing to
/// end the search early (an interrupt): the result then holds the points so far.
SaturationSearchResult find_saturation(
    const std::function<std::optional<SearchPoint>(double rate, std::uint64_t max_slots)>& run_at,
    const SaturationSearchConfig& config);

}  // namespace optinet
