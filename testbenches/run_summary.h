#pragma once
/// \file
/// Pieces every network's report shares: a field of a series of runs as numbers, and a
/// Summary as a JSON object.
#include <cstdint>
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

}  // namespace optinet
