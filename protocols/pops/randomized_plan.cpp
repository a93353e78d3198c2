#include "protocols/pops/randomized_plan.h"

namespace optinet::pops {

namespace {
std::uint32_t rotation(const PopsShape& s, std::uint64_t step) {
  return static_cast<std::uint32_t>((step * (2ULL * s.d - 1)) % s.g);
}
std::uint32_t mod_g(const PopsShape& s, std::int64_t v) {
  const std::int64_t g = s.g;
  return static_cast<std::uint32_t>(((v % g) + g) % g);
}
}  // namespace

double participation_probability(const PopsShape& s, std::uint64_t step, double c_plus_eps) {
  if (s.d <= s.g) return 1.0;
  const double degree = s.d - s.g * static_cast<double>(step - 1) / c_plus_eps;
  if (degree <= s.g) return 1.0;
  return s.g / degree;
}

std::optional<std::uint32_t> relay_hears(const PopsShape& s, std::uint64_t step,
                                         std::uint32_t relay_group, std::uint32_t index) {
  if (s.d >= s.g) {
    if (index < s.g) return index;
    return std::nullopt;
  }
  return mod_g(s, std::int64_t{relay_group} + index + rotation(s, step));
}

std::optional<std::uint32_t> holder_hears(const PopsShape& s, std::uint64_t step,
                                          std::uint32_t temporary_group, std::uint32_t index) {
  (void)step;
  if (s.d >= s.g) {
    if (index < s.g) return index;
    return std::nullopt;
  }
  return mod_g(s, std::int64_t{temporary_group} + index);
}

bool relay_usable(const PopsShape& s, std::uint64_t step, std::uint32_t source_group,
                  std::uint32_t relay_group, std::uint32_t temporary_group) {
  if (s.d >= s.g) return true;
  const std::uint32_t relay_listener =
      mod_g(s, std::int64_t{source_group} - relay_group - rotation(s, step));
  const std::uint32_t holder_listener = mod_g(s, std::int64_t{relay_group} - temporary_group);
  return relay_listener < s.d && holder_listener < s.d;
}

std::uint32_t keyed_relay_group(const PopsShape& s, std::uint64_t run_seed, std::uint64_t step,
                                NodeId destination) {
  const std::uint64_t key =
      std::uint64_t{s.group_of(destination)} * s.g + temporary_group(s, destination);
  return static_cast<std::uint32_t>(mix64(mix64(run_seed ^ 0x6b65796564ULL) ^ (step << 32) ^ key) %
                                    s.g);
}

std::optional<std::uint32_t> choose_relay_group(const PopsShape& s, std::uint64_t run_seed,
                                                std::uint64_t step, std::uint32_t source_group,
                                                NodeId destination, Rng& rng, RelayRule rule) {
  if (s.d == s.g || (s.d > s.g && rule == RelayRule::kIndependent)) return rng.below(s.g);
  if (s.d > s.g) return keyed_relay_group(s, run_seed, step, destination);
  // d < g: uniform among usable relay groups (one pass, reservoir sampling).
  const std::uint32_t t = temporary_group(s, destination);
  std::optional<std::uint32_t> chosen;
  std::uint32_t seen = 0;
  for (std::uint32_t r = 0; r < s.g; ++r) {
    if (!relay_usable(s, step, source_group, r, t)) continue;
    if (rng.below(++seen) == 0) chosen = r;
  }
  return chosen;
}

}  // namespace optinet::pops
