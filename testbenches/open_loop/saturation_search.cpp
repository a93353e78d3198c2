#include "testbenches/open_loop/saturation_search.h"

#include <algorithm>
#include <cmath>

namespace optinet {

namespace {

/// The result's throughput and peak from the points so far.
void take_throughput(SaturationSearchResult& result) {
  const SearchPoint* best = nullptr;
  for (const SearchPoint& p : result.points) {
    if (p.superseded) continue;
    result.peak_accepted = std::max(result.peak_accepted, p.accepted);
    if (!p.saturated && (best == nullptr || p.accepted > best->accepted)) best = &p;
  }
  if (best == nullptr) return;
  result.throughput = best->accepted;
  result.ci_low = best->accepted_interval ? best->accepted_interval->low() : best->accepted;
  result.ci_high = best->accepted_interval ? best->accepted_interval->high() : best->accepted;
}

bool tried(const SaturationSearchResult& result, double rate) {
  return std::any_of(result.points.begin(), result.points.end(),
                     [rate](const SearchPoint& p) { return p.rate == rate; });
}

/// The run that decides `rate` (its last one), if it was tried.
SearchPoint* latest_at(SaturationSearchResult& result, double rate) {
  for (auto p = result.points.rbegin(); p != result.points.rend(); ++p) {
    if (p->rate == rate) return &*p;
  }
  return nullptr;
}

/// The highest rate below `rate` whose deciding run was stable (0: none).
double highest_stable_below(const SaturationSearchResult& result, double rate) {
  double best = 0;
  for (const SearchPoint& p : result.points) {
    if (!p.superseded && !p.saturated && p.rate < rate) best = std::max(best, p.rate);
  }
  return best;
}

}  // namespace

bool verdict_in_doubt(const SearchPoint& p) { return p.saturated ? p.unsettled : p.imprecise; }

SaturationSearchResult find_saturation(
    const std::function<std::optional<SearchPoint>(double rate, std::uint64_t max_slots)>& run_at,
    const SaturationSearchConfig& config) {
  SaturationSearchResult result;
  std::size_t rates = 0;
  bool interrupted = false;
  // A rate's runs, from the first slot limit up while the verdict is in doubt.
  const auto run = [&](double rate) {
    ++rates;
    std::uint64_t slots = config.first_slots != 0 ? config.first_slots : config.max_slots;
    std::optional<SearchPoint> p = run_at(rate, slots);
    while (p && verdict_in_doubt(*p) && slots < config.max_slots) {
      result.points.push_back(*p);
      result.points.back().superseded = true;
      slots = std::min(config.max_slots, slots * kLongerFactor);
      p = run_at(rate, slots);
    }
    if (p) result.points.push_back(*p);
    interrupted = !p;
    return p;
  };
  // The stable rate gives the throughput, and a short run's stable verdict may miss a backlog
  // that grows slowly (random access near its knee): it is confirmed with all of max_slots.
  // Returns false when the confirming run saturates (or was interrupted).
  const auto stays_stable = [&](double rate) {
    SearchPoint* deciding = latest_at(result, rate);
    if (deciding == nullptr || deciding->max_slots >= config.max_slots) return true;
    deciding->superseded = true;
    const std::optional<SearchPoint> p = run_at(rate, config.max_slots);
    interrupted = !p;
    if (p) result.points.push_back(*p);
    return p && !p->saturated;
  };
  double low = 0;
  double high = std::min(1.0, std::max(config.bound, 1e-3) * kBoundFactor);
  std::optional<SearchPoint> top = run(high);
  while (top && !top->saturated && high < 1 && rates < config.max_points) {
    low = high;
    high = std::min(1.0, high * 1.5);
    top = run(high);
  }
  if (interrupted || (!top->saturated && stays_stable(high))) {
    if (!interrupted) {
      result.stable_rate = high;
      result.stable_in_doubt = verdict_in_doubt(result.points.back());
    }
    take_throughput(result);
    return result;
  }
  double carried = result.points.back().accepted;  // the saturated point's
  while (!interrupted) {
    while (high - low > config.tolerance * high && rates < config.max_points) {
      double next = (low + high) / 2;
      if (carried > low && carried < high && !tried(result, carried)) next = carried;
      const std::optional<SearchPoint> p = run(next);
      if (!p) break;
      if (p->saturated) {
        high = next;
        carried = p->accepted;
      } else {
        low = next;
      }
    }
    if (interrupted || stays_stable(low)) break;
    high = low;
    carried = result.points.back().accepted;
    low = highest_stable_below(result, high);
  }
  result.bracketed = true;
  result.stable_rate = low;
  result.saturated_rate = high;
  for (const SearchPoint& p : result.points) {
    if (p.superseded) continue;
    if (p.rate == high) result.saturated_in_doubt = verdict_in_doubt(p);
    if (p.rate == low) result.stable_in_doubt = verdict_in_doubt(p);
  }
  take_throughput(result);
  return result;
}

}  // namespace optinet
