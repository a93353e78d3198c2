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
  return Json{{"throughput", result.throughput},
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

/// --rates: a latency-throughput curve, one run per rate; with `auto`, the saturation search
/// first (into `search`), then the shares kCurveShares of its throughput not tried yet.
Json latency_curve(NetworkCommand& command, RatePoints& points, const std::vector<double>& rates,
                   double bound, std::uint64_t max_slots, Json& search) {
  static constexpr double kCurveShares[] = {0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95};
  std::vector<double> chosen = rates;
  if (rates.empty()) {
    search = saturation_search(command, points, bound, max_slots);
    for (double share : kCurveShares) chosen.push_back(share * search["throughput"].get<double>());
  }
  for (double rate : chosen) {
    if (!points.run(rate, max_slots)) break;
  }
  return Json{{"rates", rates.empty() ? Json("auto") : Json(rates)}};
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
}

}  // namespace driver

}  // namespace optinet
