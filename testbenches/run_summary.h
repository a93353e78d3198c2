#pragma once
/// \file
/// Pieces every network's command shares: running a series of seeds with progress, a field of
/// a series of runs as numbers, and the common parts of the JSON report.
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "testbenches/json_writer.h"
#include "testbenches/stats.h"

namespace optinet {

/// The values of one numeric field over a series of run results.
template <typename Run, typename Field>
std::vector<double> series(const std::vector<Run>& runs, Field Run::*field) {
  std::vector<double> v;
  v.reserve(runs.size());
  for (const Run& r : runs) v.push_back(static_cast<double>(r.*field));
  return v;
}

/// "name": {"mean", "sd", "max", "min"}.
inline void json_summary(JsonWriter& j, const std::string& name, const Summary& s) {
  j.key(name).begin_object();
  j.field("mean", s.mean).field("sd", s.sd).field("max", s.max).field("min", s.min);
  j.end_object();
}

/// Runs seeds first_seed, first_seed + 1, ... on `experiment`, printing each run with
/// print_run (every failed run; the others too if there are at most 20 and not quiet), progress
/// on stderr. Adds the runs' wall time to `simulation_seconds`.
template <typename Experiment, typename PrintRun>
auto run_series(Experiment& experiment, std::uint64_t first_seed, std::uint64_t runs, bool quiet,
                PrintRun print_run, double& simulation_seconds) {
  std::vector<decltype(experiment.run(first_seed))> results;
  for (std::uint64_t k = 0; k < runs; ++k) {
    results.push_back(experiment.run(first_seed + k));
    simulation_seconds += results.back().wall_seconds;
    if (!results.back().ok() || (!quiet && runs <= 20)) print_run(std::cout, k, results.back());
    if (runs > 1) std::cerr << "\rrun " << k + 1 << "/" << runs << std::flush;
  }
  if (runs > 1) std::cerr << '\n';
  return results;
}

template <typename Run>
bool all_ok(const std::vector<Run>& runs) {
  for (const Run& r : runs) {
    if (!r.ok()) return false;
  }
  return true;
}

/// The summary's closing lines: whether every run passed its checks (conservation, plus
/// `also_held` if not empty), and the wall time of elaboration and of the runs.
template <typename Run>
void print_check_and_time(std::ostream& out, const std::vector<Run>& runs,
                          const std::string& also_held, double elaboration, double simulation) {
  std::size_t failed = 0;
  for (const Run& r : runs) failed += r.ok() ? 0 : 1;
  if (failed == 0) {
    out << "check: every packet delivered exactly once, intact, to its destination"
        << (also_held.empty() ? "" : "; " + also_held) << '\n';
  } else {
    out << "check: " << failed << " run(s) FAILED (see errors above)\n";
  }
  const auto precision = out.precision(3);
  out << "time: elaboration " << elaboration << " s, simulation " << simulation << " s\n";
  out.precision(precision);
}

/// The last fields of a run's JSON object: hit_limit, ok, wall_seconds, errors.
template <typename Run>
void json_run_status(JsonWriter& j, const Run& r) {
  j.field("hit_limit", r.hit_limit).field("ok", r.ok()).field("wall_seconds", r.wall_seconds);
  j.array("errors", r.errors);
}

/// Ends the JSON report: "ok" closes the summary object, then "timing_seconds" and the root.
inline void json_finish(JsonWriter& j, std::ostream& out, bool ok, double elaboration,
                        double simulation) {
  j.field("ok", ok);
  j.end_object();
  j.key("timing_seconds").begin_object();
  j.field("elaboration", elaboration).field("simulation", simulation);
  j.end_object();
  j.end_object();
  out << '\n';
}

}  // namespace optinet
