#include <cmath>
#include <cstdio>

#include "models/optical/design_limits.h"
#include "models/optical/part_counts.h"
#include "testbenches/cli/driver.h"

namespace optinet {

using namespace driver;

namespace {

/// An interval as [low, high], or null.
Json interval_json(const std::optional<Interval>& i) {
  return i ? Json::array({i->low(), i->high()}) : Json();
}

/// How the window was chosen, its intervals and the saturation verdict.
Json steady_state_json(const SteadyStateReport& s) {
  const auto autocorrelation = [](const std::optional<Interval>& i) {
    return i ? Json(i->lag1_autocorrelation) : Json();
  };
  return Json{{"warmup_slots", s.warmup_slots},
              {"warmup_method", s.warmup_method},
              {"window_slots", s.window_slots},
              {"window_method", s.window_method},
              {"batch_slots", s.batch_slots},
              {"max_slots", s.max_slots},
              {"batches", s.accepted ? s.accepted->batches : 0},
              {"accepted_ci", interval_json(s.accepted)},
              {"latency_ci", interval_json(s.latency)},
              {"backlog_growth", s.backlog_growth ? Json(s.backlog_growth->mean) : Json()},
              {"backlog_growth_ci", interval_json(s.backlog_growth)},
              {"lag1_autocorrelation", Json{{"accepted", autocorrelation(s.accepted)},
                                            {"latency", autocorrelation(s.latency)}}}};
}

/// Per message: counts, offered and accepted messages, latency to the last frame (null when
/// no labelled message was delivered).
Json messages_json(const MessageResult& m) {
  const bool measured = m.latency.count() > 0;
  const auto latency = [measured](auto value) { return measured ? Json(value) : Json(); };
  return Json{{"sizes", m.sizes},
              {"frames_mean", m.frames_mean},
              {"created", m.created},
              {"refused", m.refused},
              {"labelled", m.labelled},
              {"labelled_delivered", m.labelled_delivered},
              {"delivered", m.delivered},
              {"lost", m.lost},
              {"open", m.open},
              {"frames_in_flight", m.in_flight},
              {"out_of_order_frames", m.out_of_order},
              {"offered", m.offered},
              {"accepted", m.accepted},
              {"latency_mean", latency(m.latency.mean())},
              {"latency_p50", latency(m.latency.p50())},
              {"latency_p99", latency(m.latency.p99())},
              {"latency_max", latency(m.latency.max())}};
}

/// A latency's mean, p50, p99 and max (null when nothing was measured).
Json latency_summary_json(const LatencyStats& l) {
  const bool measured = l.count() > 0;
  const auto value = [measured](auto v) { return measured ? Json(v) : Json(); };
  return Json{{"count", l.count()},
              {"mean", value(l.mean())},
              {"p50", value(l.p50())},
              {"p99", value(l.p99())},
              {"max", value(l.max())}};
}

Json class_json(const ClassCounts& c) {
  return Json{
      {"messages_created", c.messages_created}, {"messages_delivered", c.messages_delivered},
      {"frames_created", c.frames_created},     {"frames_delivered", c.frames_delivered},
      {"frames_in_flight", c.frames_in_flight}, {"latency", latency_summary_json(c.latency)}};
}

/// Request-reply transactions: counts, throughput and round trip with their intervals.
Json transactions_json(const TransactionResult& t) {
  return Json{{"outstanding_limit", t.outstanding_limit},
              {"request_frames", t.request_frames},
              {"reply_frames", t.reply_frames},
              {"drawn", t.drawn},
              {"issued", t.issued},
              {"completed", t.completed},
              {"waiting", t.waiting},
              {"open", t.open},
              {"labelled", t.labelled},
              {"labelled_completed", t.labelled_completed},
              {"offered", t.offered},
              {"throughput", t.throughput},
              {"throughput_ci", interval_json(t.throughput_ci)},
              {"round_trip", latency_summary_json(t.round_trip)},
              {"round_trip_ci", interval_json(t.round_trip_ci)},
              {"source_wait_mean", t.source_wait_mean},
              {"outstanding_mean", t.outstanding_mean},
              {"requests", class_json(t.requests)},
              {"replies", class_json(t.replies)}};
}

}  // namespace

void add_open_loop_fields(Json& f, const OpenLoopResult& r, bool saturated) {
  // Latencies are null, not 0, when no labelled packet was delivered.
  const bool measured = r.latency.count() > 0;
  const auto latency = [measured](auto value) { return measured ? Json(value) : Json(); };
  f["rate"] = r.rate;
  f["offered"] = r.offered;
  f["accepted"] = r.accepted;
  f["senders"] = r.senders;
  f["offered_per_sender"] = r.offered_per_sender;
  f["accepted_per_sender"] = r.accepted_per_sender;
  f["accepted_node_min"] = r.accepted_node_min;
  f["accepted_node_max"] = r.accepted_node_max;
  f["receiver_load_max"] = r.receiver_load_max;
  f["busiest_receiver"] = r.busiest_receiver == kNoNode ? Json() : Json(r.busiest_receiver);
  f["latency_mean"] = latency(r.latency.mean());
  f["latency_p50"] = latency(r.latency.p50());
  f["latency_p99"] = latency(r.latency.p99());
  f["latency_max"] = latency(r.latency.max());
  f["latency_histogram"] = r.latency.histogram();
  f["injection_queue_mean"] = r.queue.mean();
  f["injection_queue_max"] = r.queue.max();
  f["created"] = r.created;
  f["refused"] = r.refused;
  f["labelled"] = r.labelled;
  f["labelled_delivered"] = r.labelled_delivered;
  f["drain_slot"] = r.drain_slot;
  f["drained"] = r.drained;
  f["saturated"] = saturated;
  f["saturation_reason"] = saturated ? Json(r.steady.saturation_reason) : Json();
  f["saturation_note"] = r.steady.verdict_note.empty() ? Json() : Json(r.steady.verdict_note);
  f["steady_state"] = steady_state_json(r.steady);
  if (r.messages) f["messages"] = messages_json(*r.messages);
  if (r.transactions) f["transactions"] = transactions_json(*r.transactions);
}

std::vector<std::string> open_loop_summary_fields() {
  return {"offered", "accepted", "latency_mean", "latency_p99", "utilization"};
}

std::string open_loop_description(Json& fields, const OpenLoopResult& r, bool saturated) {
  add_open_loop_fields(fields, r, saturated);
  char text[300];
  std::snprintf(text, sizeof text, "; offered %.4f, accepted %.4f packets/node/slot", r.offered,
                r.accepted);
  std::string line = text;
  if (r.steady.accepted) {
    std::snprintf(text, sizeof text, " (+- %.4f)", r.steady.accepted->half_width);
    line += text;
  }
  if (r.latency.count() > 0) {
    std::snprintf(text, sizeof text, ", latency mean %.2f", r.latency.mean());
    line += text;
    if (r.steady.latency) {
      std::snprintf(text, sizeof text, " (+- %.2f)", r.steady.latency->half_width);
      line += text;
    }
    std::snprintf(text, sizeof text, " p99 %llu", static_cast<unsigned long long>(r.latency.p99()));
    line += text;
  } else {
    line += ", no labelled packet delivered";
  }
  if (r.messages) {
    const MessageResult& m = *r.messages;
    std::snprintf(text, sizeof text, "; messages (%s frames) offered %.4f, accepted %.4f",
                  m.sizes.c_str(), m.offered, m.accepted);
    line += text;
    if (m.latency.count() > 0) {
      std::snprintf(text, sizeof text, ", latency to the last frame mean %.2f p99 %llu",
                    m.latency.mean(), static_cast<unsigned long long>(m.latency.p99()));
      line += text;
    }
  }
  if (r.transactions) {
    const TransactionResult& t = *r.transactions;
    std::snprintf(text, sizeof text, "; transactions (M %u) %.4f/node/slot", t.outstanding_limit,
                  t.throughput);
    line += text;
    if (t.round_trip.count() > 0) {
      std::snprintf(text, sizeof text, ", round trip mean %.2f", t.round_trip.mean());
      line += text;
      if (t.round_trip_ci) {
        std::snprintf(text, sizeof text, " (+- %.2f)", t.round_trip_ci->half_width);
        line += text;
      }
    }
  }
  std::snprintf(
      text, sizeof text, "; warm-up %llu slots (%s), window %llu slots (%s)",
      static_cast<unsigned long long>(r.steady.warmup_slots), r.steady.warmup_method.c_str(),
      static_cast<unsigned long long>(r.steady.window_slots), r.steady.window_method.c_str());
  line += text;
  if (saturated) line += ", SATURATED: " + r.steady.saturation_reason;
  if (!r.steady.verdict_note.empty()) line += "; note: " + r.steady.verdict_note;
  if (!r.drained) line += "; the drain did not finish by --max-slots";
  return line;
}

void add_media_fields(Json& f, const std::vector<NamedMedium>& media, std::uint64_t slots,
                      std::uint64_t delivered, const DeviceParameters& device,
                      const PhysicalBudget& budget, const FrameCounts& control) {
  Json list = Json::array();
  MediumCounters total;
  double capacity = 0;
  const NamedMedium* busiest = nullptr;
  const NamedMedium* most_collided = nullptr;
  for (const NamedMedium& m : media) {
    const MediumCounters& c = m.counters;
    total += c;
    capacity += m.capacity;
    list.push_back(Json{{"name", m.name},
                        {"single", c.single_slots},
                        {"collision", c.collision_slots},
                        {"idle", slots - c.busy_slots},
                        {"wasted_frames", c.wasted_frames}});
    if (busiest == nullptr || c.single_slots > busiest->counters.single_slots) busiest = &m;
    if (most_collided == nullptr || c.collision_slots > most_collided->counters.collision_slots) {
      most_collided = &m;
    }
  }
  const double medium_slots = static_cast<double>(slots) * capacity;
  const auto share = [&](std::uint64_t count) {
    return medium_slots > 0 ? static_cast<double>(count) / medium_slots : 0.0;
  };
  f["counted_slots"] = slots;
  f["utilization"] = share(total.single_slots);
  f["collision_share"] = share(total.collision_slots);
  f["wasted_frames"] = total.wasted_frames;
  if (busiest != nullptr) f["busiest_medium"] = busiest->name;
  if (most_collided != nullptr && most_collided->counters.collision_slots > 0) {
    f["most_collided_medium"] = most_collided->name;
  }
  FrameCounts counts;
  counts.frames_transmitted = total.frames_in;
  counts.frames_collided = total.wasted_frames;
  counts.frames_received = total.single_slots;  // one tuned receiver per frame that got through
  counts.ack_frames_transmitted = total.ack_frames;
  counts.ack_frames_received = total.ack_frames;
  counts.delivered_packets = delivered;
  counts.slots = slots;
  counts.control_bits_sent = control.control_bits_sent;
  counts.control_bits_received = control.control_bits_received;
  EnergyTally energy(device, budget);
  energy.add(counts);
  f["media"] = std::move(list);
  if (!std::isfinite(energy.total_pj())) {
    // A figure that is not a number is none, with the reason beside it.
    for (const char* key :
         {"energy_pj", "energy_per_slot_pj", "energy_per_packet_pj", "energy_per_bit_pj",
          "energy_collision_share", "energy_ack_share", "energy_control_share"}) {
      f[key] = nullptr;
    }
    f["energy_why"] = "the laser power the budget needs is beyond a double (power.laser_why)";
    return;
  }
  f["energy_pj"] = energy.total_pj();
  f["energy_per_slot_pj"] = energy.per_slot_pj().value_or(0.0);
  if (delivered == 0) {
    f["energy_per_packet_pj"] = nullptr;
    f["energy_per_bit_pj"] = nullptr;
    f["energy_why"] = "no packet delivered: no energy per delivered packet or bit";
  } else {
    f["energy_per_packet_pj"] = *energy.per_delivered_packet_pj();
    f["energy_per_bit_pj"] = *energy.per_delivered_bit_pj();
    const EnergyParts parts = energy.parts();
    const double bits = static_cast<double>(delivered) * device.frame_bits;
    f["energy_parts_pj_per_bit"] = Json{{"laser", parts.laser / bits},
                                        {"modulator", parts.modulator / bits},
                                        {"receiver", parts.receiver / bits},
                                        {"serdes", parts.serdes / bits},
                                        {"static", parts.static_ / bits}};
  }
  f["energy_collision_share"] = energy.collision_share();
  f["energy_ack_share"] = energy.acknowledgement_share();
  f["energy_control_share"] = energy.control_share();
}

FrameCounts window_control_bits(const std::vector<ControlCounters>& channels,
                                std::uint64_t run_delivered, std::uint64_t window_delivered) {
  ControlCounters total;
  for (const ControlCounters& c : channels) total += c;
  FrameCounts bits;
  if (run_delivered == 0) return bits;
  const double share = static_cast<double>(window_delivered) / static_cast<double>(run_delivered);
  bits.control_bits_sent = static_cast<double>(total.bits_sent) * share;
  bits.control_bits_received = static_cast<double>(total.bits_received) * share;
  return bits;
}

void add_control_fields(Json& f, const std::vector<ControlCounters>& channels, std::uint64_t slots,
                        std::uint64_t delivered, const DeviceParameters& device,
                        const PhysicalBudget& budget) {
  ControlCounters total;
  for (const ControlCounters& c : channels) total += c;
  FrameCounts bits;
  bits.control_bits_sent = static_cast<double>(total.bits_sent);
  bits.control_bits_received = static_cast<double>(total.bits_received);
  EnergyTally tally(device, budget);
  tally.add(bits);
  const double energy = tally.control_pj();
  f["control"] =
      Json{{"channels", channels.size()},
           {"slots", slots},
           {"words", total.words},
           {"bits_sent", total.bits_sent},
           {"bits_received", total.bits_received},
           {"busy_slots", total.busy_slots},
           {"collisions", total.collisions},
           {"slot_bits", total.slot_bits},
           {"frames_per_slot",
            static_cast<double>(total.slot_bits) / static_cast<double>(device.frame_bits)},
           {"energy_pj", energy},
           {"energy_per_slot_pj", slots > 0 ? energy / static_cast<double>(slots) : 0.0},
           {"energy_per_packet_pj",
            delivered > 0 ? Json(energy / static_cast<double>(delivered)) : Json(nullptr)}};
  if (delivered == 0) f["control"]["energy_why"] = "no packet delivered: no energy per packet";
}

Json loss_terms_json(const LinkBudget& b) {
  return Json{{"splitting", b.splitting_loss_db},
              {"combining", b.combining_loss_db},
              {"excess", b.excess_loss_db},
              {"connectors", b.connector_loss_db},
              {"fibre", b.fibre_loss_db},
              {"waveguide", b.waveguide_loss_db},
              {"crossings", b.crossing_loss_db},
              {"ring_drop", b.ring_drop_loss_db},
              {"ring_through", b.ring_through_loss_db},
              {"modulator_insertion", b.modulator_insertion_loss_db},
              {"extinction_ratio_penalty", b.extinction_ratio_penalty_db},
              {"photodetector", b.photodetector_loss_db},
              {"switch", b.switch_loss_db},
              {"wdm", b.wdm_loss_db}};
}

Json budget_json(const DeviceParameters& device, MediumKind kind, std::uint32_t fanout,
                 std::uint32_t wavelengths, std::uint32_t switch_ports) {
  const LinkBudget b = link_budget(device, kind, fanout, wavelengths, switch_ports);
  return Json{{"kind", medium_kind_name(kind)},
              {"fanout", b.fanout},
              {"splitting_loss_db", b.splitting_loss_db},
              {"excess_loss_db", b.excess_loss_db},
              {"losses_db", loss_terms_json(b)},
              {"total_loss_db", b.total_loss_db},
              {"received_power_dbm", b.received_power_dbm},
              {"margin_db", b.margin_db},
              {"closes", b.closes()},
              {"worst_case", Json{{"launch_power_dbm", b.worst_launch_power_dbm},
                                  {"total_loss_db", b.worst_total_loss_db},
                                  {"received_power_dbm", b.worst_received_power_dbm},
                                  {"margin_db", b.worst_margin_db},
                                  {"closes", b.closes_worst_case()}}},
              {"max_fanout", max_fanout(device, kind)}};
}

TransceiverCounts network_counts(const DeviceParameters& device, const NetworkOptics& optics) {
  return with_control_plane(optics.counts, optics.control, device.frame_bits);
}

PhysicalBudget physical_budget(const DeviceParameters& device, const NetworkOptics& optics) {
  const TransceiverCounts counts = network_counts(device, optics);
  return physical_budget(device, network_link_budget(device, optics.kind, optics.fanout, counts),
                         counts);
}

Json parts_json(const DeviceParameters& device, const PhysicalBudget& budget) {
  const PartCounts parts = part_counts(device, budget);
  const std::optional<double> cost = design_cost(device, parts);
  return Json{{"lasers", parts.lasers},
              {"modulators", parts.modulators},
              {"photodetectors", parts.photodetectors},
              {"rings", parts.rings},
              {"stars", parts.stars},
              {"fibres", parts.fibres},
              {"waveguides", parts.waveguides},
              {"transceivers", parts.transceivers},
              {"cost", cost ? Json(*cost) : Json(nullptr)}};
}

Json offered_load_energy_json(const DeviceParameters& device, const NetworkOptics& optics,
                              std::uint64_t nodes, double rate) {
  constexpr std::uint64_t kSlots = 1000000;
  const auto frames =
      static_cast<std::uint64_t>(std::llround(double(nodes) * rate * double(kSlots)));
  FrameCounts counts;
  counts.slots = kSlots;
  counts.frames_transmitted = counts.frames_received = counts.delivered_packets = frames;
  EnergyTally tally(device, physical_budget(device, optics));
  tally.add(counts);
  const std::optional<double> per_bit = tally.per_delivered_bit_pj();
  const EnergyParts e = tally.parts();
  const double bits = double(frames) * device.frame_bits;
  const auto share = [&](double part) { return bits > 0 ? Json(part / bits) : Json(nullptr); };
  return Json{{"rate", rate},
              {"slot_ns", slot_duration_ns(device)},
              {"energy_per_bit_pj", per_bit ? Json(*per_bit) : Json(nullptr)},
              {"laser_pj_per_bit", share(e.laser)},
              {"modulator_pj_per_bit", share(e.modulator)},
              {"receiver_pj_per_bit", share(e.receiver)},
              {"serdes_pj_per_bit", share(e.serdes)},
              {"static_pj_per_bit", share(e.static_)},
              {"how",
               "every frame offered sent, received and delivered once (a collision-free "
               "schedule below its capacity), data frames only"}};
}

Json violations_json(const std::vector<LimitViolation>& violations) {
  Json list = Json::array();
  for (const LimitViolation& v : violations) {
    list.push_back(Json{{"name", v.name},
                        {"figure", v.figure},
                        {"limit", v.limit},
                        {"unit", v.unit},
                        {"reason", v.reason}});
  }
  return list;
}

Json network_budget_json(const DeviceParameters& device, const NetworkOptics& optics) {
  const TransceiverCounts counts = network_counts(device, optics);
  const LinkBudget link = network_link_budget(device, optics.kind, optics.fanout, counts);
  const PhysicalBudget b = physical_budget(device, link, counts);
  const std::vector<LimitViolation> violations = design_violations(device, link, b);
  Json j{{optics.medium,
          budget_json(device, optics.kind, optics.fanout, link.wavelengths, link.switch_ports)},
         {"transmitters", b.counts.transmitters},
         {"receivers", b.counts.receivers},
         {"control_transmitters", b.counts.control_transmitters},
         {"control_receivers", b.counts.control_receivers},
         {"required_launch_dbm", b.required_launch_dbm},
         {"required_launch_worst_dbm", b.required_launch_worst_dbm},
         {"laser_mw_per_transmitter", b.laser_mw_per_transmitter},
         {"laser_electrical_mw_per_transmitter", b.laser_electrical_mw_per_transmitter},
         {"laser", laser_mode_name(effective_laser_mode(device))},
         {"laser_continuous", effective_laser_mode(device) == LaserMode::kContinuous},
         {"lasers", b.lasers},
         {"laser_mw_per_laser", b.laser_mw_per_laser},
         {"laser_electrical_mw_per_laser", b.laser_electrical_mw_per_laser},
         {"laser_w", b.laser_w},
         {"static_w", b.static_w},
         {"parts", parts_json(device, b)}};
  if (device.die_area_mm2 > 0) {
    j["die_power_w"] = die_power_w(b);
    j["power_density_w_per_mm2"] = die_power_w(b) / device.die_area_mm2;
  }
  j["violations"] = violations_json(violations);
  j["buildable"] = violations.empty();
  if (!std::isfinite(b.laser_w)) {
    char why[160];
    std::snprintf(why, sizeof why,
                  "the required launch of %.2f dBm is beyond a double in mW: no laser closes this "
                  "budget",
                  b.required_launch_dbm);
    for (const char* key : {"laser_mw_per_transmitter", "laser_electrical_mw_per_transmitter",
                            "laser_mw_per_laser", "laser_electrical_mw_per_laser", "laser_w"}) {
      j[key] = nullptr;
    }
    if (device.die_area_mm2 > 0) j["die_power_w"] = j["power_density_w_per_mm2"] = nullptr;
    j["laser_why"] = why;
  }
  return j;
}

/// The open-loop traffic processes, as --traffic names them.
const char* const kOpenLoopTraffic[] = {"bernoulli", "bursty", "request-reply", "trace:FILE"};
constexpr char kTracePrefix[] = "trace:";

bool open_loop_traffic(const std::string& traffic) {
  if (traffic.rfind(kTracePrefix, 0) == 0) return traffic.size() > std::size(kTracePrefix) - 1;
  for (const char* name : kOpenLoopTraffic) {
    if (traffic == name) return true;
  }
  return false;
}

std::string open_loop_traffic_names(const std::string& separator) {
  std::string names;
  for (const char* name : kOpenLoopTraffic) {
    names += (names.empty() ? "" : separator) + std::string(name);
  }
  return names;
}

namespace driver {

Json command_power_budget(const NetworkCommand& command, const DeviceParameters& device) {
  const OpticalFamily* optical = command.optical();
  return optical ? optical->power_budget(device) : Json::object();
}

}  // namespace driver

std::string network_names() {
  std::string names;
  for (const NetworkFamily& f : network_families()) {
    names += (names.empty() ? "" : ", ") + std::string(f.network);
  }
  return names;
}

}  // namespace optinet
