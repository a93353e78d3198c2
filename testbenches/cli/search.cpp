#include <cstdio>

#include "testbenches/cli/driver.h"

namespace optinet {

namespace driver {

/// A search's first slot limit: --max-slots divided by kLongerFactor twice, or less often where
/// a shorter run would leave no room for the measured warm-up and window.
std::uint64_t first_search_slots(const OpenLoopHost& host, std::uint64_t max_slots) {
  std::uint64_t slots = max_slots;
  for (int step = 0; step < 2 && host.slot_limit_fits(slots / kLongerFactor); ++step) {
    slots /= kLongerFactor;
  }
  return slots;
}

/// --find-saturation: the search from the hardware bound `bound`; its result as JSON.
Json saturation_search(NetworkCommand& command, RatePoints& points, double bound,
                       std::uint64_t max_slots) {
  SaturationSearchConfig config;
  config.bound = bound;
  config.max_slots = max_slots;
  config.first_slots = first_search_slots(*command.open_loop()->open_loop_host(), max_slots);
  const SaturationSearchResult result = find_saturation(
      [&points](double rate, std::uint64_t slots) { return points.run(rate, slots); }, config);
  Json tried = Json::array();
  for (const SearchPoint& p : result.points) {
    tried.push_back(Json{{"rate", p.rate},
                         {"offered_per_sender", p.offered},
                         {"accepted_per_sender", p.accepted},
                         {"saturated", p.saturated},
                         {"unsettled", p.unsettled},
                         {"imprecise", p.imprecise},
                         {"max_slots", p.max_slots},
                         {"superseded", p.superseded}});
  }
  // A verdict in doubt with all of --max-slots is the run length's, not the network's.
  const bool bounded = result.saturated_in_doubt || result.stable_in_doubt;
  return Json{{"decides", "strict stability: the highest rate whose backlog does not grow"},
              {"verdict", bounded ? "bounded by the run length" : "decided"},
              {"throughput", result.throughput},
              {"ci_low", result.ci_low},
              {"ci_high", result.ci_high},
              {"stable_rate", result.stable_rate},
              {"saturated_rate", result.bracketed ? Json(result.saturated_rate) : Json()},
              {"bracketed", result.bracketed},
              {"saturated_in_doubt", result.saturated_in_doubt},
              {"stable_in_doubt", result.stable_in_doubt},
              {"peak_accepted", result.peak_accepted},
              {"tolerance", config.tolerance},
              {"first_slots", config.first_slots},
              {"points", tried}};
}

/// --rates: a latency-throughput curve, one run per rate; with `auto`, the knee first where the
/// protocol's capacity is known (into `searches.knee`), then kKneeShares of it; else the
/// stability search (into `searches.stability`), then kCurveShares of its throughput.
Json latency_curve(NetworkCommand& command, RatePoints& points, const CommonOptions& common,
                   const OpenLoopBounds& bounds, RateSearches& searches) {
  static constexpr double kCurveShares[] = {0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95};
  static constexpr double kKneeShares[] = {0.1, 0.3, 0.5, 0.7, 0.9, 1, 1.1, 1.25};
  std::vector<double> chosen = common.curve_rates;
  if (chosen.empty() && bounds.protocol.value) {
    searches.knee = knee_search(command, points, common, bounds);
    const double knee = searches.knee["offered"].get<double>();
    const double upper = searches.knee["upper"].get<double>();
    for (double share : kKneeShares) {
      // Past the knee but short of the capacity, where the latency has no steady state.
      double rate = share * knee;
      if (share > 1 && rate >= upper) rate = (knee + upper) / 2 + (share - 1.1) * (upper - knee);
      if (rate > 0 && rate < upper) chosen.push_back(rate);
    }
  } else if (chosen.empty()) {
    searches.stability =
        saturation_search(command, points, bounds.hardware.value, common.max_slots);
    for (double share : kCurveShares) {
      chosen.push_back(share * searches.stability["throughput"].get<double>());
    }
  }
  for (double rate : chosen) {
    if (!points.run(rate, common.max_slots)) break;
  }
  Json curve{{"rates", common.curve_rates.empty() ? Json("auto") : Json(common.curve_rates)}};
  if (!searches.knee.is_null()) curve["knee"] = searches.knee["offered"];
  return curve;
}

RateSearches run_rate_searches(NetworkCommand& command, RatePoints& points,
                               const CommonOptions& common, const OpenLoopBounds& bounds) {
  RateSearches searches;
  if (common.curve) {
    searches.curve = latency_curve(command, points, common, bounds, searches);
  } else if (common.find_knee) {
    searches.knee = knee_search(command, points, common, bounds);
  } else {
    searches.stability =
        saturation_search(command, points, bounds.hardware.value, common.max_slots);
  }
  if (!searches.stability.is_null() && bounds.protocol.value) {
    searches.stability["protocol_capacity"] = *bounds.protocol.value;
  }
  return searches;
}

/// The search's line of the summary.
void print_saturation(std::ostream& out, const Json& s) {
  char text[300];
  if (s.at("bracketed").get<bool>()) {
    std::snprintf(text, sizeof text,
                  "saturation: throughput %.4f [%.4f, %.4f] packets/sending node/slot; stable at "
                  "offered %.4f, saturated at %.4f; peak accepted %.4f; %zu points\n",
                  s["throughput"].get<double>(), s["ci_low"].get<double>(),
                  s["ci_high"].get<double>(), s["stable_rate"].get<double>(),
                  s["saturated_rate"].get<double>(), s["peak_accepted"].get<double>(),
                  s["points"].size());
  } else {
    std::snprintf(text, sizeof text,
                  "saturation: not reached up to rate 1 (accepted %.4f [%.4f, %.4f]); %zu "
                  "points\n",
                  s["throughput"].get<double>(), s["ci_low"].get<double>(),
                  s["ci_high"].get<double>(), s["points"].size());
  }
  out << text;
  if (s.value("saturated_in_doubt", false)) {
    out << "saturation: the run saturated at the upper rate never settled its warm-up within "
           "--max-slots (a slow transient grows the backlog too): the throughput may be higher\n";
  }
  if (s.value("stable_in_doubt", false)) {
    out << "saturation: the run stable at the lower rate closed its window at --max-slots, "
           "imprecise or too short to tell a transient from saturation: give more slots\n";
  }
  if (s.contains("protocol_capacity") && s.value("bracketed", false) &&
      s["saturated_rate"].get<double>() < s["protocol_capacity"].get<double>()) {
    std::snprintf(text, sizeof text,
                  "saturation: the protocol's capacity is %.4f, above the bracket: %s\n",
                  s["protocol_capacity"].get<double>(),
                  s.value("saturated_in_doubt", false)
                      ? "the verdict is bounded by the run length (--max-slots), not decided"
                      : "the runs saturated below it");
    out << text;
  }
}

}  // namespace driver

}  // namespace optinet
