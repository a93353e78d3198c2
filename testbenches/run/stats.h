#pragma once
/// \file
/// Summary statistics of a series of runs.
#include <algorithm>
#include <cmath>
#include <vector>

namespace optinet {

struct Summary {
  double mean = 0;
  double sd = 0;  ///< sample standard deviation (n - 1); 0 for fewer than two values
  double max = 0;
  double min = 0;
};

inline Summary summarize(const std::vector<double>& v) {
  Summary s;
  if (v.empty()) return s;
  double sum = 0;
  for (double x : v) sum += x;
  s.mean = sum / v.size();
  double sq = 0;
  for (double x : v) sq += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(sq / (v.size() - 1)) : 0;
  s.max = *std::max_element(v.begin(), v.end());
  s.min = *std::min_element(v.begin(), v.end());
  return s;
}

}  // namespace optinet
