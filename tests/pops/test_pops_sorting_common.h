#pragma once
/// \file
/// Shared by the tests of the `sorting` router: the slot count written independently of
/// sorting_slots(), and test names for shapes.
#include <cstdint>
#include <string>

#include "models/pops/pops_node.h"

namespace optinet::test {

inline std::string sorting_shape_name(const pops::PopsShape& s) {
  return "d" + std::to_string(s.d) + "_g" + std::to_string(s.g);
}

/// Stages of 1 slot (d = 1) or 2 ceil(d/g) slots (Lemma 2.2). d < g: (L(L+1)/2 + L) stages,
/// n = 2^L. d >= g: Batcher on g^2 = 2^(2l) wires, l(2l+1) stages, one more exchange (the
/// predecessor's packet), then the class delivery: bounds 2k, announcement 2k, spread 2k-1,
/// final hop 2k slots, k = d/g.
inline std::uint64_t expected_sorting_slots(const pops::PopsShape& s) {
  const std::uint64_t per_stage = s.d == 1 ? 1 : 2 * ((s.d + s.g - 1) / s.g);
  std::uint64_t log_n = 0;
  while ((1ULL << log_n) < s.n()) ++log_n;
  if (s.d < s.g) return (log_n * (log_n + 1) / 2 + log_n) * per_stage;
  std::uint64_t l = 0;
  while ((1ULL << l) < s.g) ++l;
  const std::uint64_t k = s.d / s.g;
  return l * (2 * l + 1) * per_stage + per_stage + 2 * k + 2 * k + (2 * k - 1) + 2 * k;
}

}  // namespace optinet::test
