#include "testbenches/traffic/traffic.h"

#include <numeric>
#include <optional>
#include <sstream>

#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace {
const char* const kNames[] = {"random", "identity", "bit-reversal", "transpose", "partial", "file"};

bool is_power_of_two(std::uint32_t n) { return n != 0 && (n & (n - 1)) == 0; }
std::uint32_t exact_sqrt(std::uint32_t n) {
  std::uint32_t r = 0;
  while (std::uint64_t{r + 1} * (r + 1) <= n) ++r;
  return r;
}

Permutation random_permutation(std::uint32_t n, Rng& rng) {
  Permutation p(n);
  std::iota(p.begin(), p.end(), 0);
  rng.shuffle(p);
  return p;
}
}  // namespace

PermutationKind permutation_kind(const std::string& name, bool file_offered) {
  for (int k = 0; k < 5; ++k) {
    if (name == kNames[k]) return static_cast<PermutationKind>(k);
  }
  throw UsageError("--traffic: unknown pattern '" + printable(name) +
                   "' (accepted: " + permutation_kind_names() +
                   (file_offered ? "; or --permutation-file PATH)" : ")"));
}

std::string permutation_kind_name(PermutationKind kind) { return kNames[static_cast<int>(kind)]; }

std::string permutation_kind_names() {
  std::string names;
  for (int k = 0; k < 5; ++k) names += (names.empty() ? "" : ", ") + std::string(kNames[k]);
  return names;
}

std::string permutation_unavailable(PermutationKind kind, std::uint32_t n) {
  if (kind == PermutationKind::kBitReversal && !is_power_of_two(n)) {
    return "bit-reversal needs n a power of two (n = " + std::to_string(n) + ")";
  }
  if (kind == PermutationKind::kTranspose) {
    const std::uint32_t m = exact_sqrt(n);
    if (m * m != n) return "transpose needs n a perfect square (n = " + std::to_string(n) + ")";
  }
  return {};
}

Permutation make_permutation(PermutationKind kind, std::uint32_t n, Rng& rng) {
  Permutation p(n);
  switch (kind) {
    case PermutationKind::kRandom:
      return random_permutation(n, rng);
    case PermutationKind::kIdentity:
      std::iota(p.begin(), p.end(), 0);
      return p;
    case PermutationKind::kBitReversal: {
      unsigned bits = 0;
      while ((1U << bits) < n) ++bits;
      for (std::uint32_t i = 0; i < n; ++i) {
        std::uint32_t r = 0;
        for (unsigned b = 0; b < bits; ++b) r |= ((i >> b) & 1U) << (bits - 1 - b);
        p[i] = r;
      }
      return p;
    }
    case PermutationKind::kTranspose: {
      const std::uint32_t m = exact_sqrt(n);
      for (std::uint32_t i = 0; i < n; ++i) p[i] = (i % m) * m + i / m;
      return p;
    }
    case PermutationKind::kPartial: {
      p = random_permutation(n, rng);
      for (auto& dest : p) {
        if (rng.below(2) == 0) dest = kNoNode;
      }
      return p;
    }
    case PermutationKind::kFile:
      break;
  }
  throw std::logic_error("make_permutation: file permutations are read, not made");
}

std::string check_partial_permutation(const Permutation& p, std::uint32_t n) {
  if (p.size() != n) {
    return "has " + std::to_string(p.size()) + " destinations, expected n = " + std::to_string(n);
  }
  std::vector<NodeId> first_source(n, kNoNode);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (p[i] == kNoNode) continue;
    if (p[i] >= n) {
      return "source " + std::to_string(i) + " has destination " + std::to_string(p[i]) +
             ", outside 0.." + std::to_string(n - 1);
    }
    if (first_source[p[i]] != kNoNode) {
      return "destination " + std::to_string(p[i]) + " is used by sources " +
             std::to_string(first_source[p[i]]) + " and " + std::to_string(i);
    }
    first_source[p[i]] = i;
  }
  return {};
}

std::size_t permutation_file_bound(std::uint32_t n) { return 65536 + 64 * std::size_t{n}; }

Permutation read_permutation_file(const std::string& path, std::uint32_t n) {
  return parse_permutation_text(
      read_text_file("--permutation-file", path, permutation_file_bound(n),
                     "a text file of n destinations"),
      path, n);
}

Permutation parse_permutation_text(const std::string& text, const std::string& path,
                                   std::uint32_t n) {
  Permutation p;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string w;
    while (words >> w) {
      if (w == "-" || w == "-1") {
        p.push_back(kNoNode);
        continue;
      }
      const std::optional<std::uint64_t> v = read_count(w);
      if (!v || *v >= kNoNode) {
        throw UsageError("--permutation-file: '" + printable(w, 40) + "' in '" + printable(path) +
                         "' is not a destination (accepted: 0..n-1, or - or -1 for no packet)");
      }
      p.push_back(static_cast<NodeId>(*v));
      if (p.size() > n) break;  // check_partial_permutation names the count
    }
    if (p.size() > n) break;
  }
  const std::string why = check_partial_permutation(p, n);
  if (!why.empty()) {
    throw UsageError("--permutation-file: '" + printable(path) +
                     "' is not a (partial) permutation: " + why);
  }
  return p;
}

std::uint64_t payload_of(std::uint64_t run_seed, std::uint32_t packet_id) {
  return mix64(mix64(run_seed ^ 0x7061796c6f6164ULL) + packet_id);
}

std::vector<Packet> packets_of(const Permutation& p, std::uint64_t run_seed) {
  std::vector<Packet> packets;
  for (std::uint32_t i = 0; i < p.size(); ++i) {
    if (p[i] != kNoNode) packets.push_back(Packet{i, i, p[i], payload_of(run_seed, i)});
  }
  return packets;
}

Rng traffic_rng(std::uint64_t run_seed) {
  constexpr std::uint64_t kTrafficStreams = 2;  // the random stream domain of traffic
  return Rng::stream(run_seed, kTrafficStreams, 0);
}

std::vector<Packet> permutation_packets(PermutationKind kind, const Permutation& file,
                                        std::uint32_t n, std::uint64_t run_seed) {
  if (kind == PermutationKind::kFile) return packets_of(file, run_seed);
  Rng rng = traffic_rng(run_seed);
  return packets_of(make_permutation(kind, n, rng), run_seed);
}

}  // namespace optinet
