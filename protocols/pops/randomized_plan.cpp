#include "protocols/pops/randomized_plan.h"

#include <algorithm>
#include <cmath>

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

namespace {
/// A hash of (key seed, domain tag, a, b) in [0, g).
std::uint32_t keyed_hash(std::uint64_t key_seed, std::uint64_t tag, std::uint64_t a,
                         std::uint64_t b, std::uint32_t g) {
  return static_cast<std::uint32_t>(mix64(mix64(mix64(key_seed ^ tag) ^ a) ^ b) % g);
}
constexpr std::uint64_t kKeyShiftTag = 0x68ULL;    // h
constexpr std::uint64_t kRelayShiftTag = 0x72ULL;  // rho
constexpr std::uint64_t kWindowTag = 0x77ULL;      // layer-window offsets
constexpr std::uint64_t kClassTag = 0x63ULL;       // window classes
}  // namespace

std::uint32_t layer_count(const PopsShape& s) { return (s.d + s.g - 1) / s.g; }

std::uint32_t layer_of(const PopsShape& s, NodeId x) { return s.index_in_group(x) / s.g; }

std::uint32_t key_shift(std::uint64_t key_seed, std::uint64_t step, std::uint32_t layer,
                        std::uint32_t g) {
  return keyed_hash(key_seed, kKeyShiftTag, step, layer, g);
}

std::uint32_t relay_shift(std::uint64_t key_seed, std::uint64_t step, std::uint32_t temporary,
                          std::uint32_t g) {
  return keyed_hash(key_seed, kRelayShiftTag, step, temporary, g);
}

std::uint32_t window_class(const PopsShape& s, std::uint64_t key_seed, NodeId x) {
  const std::uint32_t layers = layer_count(s);
  return (layer_of(s, x) +
          keyed_hash(key_seed, kClassTag, s.group_of(x), temporary_group(s, x), layers)) %
         layers;
}

std::uint32_t rotated_temporary_group(const PopsShape& s, std::uint64_t key_seed,
                                      std::uint64_t step, NodeId x, Participation rule) {
  const std::uint32_t k =
      rule == Participation::kLayerWindows ? window_class(s, key_seed, x) : layer_of(s, x);
  return (temporary_group(s, x) + key_shift(key_seed, step, k, s.g)) % s.g;
}

std::uint32_t bijective_relay_group(const PopsShape& s, std::uint64_t key_seed, std::uint64_t step,
                                    std::uint32_t temporary, NodeId x) {
  return (s.group_of(x) + relay_shift(key_seed, step, temporary, s.g)) % s.g;
}

std::uint32_t window_length(const PopsShape& s) {
  constexpr std::uint32_t kLongest = 8;  // reached only if the recursion stalls (it does not)
  double pending = 1.0;
  std::uint32_t steps = 0;
  while (pending > kWindowPendingTarget && steps < kLongest) {
    pending *= 1.0 - std::pow(1.0 - pending / s.g, s.g - 1.0);
    ++steps;
  }
  return steps;
}

std::uint64_t window_steps(const PopsShape& s) {
  return std::uint64_t{window_length(s)} * layer_count(s);
}

std::uint32_t window_layer(const PopsShape& s, std::uint64_t key_seed, std::uint64_t step,
                           std::uint32_t group) {
  const std::uint32_t layers = layer_count(s);
  const std::uint64_t window = (step - 1) / window_length(s);
  return static_cast<std::uint32_t>((window + keyed_hash(key_seed, kWindowTag, group, 0, layers)) %
                                    layers);
}

bool in_layer_window(const PopsShape& s, std::uint64_t key_seed, std::uint64_t step, NodeId x) {
  if (step > window_steps(s)) return true;
  return window_class(s, key_seed, x) == window_layer(s, key_seed, step, s.group_of(x));
}

namespace {
double base_probability(const PopsShape& s, Participation rule, std::uint64_t key_seed,
                        std::uint64_t step, NodeId x, double c_plus_eps) {
  if (rule == Participation::kLaw) return participation_probability(s, step, c_plus_eps);
  if (step > window_steps(s)) return 1.0;
  return in_layer_window(s, key_seed, step, x) ? 1.0 : 0.0;
}
}  // namespace

bool full_participation(const PopsShape& s, Participation rule, std::uint64_t step,
                        double c_plus_eps) {
  if (rule == Participation::kLaw) return participation_probability(s, step, c_plus_eps) >= 1.0;
  return step > window_steps(s);
}

double take_part_probability(const PopsShape& s, Participation rule, std::uint64_t key_seed,
                             std::uint64_t step, NodeId x, unsigned failures, BackOff backoff,
                             double c_plus_eps) {
  if (backoff != BackOff::kNone && failures > 0 && full_participation(s, rule, step, c_plus_eps)) {
    if (backoff == BackOff::kHalfAfterOne) return 0.5;
    if (backoff == BackOff::kHarmonicPerFour) {
      return 1.0 / (1.0 + static_cast<double>(failures / kFailuresPerHarmonicStep));
    }
    const unsigned halvings = std::min(failures / kFailuresBeforeBackoff, 10U);
    if (halvings > 0) return std::ldexp(1.0, -static_cast<int>(halvings));
  }
  return base_probability(s, rule, key_seed, step, x, c_plus_eps);
}

std::optional<std::uint32_t> choose_relay_group(const PopsShape& s, std::uint64_t run_seed,
                                                std::uint64_t step, std::uint32_t source_group,
                                                NodeId destination, Rng& rng, RelayRule rule,
                                                std::optional<std::uint32_t> temporary) {
  if (s.d >= s.g) {
    const std::uint32_t t = temporary.value_or(temporary_group(s, destination));
    switch (rule) {
      case RelayRule::kBijective:
        return bijective_relay_group(s, run_seed, step, t, destination);
      case RelayRule::kKeyed:
        if (s.d > s.g) return keyed_relay_group(s, run_seed, step, destination);
        return rng.below(s.g);
      case RelayRule::kIndependent:
        return rng.below(s.g);
    }
  }
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
