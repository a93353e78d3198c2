#pragma once
/// \file
/// Off-line routing of a fixed partial permutation on a mesh of optical buses without a
/// collision: the three-stage (Clos / Benes) decomposition applied dimension by dimension.
///
/// A partial permutation P of the mesh's nodes that keeps coordinates m..D-1 (it permutes inside
/// each sub-mesh of dimensions 0..m-1) is routed in 2m - 1 phases along dimensions
/// m-1, m-2, ..., 1, 0, 1, ..., m-1. Stage 1 moves each packet along its line of dimension m-1
/// to a layer c (coordinate m-1 = c); stage 2 routes inside each layer (recursively, dimensions
/// 0..m-2); stage 3 moves it along dimension m-1 to its destination. The layers are the colours
/// of a proper k-edge-colouring of the bipartite multigraph whose edges join the source's and
/// the destination's lines of dimension m-1 (at most k packets start on a line and at most k
/// end on one, so k colours suffice: Koenig). In every phase each node sends at most one packet
/// and each receives at most one, along one bus: a phase is one slot without a collision.
#include <cstdint>
#include <vector>

#include "models/topology/dmob_indexing.h"

namespace optinet::topology {

/// What one node does in one phase of a route: the coordinate it sends its packet to along the
/// phase's dimension (kStay: it keeps it, or holds none), and whether a packet arrives.
struct RouteHop {
  static constexpr std::uint16_t kStay = 0x7fff;
  std::uint16_t word = kStay;  ///< bits 0..14: the coordinate or kStay; bit 15: a packet arrives
  std::uint16_t out() const { return word & kStay; }
  bool sends() const { return out() != kStay; }
  bool receives() const { return (word & 0x8000) != 0; }
};

/// A partial permutation's routes: phase p runs along dimension dims[p]; hops[p][v] is node v's
/// part in it (only nodes on the packets' paths have one).
struct MeshRoutes {
  std::vector<std::uint32_t> dims;
  std::vector<std::vector<RouteHop>> hops;
  /// The hops node v takes part in (a send or a receive): the entries it must hold.
  std::uint32_t entries(std::uint32_t v) const;
};

/// Every packet's position before phase 0 (index 0) and after each phase (index p + 1).
using RoutePaths = std::vector<std::vector<std::uint32_t>>;

/// Routes `permutation` (entry v: where v's packet goes, or ~0u for none; it must keep
/// coordinates m..D-1 and be injective; k < 0x7fff) in 2m - 1 phases, m >= 1.
MeshRoutes route_partial_permutation(const DmobIndexing& mesh, std::uint32_t m,
                                     const std::vector<std::uint32_t>& permutation,
                                     RoutePaths* paths = nullptr);

/// A proper colouring of a bipartite multigraph's edges (left[e], right[e]) with `colours`
/// colours, every vertex of degree at most `colours` (alternating-path recolouring).
std::vector<std::uint32_t> colour_bipartite_edges(std::uint32_t left_vertices,
                                                  std::uint32_t right_vertices,
                                                  std::uint32_t colours,
                                                  const std::vector<std::uint32_t>& left,
                                                  const std::vector<std::uint32_t>& right);

}  // namespace optinet::topology
