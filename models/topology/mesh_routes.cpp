#include "models/topology/mesh_routes.h"

#include <stdexcept>

namespace optinet::topology {

namespace {

constexpr std::uint32_t kFree = ~std::uint32_t{0};

/// Fills positions[q][first .. first + 2 top] (the position after each phase of dimensions
/// top, ..., 0, ..., top) of every packet q, given its position before them (first - 1 index:
/// `from`) and its destination `to`.
void route_level(const DmobIndexing& mesh, std::uint32_t top, std::uint32_t first,
                 const std::vector<std::uint32_t>& from, const std::vector<std::uint32_t>& to,
                 RoutePaths& positions) {
  const std::size_t packets = from.size();
  if (top == 0) {
    for (std::size_t q = 0; q < packets; ++q) positions[q][first] = to[q];
    return;
  }
  std::vector<std::uint32_t> left(packets), right(packets);
  for (std::size_t q = 0; q < packets; ++q) {
    left[q] = mesh.line(from[q], top);
    right[q] = mesh.line(to[q], top);
  }
  const std::uint32_t lines = mesh.lines_per_dimension();
  const std::vector<std::uint32_t> layer =
      colour_bipartite_edges(lines, lines, mesh.k(), left, right);
  std::vector<std::uint32_t> enter(packets), leave(packets);
  for (std::size_t q = 0; q < packets; ++q) {
    enter[q] = mesh.with_coordinate(from[q], top, layer[q]);
    leave[q] = mesh.with_coordinate(to[q], top, layer[q]);
    positions[q][first] = enter[q];
    positions[q][first + 2 * top] = to[q];
  }
  route_level(mesh, top - 1, first + 1, enter, leave, positions);
}

}  // namespace

std::uint32_t MeshRoutes::entries(std::uint32_t v) const {
  std::uint32_t count = 0;
  for (const std::vector<RouteHop>& phase : hops) {
    count += phase[v].sends() || phase[v].receives();
  }
  return count;
}

std::vector<std::uint32_t> colour_bipartite_edges(std::uint32_t left_vertices,
                                                  std::uint32_t right_vertices,
                                                  std::uint32_t colours,
                                                  const std::vector<std::uint32_t>& left,
                                                  const std::vector<std::uint32_t>& right) {
  // at[side][vertex * colours + c]: the edge of colour c at the vertex (side 0 left, 1 right).
  std::vector<std::uint32_t> at[2] = {
      std::vector<std::uint32_t>(std::size_t{left_vertices} * colours, kFree),
      std::vector<std::uint32_t>(std::size_t{right_vertices} * colours, kFree)};
  const std::vector<std::uint32_t>* ends[2] = {&left, &right};
  std::vector<std::uint32_t> colour(left.size(), kFree);
  auto free_colour = [&](int side, std::uint32_t v) {
    for (std::uint32_t c = 0; c < colours; ++c) {
      if (at[side][std::size_t{v} * colours + c] == kFree) return c;
    }
    throw std::invalid_argument("colour_bipartite_edges: a vertex has more edges than colours");
  };
  std::vector<std::uint32_t> path;
  for (std::uint32_t e = 0; e < left.size(); ++e) {
    const std::uint32_t a = free_colour(0, left[e]);
    if (at[1][std::size_t{right[e]} * colours + a] != kFree) {
      // Kempe chain: from right[e] along edges coloured a, b, a, ... (b free at right[e]); it
      // cannot reach left[e], where a is free. Swapping a and b on it frees a at right[e].
      const std::uint32_t b = free_colour(1, right[e]);
      path.clear();
      int side = 1;
      std::uint32_t v = right[e];
      std::uint32_t c = a;
      while (true) {
        const std::uint32_t f = at[side][std::size_t{v} * colours + c];
        if (f == kFree) break;
        path.push_back(f);
        side = 1 - side;
        v = (*ends[side])[f];
        c = c == a ? b : a;
      }
      for (std::uint32_t f : path) {
        for (int s = 0; s < 2; ++s) at[s][std::size_t{(*ends[s])[f]} * colours + colour[f]] = kFree;
      }
      for (std::uint32_t f : path) {
        colour[f] = colour[f] == a ? b : a;
        for (int s = 0; s < 2; ++s) at[s][std::size_t{(*ends[s])[f]} * colours + colour[f]] = f;
      }
    }
    colour[e] = a;
    at[0][std::size_t{left[e]} * colours + a] = e;
    at[1][std::size_t{right[e]} * colours + a] = e;
  }
  return colour;
}

MeshRoutes route_partial_permutation(const DmobIndexing& mesh, std::uint32_t m,
                                     const std::vector<std::uint32_t>& permutation,
                                     RoutePaths* paths) {
  if (m < 1 || m > mesh.dim()) throw std::invalid_argument("route: m out of range");
  MeshRoutes routes;
  const std::uint32_t phases = 2 * m - 1;
  for (std::uint32_t p = 0; p < phases; ++p) routes.dims.push_back(p < m ? m - 1 - p : p - m + 1);
  routes.hops.assign(phases, std::vector<RouteHop>(mesh.nodes()));
  std::vector<std::uint32_t> from, to;
  for (std::uint32_t v = 0; v < permutation.size(); ++v) {
    if (permutation[v] == kFree) continue;
    from.push_back(v);
    to.push_back(permutation[v]);
  }
  RoutePaths positions(from.size(), std::vector<std::uint32_t>(phases + 1));
  for (std::size_t q = 0; q < from.size(); ++q) positions[q][0] = from[q];
  route_level(mesh, m - 1, 1, from, to, positions);
  for (std::size_t q = 0; q < from.size(); ++q) {
    for (std::uint32_t p = 0; p < phases; ++p) {
      const std::uint32_t a = positions[q][p];
      const std::uint32_t b = positions[q][p + 1];
      if (a == b) continue;
      routes.hops[p][a].word = static_cast<std::uint16_t>((routes.hops[p][a].word & 0x8000) |
                                                          mesh.coordinate(b, routes.dims[p]));
      routes.hops[p][b].word |= 0x8000;
    }
  }
  if (paths != nullptr) *paths = std::move(positions);
  return routes;
}

}  // namespace optinet::topology
