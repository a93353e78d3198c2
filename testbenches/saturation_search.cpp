#include "testbenches/saturation_search.h"

#include <algorithm>
#include <cmath>

namespace optinet {

namespace {

/// The result's throughput and peak from the points so far.
void take_throughput(SaturationSearchResult& result) {
  const SearchPoint* best = nullptr;
  for (const SearchPoint& p : result.points) {
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

}  // namespace

SaturationSearchResult find_saturation(
    const std::function<std::optional<SearchPoint>(double rate)>& run_at,
    const SaturationSearchConfig& config) {
  SaturationSearchResult result;
  const auto run = [&](double rate) {
    const std::optional<SearchPoint> p = run_at(rate);
    if (p) result.points.push_back(*p);
    return p;
  };
  double low = 0;
  double high = std::min(1.0, std::max(config.bound, 1e-3) * kBoundFactor);
  std::optional<SearchPoint> top = run(high);
  while (top && !top->saturated && high < 1 && result.points.size() < config.max_points) {
    low = high;
    high = std::min(1.0, high * 1.5);
    top = run(high);
  }
  if (!top) {
    take_throughput(result);
    return result;
  }
  if (!top->saturated) {
    result.stable_rate = high;
    take_throughput(result);
    return result;
  }
  double carried = top->accepted;
  while (high - low > config.tolerance * high && result.points.size() < config.max_points) {
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
  result.bracketed = true;
  result.stable_rate = low;
  result.saturated_rate = high;
  take_throughput(result);
  return result;
}

}  // namespace optinet
