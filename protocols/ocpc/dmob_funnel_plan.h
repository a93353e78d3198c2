#pragma once
/// \file
/// The preprocessing phase of Theorem 2 (Meyer auf der Heide, Schroeder & Schwarze, section 4):
/// the routes of all partial permutations psi_j^{i,iota} (models/topology/split_hash_embedding.h)
/// on the d-dimensional MOB, each in 2(i+1) - 1 collision-free phases
/// (models/topology/mesh_routes.h).
///
/// Reading (docs/splithash-model.md, reading 21): "we initialize the MOB such that all these
/// permutations can be routed in time O(d)" is read as: after the preprocessing each psi is
/// routed in O(d) steps (2i + 1 phases), which is what a_i phases of O(d) per Funnel step need
/// for the theorem's O(d^2) per step. The text does not say how the initialization is done or
/// what it costs; it does not depend on the input, so it is done once per network. The model
/// computes the routes off-line from the network seed, as the split&hash wiring itself is drawn,
/// and loads every node with its own entries: for each (i, j, iota) and each phase, the
/// coordinate it sends a packet it holds to, and whether a packet may arrive. The routes depend
/// on k, d, a and the network seed only, which every node holds before any input arrives, so
/// every node can compute its own entries itself: the preprocessing takes no communication
/// step. entries() is what a node stores, reported apart from the routing steps.
#include <cstdint>
#include <vector>

#include "models/splithash/splithash_node.h"
#include "models/topology/mesh_routes.h"
#include "models/topology/split_hash_embedding.h"

namespace optinet::ocpc {

/// The settings of `funnel` on the d-dimensional MOB (the split&hash network it simulates).
struct DmobFunnelOptions {
  std::uint32_t a = 2;             ///< the split&hash network's constant a
  std::uint64_t network_seed = 1;  ///< the seed of its random permutations phi_j
  std::uint32_t batches = 0;       ///< 1/eps; 0: SplitHashShape::default_batches()
  std::uint32_t round_limit = 64;  ///< rounds per funnel level before a packet is stuck
  /// h-relation: applications of the random-function algorithm to a level's remainder before
  /// what is left there is reported stuck, and the modified thinning phase's constants.
  std::uint32_t applications = 8;
  splithash::ThinningParams thinning;
};

class DmobFunnelPlan {
 public:
  /// The (k^d, d, a) split&hash network on the MOB of edge k and dimension d (the shape must be
  /// valid: SplitHashShape::invalid() empty).
  DmobFunnelPlan(std::uint32_t k, std::uint32_t d, const DmobFunnelOptions& options);

  const splithash::SplitHashShape& shape() const { return wiring_.shape(); }
  const splithash::SplitHashEmbedding& embedding() const { return embedding_; }
  /// The routes of psi_j^{i,iota} (1 <= i <= d-1).
  const topology::MeshRoutes& route(std::uint32_t i, std::uint32_t j, std::uint32_t iota) const {
    return routes_[i][j * embedding_.parts(i) + iota];
  }
  /// Phases of a route of level i: 2(i+1) - 1.
  static std::uint32_t phases(std::uint32_t i) { return 2 * i + 1; }
  /// The bytes a plan of this shape holds (route entries and the wiring's permutations), for
  /// the memory estimate before it is made.
  static std::uint64_t table_bytes(const splithash::SplitHashShape& shape);
  /// The partial permutations routed: sum over i of a_i * iota_i.
  std::uint64_t permutations() const;
  /// The route entries node v holds (a send or a receive in some phase of some psi).
  std::uint64_t entries(std::uint32_t v) const;
  /// The most entries any node holds: the largest configuration the preprocessing stores.
  std::uint64_t max_entries() const { return max_entries_; }

 private:
  splithash::SplitHashWiring wiring_;
  splithash::SplitHashEmbedding embedding_;
  std::vector<std::vector<topology::MeshRoutes>> routes_;  ///< [i][j * iota_i + iota]
  std::uint64_t max_entries_ = 0;
};

}  // namespace optinet::ocpc
