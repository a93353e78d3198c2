
#include "testbenches/cli/driver.h"
#include "testbenches/io/process_guard.h"

namespace optinet {

namespace driver {

/// An open-loop run's results in ns and Gb/s, from its slots and packets: the slot lasts
/// `slot_ns`, a packet is one frame of `frame_bits` bits.
void add_physical_fields(Json& f, double slot_ns, double frame_bits, std::uint64_t nodes) {
  const auto ns = [&f, slot_ns](const char* field) {
    const Json& slots = f.at(field);
    return slots.is_null() ? Json() : Json(slots.get<double>() * slot_ns);
  };
  const double gbps = frame_bits / slot_ns;  // one packet per slot
  f["slot_ns"] = slot_ns;
  f["latency_mean_ns"] = ns("latency_mean");
  f["latency_p99_ns"] = ns("latency_p99");
  f["offered_gbps_per_node"] = f.at("offered").get<double>() * gbps;
  f["accepted_gbps_per_node"] = f.at("accepted").get<double>() * gbps;
  f["accepted_gbps"] = f.at("accepted").get<double>() * gbps * static_cast<double>(nodes);
}

/// One run, with its results in ns and Gb/s when it is open-loop.
RunRecord run_once(NetworkCommand& command, const CommonOptions& c, std::uint64_t seed) {
  RunRecord record = command.run(seed);
  if (c.open_loop && record.fields.contains("accepted")) {
    add_physical_fields(record.fields, c.result_slot_ns(), c.device.frame_bits,
                        command.processors());
  }
  return record;
}

void print_run(std::ostream& out, std::size_t index, const RunRecord& r) {
  out << "run " << index << " (seed " << r.seed << "): " << r.description;
  if (r.hit_limit) out << ", STOPPED AT SLOT LIMIT";
  if (!r.deadlock.empty()) out << ", DEADLOCKED";
  out << '\n';
  for (const auto& e : r.errors) out << "  error: " << e << '\n';
}

/// Runs the series; stops early, dropping the run cut short, when an interrupt arrived.
std::vector<RunRecord> run_series(NetworkCommand& command, const CommonOptions& c,
                                  std::ostream& out, std::ostream& err, bool terminal,
                                  double& simulation) {
  std::vector<RunRecord> runs;
  for (std::uint64_t k = 0; k < c.runs; ++k) {
    runs.push_back(run_once(command, c, c.seed + k));
    if (interrupt_signal() != 0) {
      runs.pop_back();
      break;
    }
    simulation += runs.back().wall_seconds;
    if (!runs.back().ok() || runs.back().undelivered_to_faults > 0 || (!c.quiet && c.runs <= 20)) {
      print_run(out, k, runs.back());
    }
    if (c.runs <= 1 || (c.quiet && !terminal)) continue;
    // A terminal gets one line redrawn; a log gets one line per run (none with --quiet).
    if (terminal) {
      err << "\rrun " << k + 1 << "/" << c.runs << std::flush;
    } else {
      err << "run " << k + 1 << "/" << c.runs << " done\n" << std::flush;
    }
  }
  if (c.runs > 1 && terminal) err << '\n';
  return runs;
}

std::optional<SearchPoint> RatePoints::run(double rate, std::uint64_t max_slots) {
  OpenLoopHost& host = *command_.open_loop()->open_loop_host();
  host.set_rate(rate);
  host.set_max_slots(max_slots);
  RunRecord record = run_once(command_, common_, common_.seed);
  if (interrupt_signal() != 0) return std::nullopt;
  simulation_ += record.wall_seconds;
  runs.push_back(std::move(record));
  const RunRecord& r = runs.back();
  print_run(out_, runs.size() - 1, r);
  err_ << "point " << runs.size() << ": rate " << rate << ", " << max_slots << " slots, "
       << (r.fields.value("saturated", false) ? "saturated\n" : "stable\n") << std::flush;
  // Loads per sending node, as --rate is (a permutation's fixed points send nothing); the
  // interval over all nodes scales by n / senders.
  SearchPoint p;
  p.rate = rate;
  p.offered = r.fields.at("offered_per_sender").get<double>();
  p.accepted = r.fields.at("accepted_per_sender").get<double>();
  p.saturated = r.fields.at("saturated").get<bool>();
  p.unsettled = r.fields.at("steady_state").at("warmup_method") == "limit";
  p.imprecise = r.fields.at("steady_state").at("window_method") == "limit" ||
                !r.fields.at("saturation_note").is_null();
  p.max_slots = max_slots;
  const double all_nodes = r.fields.at("offered").get<double>();
  const Json& interval = r.fields.at("steady_state").at("accepted_ci");
  if (!interval.is_null() && all_nodes > 0) {
    Interval i;
    i.mean = p.accepted;
    i.half_width =
        (interval[1].get<double>() - interval[0].get<double>()) / 2 * (p.offered / all_nodes);
    p.accepted_interval = i;
  }
  return p;
}

}  // namespace driver

}  // namespace optinet
