#include "models/topology/split_hash_embedding.h"

namespace optinet::splithash {

std::uint32_t SplitHashEmbedding::parts(const SplitHashShape& shape, std::uint32_t i) {
  const std::uint64_t b = shape.block_size(i);
  // Folds per function: ceil(k^(i+1) / b_i); k of them per partial permutation.
  const std::uint64_t folds = (shape.power(i + 1) + b - 1) / b;
  return static_cast<std::uint32_t>((folds + shape.k - 1) / shape.k);
}

std::uint32_t SplitHashEmbedding::psi(std::uint32_t i, std::uint64_t x, std::uint32_t j) const {
  const std::uint32_t c = fold(i, x, j) % shape().k;
  return static_cast<std::uint32_t>(group_first(i, x) + c * shape().power(i) +
                                    wiring_.target(i, x, j));
}

std::uint32_t SplitHashEmbedding::bottom(std::uint32_t i, std::uint64_t x, std::uint32_t j,
                                         std::uint32_t child) const {
  return static_cast<std::uint32_t>(group_first(i, x) + child * shape().power(i) +
                                    wiring_.target(i, x, j));
}

std::vector<std::uint32_t> SplitHashEmbedding::partial_permutation(std::uint32_t i, std::uint32_t j,
                                                                   std::uint32_t iota) const {
  const std::uint64_t n = shape().n();
  std::vector<std::uint32_t> map(n, kNone);
  for (std::uint64_t x = 0; x < n; ++x) {
    if (part_of(i, x, j) == iota) map[x] = psi(i, x, j);
  }
  return map;
}

}  // namespace optinet::splithash
