#include "testbenches/open_loop/knee_search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace optinet {

namespace {

/// The rate at which L(R) = alpha + beta / (upper - R) through (r1, l1) and (r2, l2) reaches
/// `threshold`; nothing if the curve does not rise there.
std::optional<double> model_crossing(double upper, double r1, double l1, double r2, double l2,
                                     double threshold) {
  const double a = 1 / (upper - r1);
  const double b = 1 / (upper - r2);
  if (!(r2 > r1) || !(l2 > l1) || !(b > a)) return std::nullopt;
  const double beta = (l2 - l1) / (b - a);
  const double alpha = l1 - beta * a;
  if (!(threshold > alpha)) return std::nullopt;
  return upper - beta / (threshold - alpha);
}

struct Bracket {
  const KneePoint* under = nullptr;
  const KneePoint* over = nullptr;
};

}  // namespace

KneeResult find_knee(
    const std::function<std::optional<KneePoint>(double rate, double threshold)>& run_at,
    const KneeConfig& config) {
  KneeResult result;
  const double upper = std::min(1.0, std::max(config.upper, 1e-6));
  std::size_t runs = 0;
  // Runs of the search keep their place: points are referred to by index.
  const auto run = [&](double rate, double threshold,
                       bool zero_load) -> std::optional<std::size_t> {
    std::optional<KneePoint> p = run_at(rate, threshold);
    if (!p) return std::nullopt;
    p->rate = rate;
    p->zero_load = zero_load;
    p->over = threshold > 0 && p->measured && (p->stopped_over || p->latency > threshold);
    // A saturated run that delivered nothing labelled is over whatever its latency.
    if (threshold > 0 && p->saturated && !p->measured) p->over = true;
    result.points.push_back(*p);
    return result.points.size() - 1;
  };
  double zero_rate = upper * kZeroLoadShare;
  bool refined = false;
  std::optional<std::size_t> ceiling;  // the lowest run over the threshold so far
  while (true) {
    const std::optional<std::size_t> zero = run(zero_rate, 0, true);
    if (!zero) return result;
    const KneePoint z = result.points[*zero];
    result.zero_load_rate = zero_rate;
    result.zero_load_latency = z.latency;
    result.threshold = config.factor * z.latency;
    result.budget_decides = false;
    if (config.budget_slots > 0 && config.budget_slots < result.threshold) {
      result.threshold = config.budget_slots;
      result.budget_decides = true;
    }
    if (!z.measured || z.latency >= result.threshold) {
      // Nothing delivered at zero load, or a budget below the zero-load latency: no knee above
      // the zero-load rate.
      result.under_rate = 0;
      result.over_rate = zero_rate;
      result.bracketed = z.measured;
      result.offered = 0;
      return result;
    }
    std::size_t lo = *zero;
    // A lower zero-load latency lowers the threshold: a run over it stays over.
    std::optional<std::size_t> hi = ceiling;
    double low = zero_rate;
    double high = hi ? result.points[*hi].rate : upper;
    int same_end = 0;  // runs in a row that moved the same end of the bracket
    bool moved_high = false;
    bool interrupted = false;
    for (; runs < config.max_points && high - low > config.tolerance * high; ++runs) {
      const KneePoint& l = result.points[lo];
      std::optional<double> estimate =
          hi ? model_crossing(upper, low, l.latency, high, result.points[*hi].latency,
                              result.threshold)
             : model_crossing(upper, 0, result.zero_load_latency, low, l.latency, result.threshold);
      if (lo == *zero && !hi) estimate.reset();  // one point says nothing of the curve
      double next = (low + high) / 2;
      const double margin = 0.1 * (high - low);
      if (estimate && *estimate > low + margin && *estimate < high - margin && same_end < 3) {
        const double step = config.tolerance * high / 3;
        next = *estimate - low > high - *estimate ? *estimate - step : *estimate + step;
        next = std::clamp(next, low + margin, high - margin);
      }
      const std::optional<std::size_t> p = run(next, result.threshold, false);
      if (!p) {
        interrupted = true;
        break;
      }
      const bool over = result.points[*p].over;
      same_end = over == moved_high ? same_end + 1 : 1;
      moved_high = over;
      if (over) {
        hi = *p;
        high = next;
      } else {
        lo = *p;
        low = next;
      }
    }
    result.under_rate = low;
    result.over_rate = hi ? high : 0;
    result.bracketed = hi.has_value();
    const KneePoint& u = result.points[lo];
    result.throughput = u.accepted;
    result.latency = u.latency;
    result.offered = low;
    if (hi) {
      const KneePoint& o = result.points[*hi];
      const double rise = o.latency - u.latency;
      const double share = rise > 0 ? (result.threshold - u.latency) / rise : 0.5;
      result.offered = low + std::clamp(share, 0.0, 1.0) * (high - low);
    }
    if (interrupted || refined || !hi || zero_rate * kRefineFactor <= low) return result;
    // The knee lies close to the zero-load rate: measure the zero-load latency lower down.
    refined = true;
    ceiling = hi;
    zero_rate = low * kZeroLoadShare;
  }
}

std::string knee_criterion(const KneeConfig& config, const KneeResult& result, double slot_ns) {
  char text[200];
  if (result.budget_decides) {
    std::snprintf(text, sizeof text, "latency budget %.6g ns (%.6g slots)",
                  config.budget_slots * slot_ns, config.budget_slots);
  } else {
    std::snprintf(text, sizeof text, "%.6g x zero-load latency (%.6g slots)", config.factor,
                  result.threshold);
  }
  return text;
}

}  // namespace optinet
