#pragma once
/// \file
/// What the bounds of a network under an open-loop pattern share (testbenches/open_loop/capacity.h,
/// the routing bound, and testbenches/open_loop/hardware_bound.h, the hardware's): the pattern's
/// expected traffic matrix, a grid or hypercube seen as dimensions of coordinates, and link names.
#include <cstdint>
#include <string>
#include <vector>

#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/sf_graph.h"
#include "testbenches/open_loop/open_loop.h"

namespace optinet {

/// Expected traffic per unit injection rate: `uniform[i]` of source i's packets spread
/// uniformly over the other nodes, and flows of the rest to chosen destinations (row i, in
/// destination order, no flow to i itself and none of zero share).
struct TrafficMatrix {
  struct Flow {
    NodeId target;
    double share;
  };
  std::vector<double> uniform;
  std::vector<std::size_t> first{0};  ///< row i is flows[first[i], first[i + 1])
  std::vector<Flow> flows;

  const Flow* begin(NodeId source) const { return flows.data() + first[source]; }
  const Flow* end(NodeId source) const { return flows.data() + first[source + 1]; }
  /// Everything source i sends to chosen destinations.
  double fixed(NodeId source) const;
  /// What source i sends to t beside its uniform part.
  double fixed_to(NodeId source, NodeId t) const;
  /// Appends the next source's row: `uniform` and its flows (any order, distinct targets).
  void add_row(double uniform_share, std::vector<Flow> row);
};

/// The pattern's matrix on n nodes. Packets a rule sends to their own source are not created,
/// so they are not in it.
TrafficMatrix expected_traffic(std::uint32_t n, const OpenLoopConfig& c);

/// "link X->Y".
std::string link_name(NodeId x, NodeId y);

/// A store-and-forward grid or hypercube as dimensions of coordinates (the hypercube: side 2,
/// dimension j + 1 being bit j + 1 from the most significant end, its one edge label j).
class SfDimensions {
 public:
  /// Throws std::invalid_argument for another graph.
  explicit SfDimensions(const sf::SfGraph& g);
  /// Whether `g` is a grid or a hypercube.
  static bool applies(const sf::SfGraph& g);
  unsigned count() const { return grid_ != nullptr ? grid_->k() : cube_->n(); }
  unsigned side() const { return grid_ != nullptr ? grid_->n() : 2; }
  /// Nodes with one coordinate fixed: the links crossing a cut of one dimension, each way.
  double face() const { return face_; }
  unsigned coordinate(NodeId x, unsigned j) const {
    if (grid_ != nullptr) return grid_->coordinate(x, j);
    return (x & cube_->dimension_bit(j + 1)) != 0 ? 1 : 0;
  }
  /// The dimension an out-edge label moves in.
  unsigned dimension(unsigned label) const { return grid_ != nullptr ? label / 2 : label; }
  /// Calls visit(x * degree + label) for every link of the route from `from` to `to` that
  /// corrects the dimensions in `order`, one after the other.
  template <typename Visit>
  void route(NodeId from, NodeId to, const std::vector<unsigned>& order, Visit&& visit) const {
    NodeId x = from;
    for (const unsigned j : order) {
      const unsigned target = coordinate(to, j);
      while (coordinate(x, j) != target) {
        const unsigned label = grid_ != nullptr ? 2 * j + (target > coordinate(x, j) ? 0 : 1) : j;
        visit(std::size_t{x} * graph_.degree() + label);
        x = graph_.neighbor(x, label);
      }
    }
  }
  /// Ordered pairs of distinct nodes whose dimension-order route (any order) takes the link:
  /// moving up from coordinate c, sources at or below c and destinations above it, the other
  /// coordinates of each fixed by the link for the dimensions it has corrected or not yet.
  double pairs_through(NodeId x, unsigned label) const;
  /// Hops of a shortest route from a to b (Manhattan distance; Hamming on the hypercube).
  double distance(NodeId a, NodeId b) const;
  /// The sum of distance(a, b) over every node b.
  double distance_sum(NodeId a) const;
  std::string dimension_name(unsigned j) const { return std::to_string(j + 1); }

 private:
  const sf::SfGraph& graph_;
  const sf::GridGraph* grid_;
  const sf::HypercubeGraph* cube_;
  double face_;
};

}  // namespace optinet
