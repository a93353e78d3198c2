#pragma once
// What the bare reference loops (bench/reference/*_ref.cpp) share: their random stream
// (xoshiro256** with Lemire's unbiased bounded draw, the algorithm of models/core/rng.h, copied
// on purpose: the loops link nothing of the model), their option parsing and their output.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace optinet_reference {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// xoshiro256** (models/core/rng.h).
class Stream {
 public:
  explicit Stream(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
  }
  /// Seeded as models/core/rng.h's Rng(seed) is (each word the mix of the one before), so that
  /// a loop draws what the model draws.
  static Stream as_model(std::uint64_t seed) {
    Stream r(0);
    for (auto& w : r.s_) {
      std::uint64_t x = seed;
      seed = splitmix64(x);
      w = seed;
    }
    return r;
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
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = (next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
      while (low < threshold) {
        m = (next() >> 32) * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

/// The "--name value" pairs of the command line, names as given ("--n"). `usage` reports an
/// option without a value or not in `known` (it must not return).
inline std::map<std::string, std::string> parse_options(int argc, char** argv,
                                                        const std::vector<std::string>& known,
                                                        void (*usage)(const char*)) {
  std::map<std::string, std::string> options;
  for (int i = 1; i < argc; ++i) {
    const std::string name = argv[i];
    if (i + 1 >= argc) usage(("missing value for " + name).c_str());
    bool listed = false;
    for (const std::string& k : known) listed = listed || k == name;
    if (!listed) usage(("unknown option " + name).c_str());
    options[name] = argv[++i];
  }
  return options;
}

/// The value of option `name` as an unsigned decimal integer, or `fallback` when it was not
/// given. `usage` reports a value that is not one (it must not return).
inline unsigned long long option_number(const std::map<std::string, std::string>& options,
                                        const std::string& name, unsigned long long fallback,
                                        void (*usage)(const char*)) {
  const auto it = options.find(name);
  if (it == options.end()) return fallback;
  const std::string& text = it->second;
  errno = 0;  // digits only, so strtoull can fail only by overflow (ERANGE)
  const unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || errno != 0)
    usage((name + " '" + text + "' is not accepted (an unsigned decimal integer)").c_str());
  return value;
}

/// Ends a JSON object with its "slots" list: `"slots": [a, b, ...]}` and a newline.
inline void print_slots(const std::vector<std::uint64_t>& slots) {
  std::printf("\"slots\": [");
  for (std::size_t r = 0; r < slots.size(); ++r)
    std::printf("%s%llu", r ? ", " : "", static_cast<unsigned long long>(slots[r]));
  std::printf("]}\n");
}

}  // namespace optinet_reference
