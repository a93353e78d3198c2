#include "testbenches/report.h"

#include <iomanip>

#include "testbenches/json_writer.h"
#include "testbenches/run_summary.h"
#include "testbenches/stats.h"

namespace optinet {

void print_run(std::ostream& out, std::size_t index, const PopsRunResult& r) {
  out << "run " << index << " (seed " << r.seed << "): " << r.slots << " slots";
  if (r.steps) out << ", " << r.steps << " steps";
  out << ", " << r.delivered << "/" << r.packets << " delivered, " << r.collisions << " collisions";
  if (!r.collisions_by_phase.empty()) {
    out << " (by slot of step:";
    for (auto c : r.collisions_by_phase) out << ' ' << c;
    out << ')';
  }
  out << ", max " << r.max_buffers << " buffers/node";
  if (r.hit_limit) out << ", STOPPED AT SLOT LIMIT";
  out << '\n';
  for (const auto& e : r.errors) out << "  error: " << e << '\n';
}

void print_summary(std::ostream& out, const CommandLine& cl, const std::vector<PopsRunResult>& runs,
                   const Timing& timing) {
  const Summary slots = summarize(series(runs, &PopsRunResult::slots));
  const Summary steps = summarize(series(runs, &PopsRunResult::steps));
  out << std::fixed << std::setprecision(2);
  out << "summary over " << runs.size() << " run(s): slots mean " << slots.mean << " sd "
      << slots.sd << " max " << slots.max;
  if (steps.max > 0) {
    out << "; steps mean " << steps.mean << " sd " << steps.sd << " max " << steps.max;
  }
  out << '\n';
  out.unsetf(std::ios::floatfield);
  print_check_and_time(out, runs, "protocol invariants held", timing.elaboration,
                       timing.simulation);
  if (!cl.vcd_path.empty()) out << "waveform: " << cl.vcd_path << '\n';
  if (!cl.json_path.empty()) out << "json: " << cl.json_path << '\n';
}

void write_json(std::ostream& out, const CommandLine& cl, const std::vector<PopsRunResult>& runs,
                const Timing& timing) {
  const auto& p = cl.pops;
  JsonWriter j(out);
  j.begin_object();
  j.field("network", cl.network);
  j.key("parameters").begin_object();
  j.field("d", p.shape.d).field("g", p.shape.g).field("n", p.shape.n());
  j.field("max_slots", p.max_slots).field("period_ns", p.period.to_seconds() * 1e9);
  j.end_object();
  j.field("protocol", p.protocol).field("traffic", cl.traffic_name).field("seed", cl.seed);
  j.key("runs").begin_array();
  for (const auto& r : runs) {
    j.begin_object();
    j.field("seed", r.seed).field("slots", r.slots).field("steps", r.steps);
    j.field("packets", r.packets).field("delivered", r.delivered);
    j.field("collisions", r.collisions).array("collisions_by_slot_of_step", r.collisions_by_phase);
    j.field("max_buffers", static_cast<std::uint64_t>(r.max_buffers));
    json_run_status(j, r);
    j.end_object();
  }
  j.end_array();
  j.key("summary").begin_object();
  json_summary(j, "slots", summarize(series(runs, &PopsRunResult::slots)));
  json_summary(j, "steps", summarize(series(runs, &PopsRunResult::steps)));
  json_finish(j, out, all_ok(runs), timing.elaboration, timing.simulation);
}

}  // namespace optinet
