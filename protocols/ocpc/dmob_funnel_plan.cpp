#include "protocols/ocpc/dmob_funnel_plan.h"

#include <algorithm>

namespace optinet::ocpc {

DmobFunnelPlan::DmobFunnelPlan(std::uint32_t k, std::uint32_t d, const DmobFunnelOptions& options)
    : wiring_(splithash::SplitHashShape{k, d, options.a}, options.network_seed),
      embedding_(wiring_),
      routes_(d) {
  const topology::DmobIndexing mesh = embedding_.mesh();
  for (std::uint32_t i = 1; i < d; ++i) {
    for (std::uint32_t j = 0; j < shape().functions(i); ++j) {
      for (std::uint32_t iota = 0; iota < embedding_.parts(i); ++iota) {
        routes_[i].push_back(topology::route_partial_permutation(
            mesh, i + 1, embedding_.partial_permutation(i, j, iota)));
      }
    }
  }
  for (std::uint32_t v = 0; v < mesh.nodes(); ++v)
    max_entries_ = std::max(max_entries_, entries(v));
}

std::uint64_t DmobFunnelPlan::table_bytes(const splithash::SplitHashShape& shape) {
  std::uint64_t per_node = 0;
  for (std::uint32_t i = 1; i < shape.depth; ++i) {
    const std::uint64_t a_i = shape.functions(i);
    per_node += a_i * splithash::SplitHashEmbedding::parts(shape, i) * phases(i) *
                    sizeof(topology::RouteHop) +
                a_i * 2 * sizeof(std::uint32_t);  // phi_j and its inverse
  }
  return per_node * shape.n();
}

std::uint64_t DmobFunnelPlan::permutations() const {
  std::uint64_t total = 0;
  for (const auto& level : routes_) total += level.size();
  return total;
}

std::uint64_t DmobFunnelPlan::entries(std::uint32_t v) const {
  std::uint64_t total = 0;
  for (const auto& level : routes_) {
    for (const topology::MeshRoutes& r : level) total += r.entries(v);
  }
  return total;
}

}  // namespace optinet::ocpc
