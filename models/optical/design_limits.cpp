#include "models/optical/design_limits.h"

#include <cmath>
#include <cstdio>

namespace optinet {

namespace {

std::string figure_text(double v, const char* unit) {
  char text[64];
  if (std::string(unit) == "dBm") {
    std::snprintf(text, sizeof text, "%+.2f dBm", v);
  } else {
    std::snprintf(text, sizeof text, "%.4g %s", v, unit);
  }
  return text;
}

LimitViolation violation(const char* name, double figure, double limit, const char* unit,
                         const std::string& what) {
  return LimitViolation{
      name, figure, limit, unit,
      what + " " + figure_text(figure, unit) + ", above the limit of " + figure_text(limit, unit)};
}

}  // namespace

std::vector<std::string> limit_violation_names() {
  return {"launch_ceiling", "launch_ceiling_worst_case", "receiver_overload", "die_power_density",
          "transceivers",   "per_node_laser_capacity"};
}

double die_power_w(const PhysicalBudget& budget) { return budget.laser_w + budget.static_w; }

std::vector<LimitViolation> design_violations(const DeviceParameters& p, const LinkBudget& link,
                                              const PhysicalBudget& budget) {
  std::vector<LimitViolation> out;
  // A comparison with a NaN is false: a required launch that is not a number is above any limit.
  if (!(budget.required_launch_dbm <= p.max_launch_power_dbm)) {
    out.push_back(violation("launch_ceiling", budget.required_launch_dbm, p.max_launch_power_dbm,
                            "dBm", "the budget needs a launch of"));
  }
  if (!(budget.required_launch_worst_dbm <= p.max_launch_power_dbm)) {
    out.push_back(violation("launch_ceiling_worst_case", budget.required_launch_worst_dbm,
                            p.max_launch_power_dbm, "dBm",
                            "the worst-case budget needs a launch of"));
  }
  if (link.received_power_dbm > p.max_received_power_dbm) {
    out.push_back(violation("receiver_overload", link.received_power_dbm, p.max_received_power_dbm,
                            "dBm",
                            "a receiver takes (the installed launch through the typical loss)"));
  }
  if (p.die_area_mm2 > 0) {
    const double density = die_power_w(budget) / p.die_area_mm2;
    if (!(density <= p.max_power_density_w_per_mm2)) {
      out.push_back(violation("die_power_density", density, p.max_power_density_w_per_mm2, "W/mm^2",
                              "every laser lit and the static power put on the die"));
    }
  }
  const std::uint64_t transceivers = budget.counts.transmitters + budget.counts.receivers;
  if (p.max_transceivers > 0 && transceivers > p.max_transceivers) {
    out.push_back(violation("transceivers", double(transceivers), double(p.max_transceivers),
                            "transceivers", "the design has"));
  }
  // One laser per node lights one medium at a time: at most `nodes` media a slot, where the
  // shape's capacity lights every medium.
  const std::uint64_t nodes = laser_nodes(budget.counts);
  if (effective_laser_mode(p) == LaserMode::kPerNode && nodes > 0 && budget.counts.media > nodes) {
    out.push_back(violation("per_node_laser_capacity", double(budget.counts.media) / double(nodes),
                            1.0, "media per laser",
                            "at capacity every medium is lit, one laser per node would light"));
  }
  return out;
}

}  // namespace optinet
