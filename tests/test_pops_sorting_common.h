#pragma once
/// \file
/// Shared by the tests of the `sorting` router: the slot count written independently of
/// sorting_slots(), and test names for shapes.
#include <cstdint>
#include <string>

#include "protocols/pops/pops_node.h"

namespace optinet::test {

inline std::string sorting_shape_name(const pops::PopsShape& s) {
  return "d" + std::to_string(s.d) + "_g" + std::to_string(s.g);
}

/// (L(L+1)/2 + L) stages of 1 slot (d = 1) or 2 ceil(d/g) slots (Lemma 2.2), n = 2^L.
inline std::uint64_t expected_sorting_slots(const pops::PopsShape& s) {
  std::uint64_t log_n = 0;
  while ((1ULL << log_n) < s.n()) ++log_n;
  const std::uint64_t per_stage = s.d == 1 ? 1 : 2 * ((s.d + s.g - 1) / s.g);
  return (log_n * (log_n + 1) / 2 + log_n) * per_stage;
}

}  // namespace optinet::test
