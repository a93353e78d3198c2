#pragma once
/// \file
/// Theorem 2 of Meyer auf der Heide, Schroeder & Schwarze (section 4): the random (N, d, a)
/// split&hash network embedded into the d-dimensional mesh of optical buses of edge size k, and
/// the partial permutations psi_j^{i,iota} that carry each funnel edge onto a bus.
///
/// The embedding: node l of every level goes to MOB node (l_1..l_d) with sum l_nu k^(nu-1) = l,
/// which is DmobIndexing's node id l (coordinate nu-1 is digit nu-1 of l). A group of level L
/// is the set of MOB nodes that agree in coordinates L..d-1; child c of a group of level i+1 is
/// the part of it with coordinate i = c.
///
/// psi (the "folded permutations"; docs/splithash-model.md, reading 20). h_j of level i folds
/// the group's permutation phi_j: a top node t with phi_j(t) = m b_i + r goes to bottom index
/// block_start(j) + r, and the k^(i+1)/b_i top nodes of one fold index m share that bottom
/// index. Write m = iota k + c'. Then psi_j^{i,iota}, defined on the top nodes with
/// m / k = iota, maps t to the MOB node whose coordinates 0..i-1 are the bottom index h_j(t),
/// coordinate i is c', and coordinates i+1..d-1 are t's (its group). That node and the bottom
/// node h_j(t) of every child c lie on one bus of dimension i (they differ in coordinate i at
/// most), so every funnel edge (t, h_j(t)) is a MOB edge (psi_j^{i,iota}(t), h_j(t)) for the
/// one iota of t. Distinct t of one iota have distinct (r, c'), so psi_j^{i,iota} is a partial
/// permutation of each group. There are iota_i = ceil(k^i / b_i) of them per function: a_i when
/// a_i divides k^i (as in the paper's sum of a_i^2), more otherwise, when the folds of a function
/// outnumber k a_i (up to about 2 a_i when b_i is small: k^i = 16, a_i = 9 gives b_i = 1 and
/// iota_i = 16).
#include <cstdint>
#include <vector>

#include "models/topology/dmob_indexing.h"
#include "models/topology/split_hash.h"

namespace optinet::splithash {

class SplitHashEmbedding {
 public:
  /// No node of a partial permutation's complement.
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};

  /// `wiring` must outlive the embedding; its N = k^d must fit in 32 bits.
  explicit SplitHashEmbedding(const SplitHashWiring& wiring) : wiring_(wiring) {}

  const SplitHashWiring& wiring() const { return wiring_; }
  const SplitHashShape& shape() const { return wiring_.shape(); }
  topology::DmobIndexing mesh() const { return {shape().k, shape().depth}; }

  /// iota_i: the partial permutations per function of level i (1 <= i <= d-1).
  std::uint32_t parts(std::uint32_t i) const { return parts(shape(), i); }
  static std::uint32_t parts(const SplitHashShape& shape, std::uint32_t i);
  /// The iota whose psi_j^{i,iota} is defined on top node x.
  std::uint32_t part_of(std::uint32_t i, std::uint64_t x, std::uint32_t j) const {
    return fold(i, x, j) / shape().k;
  }
  /// psi_j^{i,iota}(x) for iota = part_of(i, x, j): a MOB node of x's group of level i+1.
  std::uint32_t psi(std::uint32_t i, std::uint64_t x, std::uint32_t j) const;
  /// The bottom node of the funnel edge from top node x through h_j into child funnel `child`
  /// (the split&hash node, as a MOB node id).
  std::uint32_t bottom(std::uint32_t i, std::uint64_t x, std::uint32_t j,
                       std::uint32_t child) const;
  /// psi_j^{i,iota} over all N nodes: entry x is psi(x), or kNone off the domain.
  std::vector<std::uint32_t> partial_permutation(std::uint32_t i, std::uint32_t j,
                                                 std::uint32_t iota) const;

 private:
  /// m = phi_j(x) / b_i: x's fold index, k + m its place on the split&hash bus of h_j(x).
  std::uint32_t fold(std::uint32_t i, std::uint64_t x, std::uint32_t j) const {
    return wiring_.top_local(i, x, j) - shape().k;
  }
  /// The first node of x's group of level i+1.
  std::uint64_t group_first(std::uint32_t i, std::uint64_t x) const {
    return x / shape().power(i + 1) * shape().power(i + 1);
  }

  const SplitHashWiring& wiring_;
};

}  // namespace optinet::splithash
