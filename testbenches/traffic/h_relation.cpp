#include "testbenches/traffic/h_relation.h"

#include <numeric>
#include <sstream>
#include <utility>

#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {

namespace {

struct KindName {
  RelationKind kind;
  const char* name;
};
constexpr KindName kKinds[] = {{RelationKind::kRandom, "random-h-relation"},
                               {RelationKind::kPermutation, "permutation"},
                               {RelationKind::kLowerBound, "lower-bound"}};

/// A uniformly random permutation of 0..n-1 with each fixed point i swapped with a random other
/// position j (afterwards pi(i) = old pi(j) != i and pi(j) = i != j): no processor sends to
/// itself. n >= 2.
std::vector<NodeId> permutation_without_fixed_points(std::uint32_t n, Rng& rng) {
  std::vector<NodeId> pi(n);
  std::iota(pi.begin(), pi.end(), NodeId{0});
  rng.shuffle(pi);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (pi[i] != i) continue;
    std::uint32_t j = rng.below(n - 1);
    if (j >= i) ++j;
    std::swap(pi[i], pi[j]);
  }
  return pi;
}

}  // namespace

RelationKind relation_kind(const std::string& name) {
  for (const KindName& k : kKinds) {
    if (name == k.name) return k.kind;
  }
  throw UsageError("--traffic: '" + name +
                   "' is not a traffic (accepted: " + relation_kind_names() + ")");
}

std::string relation_kind_name(RelationKind kind) {
  if (kind == RelationKind::kFile) return "file";
  for (const KindName& k : kKinds) {
    if (kind == k.kind) return k.name;
  }
  return "?";
}

std::string relation_kind_names() {
  std::string names;
  for (const KindName& k : kKinds) names += (names.empty() ? "" : ", ") + std::string(k.name);
  return names;
}

std::uint32_t minimum_h(RelationKind kind) { return kind == RelationKind::kLowerBound ? 2 : 1; }

std::string relation_unavailable(RelationKind kind, std::uint32_t n, std::uint32_t h) {
  if (h < minimum_h(kind)) {
    return relation_kind_name(kind) + " is a " + std::to_string(minimum_h(kind)) +
           "-relation; it needs h >= " + std::to_string(minimum_h(kind));
  }
  if (kind == RelationKind::kLowerBound && n < 4) return "lower-bound needs at least 4 processors";
  if (n < 2) return "needs at least 2 processors";
  return {};
}

Relation make_relation(RelationKind kind, std::uint32_t n, std::uint32_t h, Rng& rng) {
  Relation r;
  switch (kind) {
    case RelationKind::kRandom:
    case RelationKind::kPermutation: {
      const std::uint32_t copies = kind == RelationKind::kRandom ? h : 1;
      r.reserve(static_cast<std::size_t>(n) * copies);
      for (std::uint32_t c = 0; c < copies; ++c) {
        const std::vector<NodeId> pi = permutation_without_fixed_points(n, rng);
        for (NodeId i = 0; i < n; ++i) r.push_back({i, pi[i]});
      }
      break;
    }
    case RelationKind::kLowerBound: {
      std::vector<NodeId> order(n);
      std::iota(order.begin(), order.end(), NodeId{0});
      rng.shuffle(order);
      for (std::uint32_t t = 0; t < n / 4; ++t) {
        const NodeId d = order[3 * t];
        r.push_back({order[3 * t + 1], d});
        r.push_back({order[3 * t + 2], d});
      }
      break;
    }
    case RelationKind::kFile:
      break;
  }
  return r;
}

std::string check_h_relation(const Relation& r, std::uint32_t n, std::uint32_t h) {
  std::vector<std::uint32_t> sends(n, 0), receives(n, 0);
  for (std::size_t k = 0; k < r.size(); ++k) {
    const RelationPair& m = r[k];
    const std::string pair = "message " + std::to_string(k) + " (" + std::to_string(m.source) +
                             " -> " + std::to_string(m.destination) + ")";
    if (m.source >= n || m.destination >= n) {
      return pair + " names a processor outside 0.." + std::to_string(n - 1);
    }
    if (m.source == m.destination) return pair + " is sent to its own source";
    if (++sends[m.source] > h) {
      return "processor " + std::to_string(m.source) + " sends more than h = " + std::to_string(h) +
             " messages";
    }
    if (++receives[m.destination] > h) {
      return "processor " + std::to_string(m.destination) +
             " receives more than h = " + std::to_string(h) + " messages";
    }
  }
  return {};
}

std::size_t relation_file_bound(std::uint32_t n, std::uint32_t h) {
  return 65536 + 64 * std::size_t{n} * h;
}

Relation read_relation_file(const std::string& path, std::uint32_t n, std::uint32_t h) {
  return parse_relation_text(read_text_file("--relation-file", path, relation_file_bound(n, h),
                                            "a text file of 'source destination' lines"),
                             path, n, h);
}

Relation checked_relation(RelationKind kind, const std::string& path, std::uint32_t n,
                          std::uint32_t h, bool h_given) {
  if (kind == RelationKind::kFile) return read_relation_file(path, n, h);
  const std::string why = relation_unavailable(kind, n, h);
  if (!why.empty()) throw UsageError((h_given ? "--h: " : "--traffic: ") + why);
  return {};
}

Relation parse_relation_text(const std::string& text, const std::string& path, std::uint32_t n,
                             std::uint32_t h) {
  std::istringstream in(text);
  Relation r;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string a, b, extra;
    if (!(words >> a)) continue;
    const std::string where =
        "--relation-file: line " + std::to_string(number) + " of '" + printable(path) + "'";
    if (!(words >> b) || (words >> extra)) {
      throw UsageError(where + " is not 'source destination'");
    }
    // Processor ids 0..n-1 (parse_count names the line and the accepted range).
    const auto id = [&](const std::string& w) {
      return static_cast<NodeId>(parse_count(where, w, 0, n - 1));
    };
    r.push_back({id(a), id(b)});
  }
  const std::string why = check_h_relation(r, n, h);
  if (!why.empty()) {
    throw UsageError("--relation-file: '" + printable(path) +
                     "' is not an h-relation with h = " + std::to_string(h) + ": " + why);
  }
  return r;
}

std::vector<Packet> packets_of(const Relation& r, std::uint64_t run_seed) {
  std::vector<Packet> packets;
  packets.reserve(r.size());
  for (std::uint32_t k = 0; k < r.size(); ++k) {
    packets.push_back(Packet{k, r[k].source, r[k].destination, payload_of(run_seed, k)});
  }
  return packets;
}

Relation random_function(std::uint32_t n, Rng& rng) {
  Relation f;
  for (std::uint32_t x = 0; x < n; ++x) f.push_back(RelationPair{x, rng.below(n)});
  return f;
}

std::vector<Packet> relation_packets(RelationKind kind, const Relation& file, std::uint32_t n,
                                     std::uint32_t h, std::uint64_t run_seed) {
  if (kind == RelationKind::kFile) return packets_of(file, run_seed);
  Rng rng = traffic_rng(run_seed);
  return packets_of(make_relation(kind, n, h, rng), run_seed);
}

}  // namespace optinet
