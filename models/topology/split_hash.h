#pragma once
/// \file
/// The random (N, d, a) split&hash network of Meyer auf der Heide, Schroeder & Schwarze,
/// section 2, as pure structure (no SystemC): levels d (the N sources) down to 0 (the N sinks),
/// N = k^d nodes per level.
///
/// Level L has k^(d-L) groups of k^L nodes; node x of level L is in group x / k^L. A group of
/// level i+1 is the top of k funnels, one to each of its k child groups of level i (child c of
/// group g is group g*k + c). Between levels i+1 and i (1 <= i <= d-1) every funnel of a group
/// is the same (k^(i+1), k^i, a_i)-funnel: a_i = ceil(a*d/i) functions h_j (j in [a_i]), each
/// mapping the group's k^(i+1) top nodes onto block j of the k^i bottom nodes. Between levels 1
/// and 0 each group of k nodes is completely connected to its k sinks.
///
/// Readings of the extracted text (each written down in docs/splithash-model.md):
/// - Blocks. The definition says h_j maps onto {floor(j k^i / a_i) + s | s in [b_i]} with
///   b_i = floor(k^i / a_i); the random construction says phi(l) mod b_i + j*(b_i + 1), which
///   for j = a_i - 1 can leave [k^i] (k^i = 16, a_i = 4: 3*5 + 3 = 18). We use the definition's
///   block start floor(j k^i / a_i); the blocks are disjoint and k^i - a_i b_i bottom nodes of a
///   funnel (none when a_i divides k^i) are in no block and never receive.
/// - One permutation per function. "Choosing a random permutation phi" taken as one phi for
///   all j would make two top nodes that collide under h_0 collide under every h_j, so the
///   Funnel Algorithm could never separate them. Each h_j of each group therefore has its own
///   random permutation phi_j of [k^(i+1)] (section 4 calls the h_j "folded permutations"):
///   h_j(t) = floor(j k^i / a_i) + phi_j(t) mod b_i. The k funnels of a group share them
///   (section 2: "k identical bipartite graphs"); different groups draw their own.
/// - Uniformity. phi_j(t) mod b_i gives every bottom node of block j exactly k^(i+1) / b_i top
///   nodes when b_i divides k^(i+1) (every power-of-two size), otherwise ceil or floor of it.
///
/// The optical crossbar version: for each group of level i+1 and each bottom index l in block j,
/// one bus joins the k bottom nodes with index l (one per child funnel) and the top nodes t with
/// h_j(t) = l: length k + k^(i+1)/b_i = k + k*a_i when a_i divides k^i. Between levels 1 and 0,
/// one bus of length 2k per group of level 1. On a bus, local indices 0..k-1 are the bottom
/// nodes (child c at local index c) and k + m is the top node t with phi_j(t) / b_i = m.
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/packet.h"

namespace optinet::splithash {

/// The shape, without the random choices.
struct SplitHashShape {
  std::uint32_t k = 2;      ///< the edge size: a group of level L has k^L nodes
  std::uint32_t depth = 2;  ///< d
  std::uint32_t a = 2;      ///< the network's constant a

  /// k^e (no overflow check: the command bounds k^depth).
  std::uint64_t power(std::uint32_t e) const;
  /// N = k^d, the nodes of one level.
  std::uint64_t n() const { return power(depth); }
  /// All nodes of the network, (d + 1) N.
  std::uint64_t nodes() const { return (std::uint64_t{depth} + 1) * n(); }
  /// a_i = ceil(a d / i) for the funnel between levels i+1 and i, 1 <= i <= d-1.
  std::uint32_t functions(std::uint32_t i) const { return (a * depth + i - 1) / i; }
  /// b_i = floor(k^i / a_i), the size of a block.
  std::uint64_t block_size(std::uint32_t i) const { return power(i) / functions(i); }
  /// floor(j k^i / a_i), the first bottom index of block j.
  std::uint64_t block_start(std::uint32_t i, std::uint32_t j) const {
    return j * power(i) / functions(i);
  }
  /// The block a bottom index l of level i is in, or functions(i) if it is in none.
  std::uint32_t block_of(std::uint32_t i, std::uint64_t l) const;
  /// Empty if the shape is valid, otherwise what is wrong (k < 2, depth 0, a < 2, a block
  /// of size 0).
  std::string invalid() const;
  /// Empty if every funnel level's blocks hold two bottom nodes or more. Otherwise why the
  /// random-function algorithm (Corollary 3) cannot deliver every packet on this shape: at a
  /// level whose blocks hold one node each, a batch that sends two packets into one child
  /// funnel places only one of them, and the other stays at the round limit. Names the
  /// smallest k without such a block at this depth and a.
  std::string one_node_blocks() const;

  /// Global id of node x of level L: L*N + x. Sinks are 0..N-1, sources d*N..(d+1)N-1.
  NodeId id(std::uint32_t level, std::uint64_t x) const {
    return static_cast<NodeId>(level * n() + x);
  }
  std::uint32_t level_of(NodeId id) const { return static_cast<std::uint32_t>(id / n()); }
  std::uint64_t index_of(NodeId id) const { return id % n(); }
  /// The group of level L on the coarse path to sink `destination`: y / k^L (within that
  /// group a packet may be at any node).
  std::uint64_t group_on_path(std::uint32_t level, std::uint64_t destination) const {
    return destination / power(level);
  }
  /// The busiest bus's length between levels i+1 and i (k + the largest preimage).
  std::uint64_t funnel_bus_length(std::uint32_t i) const;
  /// Buses between levels i+1 and i: k^(d-i-1) groups times a_i b_i used bottom indices.
  std::uint64_t funnel_buses(std::uint32_t i) const;
  /// All buses (funnel buses and the k^(d-1) buses of length 2k between levels 1 and 0).
  std::uint64_t buses() const;
  /// Node attachments over all buses: between levels i+1 and i, k bottom nodes per funnel bus
  /// and every top node on a_i buses (one per function); 2k per bus to the sinks.
  std::uint64_t bus_attachments() const;
  /// t_i = log2 log2(k^i) / log2(a_i - 1) - 1, the Main Lemma's round bound (a_i > 2).
  double round_bound(std::uint32_t i) const;
  /// The default number of batches, 1/eps: the Main Lemma needs eps * beta * a_i < 1 for every
  /// funnel level with some beta > 1; we take beta = 2, so 1/eps = 2 * max a_i + 1 (a_1 = a*d).
  std::uint32_t default_batches() const { return depth < 2 ? 1 : 2 * functions(1) + 1; }
};

/// The random choices: every group's permutations phi_j, drawn from the network seed.
class SplitHashWiring {
 public:
  SplitHashWiring(const SplitHashShape& shape, std::uint64_t network_seed);

  const SplitHashShape& shape() const { return shape_; }
  std::uint64_t network_seed() const { return seed_; }

  /// h_j(t) for top node x (global index within level i+1): the bottom index l in [k^i] it
  /// reaches through function j (the same l in every child funnel).
  std::uint64_t target(std::uint32_t i, std::uint64_t x, std::uint32_t j) const;
  /// The local index on the bus of h_j(x) at which top node x is attached (k + m).
  std::uint32_t top_local(std::uint32_t i, std::uint64_t x, std::uint32_t j) const;
  /// The top node (global index in level i+1) at local index `local` >= k of the bus of bottom
  /// index l of the group `group` of level i+1.
  std::uint64_t top_at(std::uint32_t i, std::uint64_t group, std::uint64_t l,
                       std::uint32_t local) const;
  /// The number of top nodes on the bus of bottom index l (the preimage of l).
  std::uint32_t tops_on_bus(std::uint32_t i, std::uint64_t l) const;

 private:
  /// phi_j of level i for top node x (the group's permutation, value in [k^(i+1)]).
  std::uint32_t phi(std::uint32_t i, std::uint32_t j, std::uint64_t x) const {
    return phi_[i][j][x];
  }
  SplitHashShape shape_;
  std::uint64_t seed_;
  /// phi_[i][j][x] and its inverse per group (phi_inverse_[i][j][g*k^(i+1) + v] = t with
  /// phi_j(t) = v), for 1 <= i <= d-1; index 0 unused.
  std::vector<std::vector<std::vector<std::uint32_t>>> phi_;
  std::vector<std::vector<std::vector<std::uint32_t>>> phi_inverse_;
};

}  // namespace optinet::splithash
