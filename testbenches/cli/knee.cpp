#include <algorithm>
#include <cstdio>

#include "testbenches/cli/driver.h"
#include "testbenches/open_loop/knee_search.h"

namespace optinet {

namespace driver {

std::optional<KneePoint> RatePoints::run_knee(double rate, double threshold) {
  OpenLoopHost& host = *command_.open_loop()->open_loop_host();
  host.set_latency_limit(threshold);
  const std::optional<SearchPoint> run = this->run(rate, common_.max_slots);
  host.set_latency_limit(0);
  if (!run) return std::nullopt;
  const OpenLoopResult& r = host.result();
  KneePoint p;
  p.rate = rate;
  p.offered = run->offered;
  p.accepted = run->accepted;
  p.saturated = run->saturated;
  const std::uint64_t in_flight = r.labelled - r.labelled_delivered - r.labelled_lost;
  const double counted = static_cast<double>(r.labelled_delivered + in_flight);
  p.measured = r.labelled_delivered > 0;
  if (p.measured) {
    p.latency =
        (r.latency.mean() * static_cast<double>(r.latency.count()) + r.labelled_age_sum) / counted;
  }
  p.latency_interval = r.steady.latency;
  p.stopped_over = r.steady.window_method == "latency-limit";
  p.slots = runs.back().fields.value("slots", std::uint64_t{0});
  return p;
}

Json knee_search(NetworkCommand& command, RatePoints& points, const CommonOptions& common,
                 const OpenLoopBounds& bounds) {
  KneeConfig config;
  const bool capacity = bounds.protocol.value.has_value();
  config.upper =
      capacity ? std::min(*bounds.protocol.value, bounds.hardware.value) : bounds.hardware.value;
  config.factor = common.knee_factor;
  const double slot_ns = common.result_slot_ns();
  config.budget_slots = common.latency_budget_ns / slot_ns;
  OpenLoopHost& host = *command.open_loop()->open_loop_host();
  const double precision =
      common.precision_given ? common.open_loop->steady.precision : kKneePrecision;
  host.set_precision(precision);
  const KneeResult r = find_knee(
      [&points](double rate, double threshold) { return points.run_knee(rate, threshold); },
      config);
  host.set_precision(common.open_loop->steady.precision);
  Json tried = Json::array();
  for (const KneePoint& p : r.points) {
    tried.push_back(Json{
        {"rate", p.rate},
        {"offered_per_sender", p.offered},
        {"accepted_per_sender", p.accepted},
        {"latency", p.measured ? Json(p.latency) : Json()},
        {"latency_ci", p.latency_interval
                           ? Json::array({p.latency_interval->low(), p.latency_interval->high()})
                           : Json()},
        {"zero_load", p.zero_load},
        {"over", p.over},
        {"stopped_over", p.stopped_over},
        {"saturated", p.saturated},
        {"slots", p.slots}});
  }
  const auto ns = [slot_ns](double slots) { return slots * slot_ns; };
  return Json{{"throughput", r.throughput},
              {"offered", r.offered},
              {"latency", r.latency},
              {"latency_ns", ns(r.latency)},
              {"zero_load_latency", r.zero_load_latency},
              {"zero_load_latency_ns", ns(r.zero_load_latency)},
              {"zero_load_rate", r.zero_load_rate},
              {"threshold", r.threshold},
              {"threshold_ns", ns(r.threshold)},
              {"criterion", knee_criterion(config, r, slot_ns)},
              {"factor", config.factor},
              {"budget_ns", common.latency_budget_ns > 0 ? Json(common.latency_budget_ns) : Json()},
              {"upper", config.upper},
              {"upper_from", capacity ? "protocol capacity" : "hardware bound"},
              {"under_rate", r.under_rate},
              {"over_rate", r.bracketed ? Json(r.over_rate) : Json()},
              {"bracketed", r.bracketed},
              {"tolerance", config.tolerance},
              {"precision", precision},
              {"points", tried}};
}

void print_knee(std::ostream& out, const Json& k) {
  char text[400];
  if (!k.at("bracketed").get<bool>()) {
    std::snprintf(text, sizeof text,
                  "knee: not reached up to %.4f (%s): latency %.4g slots there, against %s; "
                  "%zu runs\n",
                  k["under_rate"].get<double>(), k["upper_from"].get<std::string>().c_str(),
                  k["latency"].get<double>(), k["criterion"].get<std::string>().c_str(),
                  k["points"].size());
  } else {
    std::snprintf(text, sizeof text,
                  "knee: %.4f offered (between %.4f and %.4f), %.4f accepted at %.4f with latency "
                  "%.4g slots (%.4g ns); threshold %s, zero-load latency %.4g slots; %zu runs\n",
                  k["offered"].get<double>(), k["under_rate"].get<double>(),
                  k["over_rate"].get<double>(), k["throughput"].get<double>(),
                  k["under_rate"].get<double>(), k["latency"].get<double>(),
                  k["latency_ns"].get<double>(), k["criterion"].get<std::string>().c_str(),
                  k["zero_load_latency"].get<double>(), k["points"].size());
  }
  out << text;
}

}  // namespace driver

}  // namespace optinet
