#include <cstdio>
#include <cstring>
#include <iomanip>
#include <optional>

#include "testbenches/cli/driver.h"

namespace optinet {

namespace driver {

/// The field over the runs that measured it (a null field, such as the latency of a run that
/// delivered no labelled packet, is left out); nothing if none did.
std::optional<Summary> summarize_field(const std::vector<RunRecord>& runs,
                                       const std::string& field) {
  std::vector<double> values;
  values.reserve(runs.size());
  for (const RunRecord& r : runs) {
    const Json& value = r.fields.at(field);
    if (!value.is_null()) values.push_back(value.get<double>());
  }
  if (values.empty()) return std::nullopt;
  return summarize(values);
}

bool all_ok(const std::vector<RunRecord>& runs) {
  for (const RunRecord& r : runs) {
    if (!r.ok()) return false;
  }
  return true;
}

/// Open-loop runs: the two bounds, the last run's busiest and most collided media, and how
/// many runs saturated.
void print_open_loop_summary(std::ostream& out, const OpenLoopBounds& bounds,
                             const std::vector<RunRecord>& runs) {
  out << "bounds: hardware " << bounds.hardware.value << " packets/node/slot ("
      << (bounds.hardware.method == "lp" ? "linear program" : "cut") << "; "
      << bounds.hardware.bottleneck << "), routing " << bounds.routing.rate << " ("
      << bounds.routing.bottleneck << ")\n";
  out << "protocol capacity: ";
  if (bounds.protocol.value) out << *bounds.protocol.value << " packets/node/slot (";
  out << bounds.protocol.how << (bounds.protocol.value ? ")\n" : "\n");
  out << "media:";
  const Json& last = runs.back().fields;
  if (last.contains("busiest_medium")) {
    out << " busiest " << last["busiest_medium"].get<std::string>();
  }
  out << (last.contains("most_collided_medium")
              ? ", most collided " + last["most_collided_medium"].get<std::string>()
              : ", no collision");
  std::size_t saturated = 0;
  for (const RunRecord& r : runs) saturated += r.fields.value("saturated", false) ? 1 : 0;
  if (saturated > 0)
    out << "; " << saturated
        << " run(s) SATURATED (from the window's measures or the backlog limit)";
  std::size_t undrained = 0;
  for (const RunRecord& r : runs) undrained += r.fields.value("drained", true) ? 0 : 1;
  if (undrained > 0) out << "; " << undrained << " run(s) not drained by --max-slots";
  out << '\n';
}

namespace {

/// Whether the design can be built: "buildable" or every limit it exceeds.
void print_buildable(std::ostream& out, const Json& budget) {
  if (!budget.contains("buildable")) return;
  if (budget["buildable"].get<bool>()) {
    out << "power: buildable (no device limit exceeded)\n";
    return;
  }
  out << "power: NOT BUILDABLE:";
  const char* separator = " ";
  for (const Json& v : budget["violations"]) {
    out << separator << v["name"].get<std::string>() << " (" << v["reason"].get<std::string>()
        << ")";
    separator = "; ";
  }
  out << '\n';
}

/// The launch ceiling the design exceeds (its `launch_ceiling` violation's limit), if any.
std::optional<double> exceeded_launch_ceiling(const Json& budget) {
  if (!budget.contains("violations")) return std::nullopt;
  for (const Json& v : budget["violations"]) {
    if (v["name"].get<std::string>() == "launch_ceiling") return v["limit"].get<double>();
  }
  return std::nullopt;
}

/// What a negative margin at the installed launch means: the laser is sized to the launch the
/// budget requires, so the budget closes there unless that launch is above the ceiling.
std::string closing_text(const Json& b, std::optional<double> ceiling) {
  const double margin = b["margin_db"].get<double>();
  if (margin >= 0) return "";
  const double launch = b["received_power_dbm"].get<double>() + b["total_loss_db"].get<double>();
  const double required = launch - margin;
  const bool above = ceiling && required > *ceiling;
  char text[160];
  std::snprintf(text, sizeof text, " at the %+.2f dBm launch: %s %+.2f dBm%s", launch,
                above ? "needs" : "closes at the required launch of", required,
                above ? ", above the launch ceiling" : "");
  return text;
}

}  // namespace

/// Every medium kind's power budget; a budget that closes only at a launch above the installed
/// one says at which, and whether that is above the launch ceiling.
void print_power_budget(std::ostream& out, const Json& budget) {
  const std::optional<double> ceiling = exceeded_launch_ceiling(budget);
  for (const auto& [medium, b] : budget.items()) {
    if (!b.is_object() || !b.contains("margin_db")) continue;  // a medium's budget, not `parts`
    char text[400];
    std::snprintf(text, sizeof text,
                  "power: %s (%s, fan-out %u): received %.2f dBm, margin %.2f dB%s; largest "
                  "fan-out %u at the installed launch\n",
                  medium.c_str(), b["kind"].get<std::string>().c_str(), b["fanout"].get<unsigned>(),
                  b["received_power_dbm"].get<double>(), b["margin_db"].get<double>(),
                  closing_text(b, ceiling).c_str(), b["max_fanout"].get<unsigned>());
    out << text;
  }
  if (!budget.contains("transmitters")) return;
  print_buildable(out, budget);
  char text[300];
  if (budget["laser_w"].is_null()) {
    std::snprintf(text, sizeof text,
                  "power: %llu transmitters, %llu receivers; laser: none (%s); static %.4g W\n",
                  budget["transmitters"].get<unsigned long long>(),
                  budget["receivers"].get<unsigned long long>(),
                  budget["laser_why"].get<std::string>().c_str(), budget["static_w"].get<double>());
    out << text;
    return;
  }
  std::snprintf(text, sizeof text,
                "power: %llu transmitters, %llu receivers; laser %.4g mW per transmitter "
                "(required launch %.2f dBm), %.4g W electrical for all lit (%s); static %.4g W\n",
                budget["transmitters"].get<unsigned long long>(),
                budget["receivers"].get<unsigned long long>(),
                budget["laser_mw_per_transmitter"].get<double>(),
                budget["required_launch_dbm"].get<double>(), budget["laser_w"].get<double>(),
                budget["laser"].get<std::string>().c_str(), budget["static_w"].get<double>());
  out << text;
  if (budget.contains("parts")) {
    const Json& parts = budget["parts"];
    out << "power: parts: " << budget["lasers"].get<unsigned long long>() << " lasers ("
        << budget["laser"].get<std::string>() << "), "
        << parts["modulators"].get<unsigned long long>() << " modulators, "
        << parts["photodetectors"].get<unsigned long long>() << " photodetectors, "
        << parts["rings"].get<unsigned long long>() << " rings, "
        << parts["stars"].get<unsigned long long>() << " media, "
        << parts["fibres"].get<unsigned long long>() << " fibres, "
        << parts["waveguides"].get<unsigned long long>() << " waveguides";
    if (!parts["cost"].is_null()) out << "; cost " << parts["cost"].get<double>();
    out << '\n';
  }
  const auto control_tx = budget.value("control_transmitters", 0ULL);
  const auto control_rx = budget.value("control_receivers", 0ULL);
  if (control_tx + control_rx > 0) {
    out << "power: of them the control plane's " << control_tx << " transmitters and " << control_rx
        << " receivers\n";
  }
}

/// The energy per delivered bit of the runs, by part (means over the runs that measured it).
void print_energy(std::ostream& out, const std::vector<RunRecord>& runs) {
  const char* const parts[] = {"laser", "modulator", "receiver", "serdes", "static"};
  double total = 0, collision = 0, control = 0, part[5] = {};
  std::size_t counted = 0;
  std::string why;
  for (const RunRecord& r : runs) {
    if (r.fields.contains("energy_why") && why.empty()) why = r.fields["energy_why"];
    if (!r.fields.contains("energy_parts_pj_per_bit")) continue;
    ++counted;
    total += r.fields["energy_per_bit_pj"].get<double>();
    collision += r.fields["energy_collision_share"].get<double>();
    control += r.fields.value("energy_control_share", 0.0);
    for (int i = 0; i < 5; ++i)
      part[i] += r.fields["energy_parts_pj_per_bit"][parts[i]].get<double>();
  }
  if (counted == 0) {
    if (!why.empty()) out << "energy: none per delivered bit (" << why << ")\n";
    return;
  }
  char text[400];
  int n = std::snprintf(text, sizeof text, "energy: %.4g pJ per delivered bit (",
                        total / double(counted));
  for (int i = 0; i < 5; ++i) {
    n += std::snprintf(text + n, sizeof text - n, "%s%s %.4g", i ? ", " : "", parts[i],
                       part[i] / double(counted));
  }
  n += std::snprintf(text + n, sizeof text - n, "); %.1f%% spent on collided frames",
                     100.0 * collision / double(counted));
  if (control > 0) {
    std::snprintf(text + n, sizeof text - n, ", %.1f%% on the control plane",
                  100.0 * control / double(counted));
  }
  std::snprintf(text + std::strlen(text), sizeof text - std::strlen(text), "\n");
  out << text;
}

void print_summary(std::ostream& out, const NetworkCommand& command,
                   const std::vector<RunRecord>& runs, double elaboration, double simulation) {
  // Loads are fractions of a packet per slot: four decimals; slot counts two.
  const bool loads = command.summary_fields() == open_loop_summary_fields();
  out << std::fixed << std::setprecision(loads ? 4 : 2) << "summary over " << runs.size()
      << " run(s):";
  const char* separator = " ";
  for (const std::string& field : command.summary_fields()) {
    const std::optional<Summary> s = summarize_field(runs, field);
    out << separator << field;
    if (s) {
      out << " mean " << s->mean << " sd " << s->sd << " max " << s->max << " min " << s->min;
    } else {
      out << " not measured";
    }
    separator = "; ";
  }
  out << '\n';
  out.unsetf(std::ios::floatfield);
  std::size_t failed = 0;
  for (const RunRecord& r : runs) failed += r.ok() ? 0 : 1;
  std::size_t to_faults = 0;
  for (const RunRecord& r : runs) to_faults += r.undelivered_to_faults;
  if (failed == 0 && to_faults > 0) {
    out << "check: no model error; " << to_faults
        << " packet(s) not delivered because of injected faults (listed above)\n";
  } else if (failed == 0) {
    const std::string also = command.invariants();
    out << "check: every packet delivered exactly once, intact, to its destination"
        << (also.empty() ? "" : "; " + also) << '\n';
  } else {
    out << "check: " << failed << " run(s) FAILED (see errors above)\n";
  }
  const auto precision = out.precision(3);
  out << "time: elaboration " << elaboration << " s, simulation " << simulation << " s\n";
  out.precision(precision);
}

}  // namespace driver

}  // namespace optinet
