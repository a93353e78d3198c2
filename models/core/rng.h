#pragma once
/// \file
/// Small, fast, reproducible random streams: xoshiro256** seeded through splitmix64.
/// One stream per (seed, run, stream id) so results never depend on scheduling order.
#include <cstddef>
#include <cstdint>
#include <utility>

namespace optinet {

/// splitmix64 finaliser: a good 64-bit mixing function.
inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  /// The stream for (seed, run, stream); stream ids name nodes (0..n-1) or testbench uses.
  static Rng stream(std::uint64_t seed, std::uint64_t run, std::uint64_t stream) {
    return Rng(mix64(mix64(mix64(seed) ^ run) ^ stream));
  }

  /// A node's own stream for a run: stream (run seed, 1, node id). Every network's nodes draw
  /// from it, so a seed names the same node streams everywhere.
  static Rng node_stream(std::uint64_t run_seed, std::uint32_t node) {
    constexpr std::uint64_t kNodeStreams = 1;  // the random stream domain of nodes
    return stream(run_seed, kNodeStreams, node);
  }

  void reseed(std::uint64_t seed) {
    for (auto& w : s_) {
      seed = mix64(seed);
      w = seed;
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Fisher-Yates: every order of `v` equally likely; draws below(n), below(n - 1), ...,
  /// below(2). Every shuffle of the model goes through here.
  template <class Vector>
  void shuffle(Vector& v) {
    for (std::size_t i = v.size(); i > 1; --i) {
      using std::swap;
      swap(v[i - 1], v[below(static_cast<std::uint32_t>(i))]);
    }
  }

  /// Uniform integer in [0, bound), bound > 0, without modulo bias (Lemire).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = static_cast<std::uint64_t>(next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(next() >> 32) * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  /// Uniform double in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  /// True with probability p.
  bool chance(double p) { return p >= 1.0 || unit() < p; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace optinet
