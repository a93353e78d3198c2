#include "testbenches/open_loop/injection.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "testbenches/io/option_values.h"

namespace optinet {

namespace {

std::string at_least_two(std::uint32_t n, const char* rule) {
  if (n >= 2) return {};
  return std::string(rule) + " needs at least 2 nodes (n = " + std::to_string(n) + ")";
}

}  // namespace

Rng injection_rng(std::uint64_t run_seed, NodeId node) {
  constexpr std::uint64_t kInjectionStreams = 3;  // the random stream domain of injection
  return Rng::stream(run_seed, kInjectionStreams, node);
}

std::string bernoulli_unavailable(double rate) {
  if (rate >= 0.0 && rate <= 1.0) return {};
  return "injection rate " + shown_number(rate) + " is not in [0, 1]";
}

std::string bursty_unavailable(double rate, double mean_burst) {
  std::string why = bernoulli_unavailable(rate);
  if (!why.empty()) return why;
  if (!(mean_burst >= 1.0) || !std::isfinite(mean_burst)) {
    return "mean burst length " + shown_number(mean_burst) + " is not a finite number >= 1";
  }
  // off -> on probability R / (B (1 - R)) <= 1, i.e. R (B + 1) <= B; rounding tolerated.
  if (rate < 1.0 && rate * (mean_burst + 1.0) > mean_burst * (1.0 + 1e-12)) {
    return "injection rate " + shown_number(rate) +
           " needs a mean burst of at least R/(1-R) = " + shown_number(rate / (1.0 - rate)) +
           " slots (mean burst " + shown_number(mean_burst) + ")";
  }
  return {};
}

InjectionProcess InjectionProcess::bernoulli(double rate) {
  const std::string why = bernoulli_unavailable(rate);
  if (!why.empty()) throw std::invalid_argument(why);
  return InjectionProcess(rate, false, 0.0, 0.0);
}

InjectionProcess InjectionProcess::bursty(double rate, double mean_burst) {
  const std::string why = bursty_unavailable(rate, mean_burst);
  if (!why.empty()) throw std::invalid_argument(why);
  if (rate >= 1.0) return InjectionProcess(rate, true, 0.0, 1.0);  // always on
  const double on_to_off = 1.0 / mean_burst;
  const double off_to_on = std::min(1.0, rate / (mean_burst * (1.0 - rate)));
  return InjectionProcess(rate, true, on_to_off, off_to_on);
}

bool InjectionProcess::inject(Rng& rng) {
  if (!bursty_) return rng.chance(rate_);
  if (state_ == State::kUnknown) state_ = rng.chance(rate_) ? State::kOn : State::kOff;
  const bool on = state_ == State::kOn;
  if (on) {
    if (on_to_off_ > 0.0 && rng.chance(on_to_off_)) state_ = State::kOff;
  } else {
    if (off_to_on_ > 0.0 && rng.chance(off_to_on_)) state_ = State::kOn;
  }
  return on;
}

std::string uniform_unavailable(std::uint32_t n) { return at_least_two(n, "uniform traffic"); }

NodeId uniform_destination(NodeId source, std::uint32_t n, Rng& rng) {
  const NodeId d = rng.below(n - 1);
  return d >= source ? d + 1 : d;
}

std::string hotspot_unavailable(std::uint32_t n, NodeId hotspot, double fraction) {
  std::string why = at_least_two(n, "hotspot traffic");
  if (!why.empty()) return why;
  if (hotspot >= n) {
    return "hotspot node " + std::to_string(hotspot) + " is not in 0.." + std::to_string(n - 1);
  }
  if (!(fraction >= 0.0 && fraction <= 1.0)) {
    return "hotspot fraction " + shown_number(fraction) + " is not in [0, 1]";
  }
  return {};
}

NodeId hotspot_destination(NodeId source, std::uint32_t n, NodeId hotspot, double fraction,
                           Rng& rng) {
  if (source != hotspot && rng.chance(fraction)) return hotspot;
  return uniform_destination(source, n, rng);
}

namespace {
std::uint32_t exact_sqrt(std::uint32_t n) {
  std::uint32_t r = 0;
  while (std::uint64_t{r + 1} * (r + 1) <= n) ++r;
  return r;
}
}  // namespace

std::string transpose_unavailable(std::uint32_t n) {
  const std::uint32_t m = exact_sqrt(n);
  if (n != 0 && m * m == n) return {};
  return "transpose needs n a perfect square (n = " + std::to_string(n) + ")";
}

NodeId transpose_destination(NodeId source, std::uint32_t n) {
  const std::uint32_t m = exact_sqrt(n);
  return (source % m) * m + source / m;
}

std::string bit_reversal_unavailable(std::uint32_t n) {
  if (n != 0 && (n & (n - 1)) == 0) return {};
  return "bit-reversal needs n a power of two (n = " + std::to_string(n) + ")";
}

NodeId bit_reversal_destination(NodeId source, std::uint32_t n) {
  unsigned bits = 0;
  while ((std::uint64_t{1} << bits) < n) ++bits;
  NodeId r = 0;
  for (unsigned b = 0; b < bits; ++b) r |= ((source >> b) & 1U) << (bits - 1 - b);
  return r;
}

std::string neighbour_unavailable(std::uint32_t n) { return at_least_two(n, "neighbour traffic"); }

NodeId neighbour_destination(NodeId source, std::uint32_t n) {
  return source + 1 == n ? 0 : source + 1;
}

std::string tornado_unavailable(std::uint32_t n) {
  if (n >= 3) return {};
  return "tornado needs at least 3 nodes (n = " + std::to_string(n) + ")";
}

NodeId tornado_destination(NodeId source, std::uint32_t n) {
  const std::uint64_t offset = (std::uint64_t{n} + 1) / 2 - 1;
  return static_cast<NodeId>((source + offset) % n);
}

namespace {
std::string power_of_two_from_two(std::uint32_t n, const char* rule) {
  if (n >= 2 && (n & (n - 1)) == 0) return {};
  return std::string(rule) + " needs n a power of two, at least 2 (n = " + std::to_string(n) + ")";
}
}  // namespace

std::string shuffle_unavailable(std::uint32_t n) { return power_of_two_from_two(n, "shuffle"); }

NodeId shuffle_destination(NodeId source, std::uint32_t n) {
  const std::uint64_t shifted = std::uint64_t{source} << 1;
  return static_cast<NodeId>((shifted & (n - 1)) | ((shifted & n) != 0 ? 1U : 0U));
}

std::string bit_complement_unavailable(std::uint32_t n) {
  return power_of_two_from_two(n, "bit-complement");
}

NodeId bit_complement_destination(NodeId source, std::uint32_t n) { return ~source & (n - 1); }

}  // namespace optinet
