#include "models/topology/split_hash.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "models/core/rng.h"

namespace optinet::splithash {

std::uint64_t SplitHashShape::power(std::uint32_t e) const {
  std::uint64_t p = 1;
  for (std::uint32_t i = 0; i < e; ++i) p *= k;
  return p;
}

std::uint32_t SplitHashShape::block_of(std::uint32_t i, std::uint64_t l) const {
  const std::uint32_t a_i = functions(i);
  // Block j starts at floor(j k^i / a_i); the candidate is the last start at or below l.
  std::uint32_t j = static_cast<std::uint32_t>(l * a_i / power(i));
  while (j > 0 && block_start(i, j) > l) --j;
  while (j + 1 < a_i && block_start(i, j + 1) <= l) ++j;
  return l < block_start(i, j) + block_size(i) ? j : a_i;
}

std::string SplitHashShape::invalid() const {
  if (k < 2) return "k must be at least 2";
  if (depth < 1) return "the depth must be at least 1";
  if (a < 2) return "a must be at least 2 (a_i = 1 repeats one function forever)";
  for (std::uint32_t i = 1; i < depth; ++i) {
    if (block_size(i) == 0) {
      return "a_" + std::to_string(i) + " = ceil(a*d/" + std::to_string(i) +
             ") = " + std::to_string(functions(i)) + " blocks do not fit in k^" +
             std::to_string(i) + " = " + std::to_string(power(i)) + " bottom nodes (need a*d <= k)";
    }
  }
  return "";
}

std::string SplitHashShape::one_node_blocks() const {
  const auto single = [](const SplitHashShape& s) {
    for (std::uint32_t i = 1; i < s.depth; ++i) {
      if (s.block_size(i) < 2) return i;
    }
    return 0u;
  };
  const std::uint32_t i = single(*this);
  if (i == 0) return "";
  SplitHashShape larger = *this;
  do {
    ++larger.k;
  } while (single(larger) != 0);
  return "at level " + std::to_string(i) + " each of the a_" + std::to_string(i) + " = " +
         std::to_string(functions(i)) + " blocks of the k^" + std::to_string(i) + " = " +
         std::to_string(power(i)) +
         " bottom nodes holds one node, so a batch that sends two packets into one child funnel "
         "places only one of them (accepted: k >= " +
         std::to_string(larger.k) + " at this depth and a)";
}

std::uint64_t SplitHashShape::funnel_bus_length(std::uint32_t i) const {
  const std::uint64_t b = block_size(i);
  return k + (power(i + 1) + b - 1) / b;
}

std::uint64_t SplitHashShape::funnel_buses(std::uint32_t i) const {
  return power(depth - i - 1) * functions(i) * block_size(i);
}

std::uint64_t SplitHashShape::buses() const {
  std::uint64_t total = power(depth - 1);
  for (std::uint32_t i = 1; i < depth; ++i) total += funnel_buses(i);
  return total;
}

std::uint64_t SplitHashShape::bus_attachments() const {
  std::uint64_t total = power(depth - 1) * 2 * k;
  for (std::uint32_t i = 1; i < depth; ++i) total += funnel_buses(i) * k + n() * functions(i);
  return total;
}

double SplitHashShape::round_bound(std::uint32_t i) const {
  const double levels = std::log2(static_cast<double>(i) * std::log2(static_cast<double>(k)));
  return levels / std::log2(static_cast<double>(functions(i)) - 1.0) - 1.0;
}

SplitHashWiring::SplitHashWiring(const SplitHashShape& shape, std::uint64_t network_seed)
    : shape_(shape), seed_(network_seed), phi_(shape.depth), phi_inverse_(shape.depth) {
  const std::uint64_t n = shape.n();
  for (std::uint32_t i = 1; i < shape.depth; ++i) {
    const std::uint64_t top = shape.power(i + 1);
    const std::uint32_t a_i = shape.functions(i);
    phi_[i].assign(a_i, std::vector<std::uint32_t>(n));
    phi_inverse_[i].assign(a_i, std::vector<std::uint32_t>(n));
    std::vector<std::uint32_t> perm(top);
    for (std::uint32_t j = 0; j < a_i; ++j) {
      for (std::uint64_t g = 0; g < n / top; ++g) {
        // One stream per (level, function, group), so a group's wiring does not depend on the
        // network's other sizes.
        Rng rng = Rng::stream(seed_, (std::uint64_t{i} << 40) ^ (std::uint64_t{j} << 32), g);
        std::iota(perm.begin(), perm.end(), 0u);
        rng.shuffle(perm);
        for (std::uint64_t t = 0; t < top; ++t) {
          phi_[i][j][g * top + t] = perm[t];
          phi_inverse_[i][j][g * top + perm[t]] = static_cast<std::uint32_t>(t);
        }
      }
    }
  }
}

std::uint64_t SplitHashWiring::target(std::uint32_t i, std::uint64_t x, std::uint32_t j) const {
  return shape_.block_start(i, j) + phi(i, j, x) % shape_.block_size(i);
}

std::uint32_t SplitHashWiring::top_local(std::uint32_t i, std::uint64_t x, std::uint32_t j) const {
  return shape_.k + static_cast<std::uint32_t>(phi(i, j, x) / shape_.block_size(i));
}

std::uint64_t SplitHashWiring::top_at(std::uint32_t i, std::uint64_t group, std::uint64_t l,
                                      std::uint32_t local) const {
  const std::uint32_t j = shape_.block_of(i, l);
  const std::uint64_t b = shape_.block_size(i);
  const std::uint64_t v = (l - shape_.block_start(i, j)) + (local - shape_.k) * b;
  const std::uint64_t top = shape_.power(i + 1);
  return group * top + phi_inverse_[i][j][group * top + v];
}

std::uint32_t SplitHashWiring::tops_on_bus(std::uint32_t i, std::uint64_t l) const {
  const std::uint32_t j = shape_.block_of(i, l);
  const std::uint64_t b = shape_.block_size(i);
  const std::uint64_t r = l - shape_.block_start(i, j);
  return static_cast<std::uint32_t>((shape_.power(i + 1) - r + b - 1) / b);
}

}  // namespace optinet::splithash
