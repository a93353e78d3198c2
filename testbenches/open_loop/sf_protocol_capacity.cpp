#include <algorithm>
#include <cstdio>
#include <vector>

#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "protocols/sf/schemes.h"
#include "testbenches/open_loop/protocol_capacity.h"
#include "testbenches/open_loop/traffic_matrix.h"

namespace optinet {

namespace {

/// One sub-phase of a two-phase route: the dimension it moves along, to a uniformly random
/// coordinate or to the destination's.
struct Move {
  unsigned dimension;
  bool random;
};

/// A coordinate of a packet's position, seen over the pairs a part of the matrix holds: a fixed
/// value, or uniform over the side; uniform coordinates with the same tag are the same random
/// value (a source's own coordinate met again at its destination), other uniform ones are
/// independent.
struct Coordinate {
  bool fixed = false;
  unsigned value = 0;
  int tag = -1;  ///< -1: a fresh random value, equal to nothing else
};

/// Expected link loads of two-phase routes on a grid or a hypercube (one packet per link per
/// slot each way).
class RouteLoads {
 public:
  explicit RouteLoads(const sf::SfGraph& g)
      : graph_(g),
        dims_(g),
        grid_(dynamic_cast<const sf::GridGraph*>(&g)),
        load_(std::size_t{g.nodes()} * g.degree(), 0.0) {
    const auto* cube = dynamic_cast<const sf::HypercubeGraph*>(&g);
    place_.resize(dims_.count());
    for (unsigned j = 0; j < dims_.count(); ++j) {
      for (unsigned v = 0; v < dims_.side(); ++v) {
        place_[j].push_back(grid_ != nullptr ? grid_->with_coordinate(0, j, v)
                                             : (v != 0 ? cube->dimension_bit(j + 1) : 0));
      }
    }
  }

  /// Adds `weight` times the expected link uses of the route from `at` to `to` along `plan`.
  void add(std::vector<Coordinate> at, const std::vector<Coordinate>& to,
           const std::vector<Move>& plan, double weight) {
    for (const Move& m : plan) {
      const Coordinate from = at[m.dimension];
      const Coordinate dest = m.random ? Coordinate{} : to[m.dimension];
      const bool same = !from.fixed && !dest.fixed && from.tag >= 0 && from.tag == dest.tag;
      const bool still = from.fixed && dest.fixed && from.value == dest.value;
      if (!same && !still) spread(m.dimension, from, dest, at, weight);
      at[m.dimension] = dest;
    }
  }

  /// The busiest link and its load.
  std::pair<std::size_t, double> busiest() const {
    const auto it = std::max_element(load_.begin(), load_.end());
    return {static_cast<std::size_t>(it - load_.begin()), *it};
  }

  const std::vector<double>& loads() const { return load_; }

 private:
  /// P(coordinate <= c).
  double below(const Coordinate& x, unsigned c) const {
    return x.fixed ? (x.value <= c ? 1.0 : 0.0) : (c + 1.0) / dims_.side();
  }
  std::size_t edge(NodeId x, unsigned j, bool up) const {
    const unsigned label = grid_ != nullptr ? 2 * j + (up ? 0 : 1) : j;
    return std::size_t{x} * graph_.degree() + label;
  }
  /// The move along dimension j from `from` to `dest` (independent), the other coordinates as
  /// in `at`: every node it may pass, weighted by the chance that the others are its own.
  void spread(unsigned j, const Coordinate& from, const Coordinate& dest,
              const std::vector<Coordinate>& at, double weight) {
    const unsigned side = dims_.side();
    NodeId base = 0;
    std::vector<unsigned> free;
    double share = weight;
    for (unsigned l = 0; l < dims_.count(); ++l) {
      if (l == j) continue;
      if (at[l].fixed) {
        base += place_[l][at[l].value];
      } else {
        free.push_back(l);
        share /= side;
      }
    }
    std::vector<unsigned> digit(free.size(), 0);
    while (true) {
      NodeId row = base;
      for (std::size_t f = 0; f < free.size(); ++f) row += place_[free[f]][digit[f]];
      for (unsigned c = 0; c < side; ++c) {
        const NodeId x = row + place_[j][c];
        if (c + 1 < side) {
          const double up = below(from, c) * (1 - below(dest, c));
          if (up > 0) load_[edge(x, j, true)] += share * up;
        }
        if (c > 0) {
          const double down = below(dest, c - 1) * (1 - below(from, c - 1));
          if (down > 0) load_[edge(x, j, false)] += share * down;
        }
      }
      std::size_t f = 0;
      while (f < free.size() && ++digit[f] == side) digit[f++] = 0;
      if (f == free.size()) break;
    }
  }

  const sf::SfGraph& graph_;
  SfDimensions dims_;
  const sf::GridGraph* grid_;
  std::vector<double> load_;
  std::vector<std::vector<NodeId>> place_;  ///< [dimension][coordinate]: its part of a node id
};

/// The scheme's sub-phases, or nothing where its order is random.
std::vector<Move> scheme_plan(const sf::SfGraph& g, const std::string& scheme) {
  std::vector<Move> plan;
  if (const auto* grid = dynamic_cast<const sf::GridGraph*>(&g)) {
    for (const sf::GridSubphase& s : sf::grid_plan(scheme, grid->k())) {
      plan.push_back(Move{s.dimension, s.random});
    }
    return plan;
  }
  // CUBES crosses the dimensions in order in both phases (Phase A each with probability 1/2:
  // a uniformly random coordinate); BASIC and CUBESS in a random order.
  const unsigned n = SfDimensions(g).count();
  for (const bool random : {true, false}) {
    for (unsigned j = 0; j < n; ++j) plan.push_back(Move{j, random});
  }
  return plan;
}

std::vector<Coordinate> uniform_coordinates(unsigned count, int first_tag) {
  std::vector<Coordinate> c(count);
  for (unsigned j = 0; j < count; ++j) c[j].tag = first_tag + static_cast<int>(j);
  return c;
}

std::vector<Coordinate> fixed_coordinates(const SfDimensions& dims, NodeId x) {
  std::vector<Coordinate> c(dims.count());
  for (unsigned j = 0; j < dims.count(); ++j) c[j] = Coordinate{true, dims.coordinate(x, j), -1};
  return c;
}

/// Pair-by-pair work past which the fixed part of a pattern is not counted (a few seconds).
constexpr double kMaxPairWork = 4e9;

}  // namespace

ProtocolCapacity sf_protocol_capacity(const sf::SfGraph& g, const std::string& scheme,
                                      const OpenLoopConfig& traffic) {
  if (!SfDimensions::applies(g)) {
    return ProtocolCapacity{std::nullopt, "not computed for " + g.name() +
                                              " (grid and hypercube only); a search measures it"};
  }
  const bool cube = dynamic_cast<const sf::HypercubeGraph*>(&g) != nullptr;
  std::string how = "exact: " + scheme + "'s two-phase routes (random sub-phases, then correcting";
  if (cube && scheme != "cubes") {
    if (traffic.rule != DestinationRule::kUniform) {
      return ProtocolCapacity{std::nullopt,
                              "not computed: " + scheme +
                                  " crosses dimensions in a random order (exact for uniform "
                                  "traffic only); a search measures it"};
    }
    how = "exact: " + scheme +
          "'s two-phase routes load every link alike under uniform traffic, whatever the order "
          "(as cubes's";
  }
  const SfDimensions dims(g);
  const std::vector<Move> plan = scheme_plan(g, scheme);
  const NodeId n = g.nodes();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double fixed_pairs = static_cast<double>(m.flows.size());
  if (fixed_pairs * n * plan.size() > kMaxPairWork) {
    return ProtocolCapacity{std::nullopt,
                            "not computed: the pattern's pairs are too many to count "
                            "one by one here; a search measures it"};
  }
  RouteLoads loads(g);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  const double common = *std::min_element(m.uniform.begin(), m.uniform.end());
  const int k = static_cast<int>(dims.count());
  const std::vector<Coordinate> sources = uniform_coordinates(dims.count(), 0);
  if (common > 0) {
    // Every ordered pair, a node to itself included, then the pairs of a node to itself out.
    const double nodes = n;
    loads.add(sources, uniform_coordinates(dims.count(), k), plan, common * nodes * nodes * spread);
    loads.add(sources, sources, plan, -common * nodes * spread);
  }
  for (NodeId i = 0; i < n; ++i) {
    const std::vector<Coordinate> at = fixed_coordinates(dims, i);
    const double excess = m.uniform[i] - common;
    if (excess > 0) {
      loads.add(at, uniform_coordinates(dims.count(), k), plan, excess * n * spread);
      loads.add(at, at, plan, -excess * spread);
    }
    for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
      loads.add(at, fixed_coordinates(dims, f->target), plan, f->share);
    }
  }
  const auto [edge, worst] = loads.busiest();
  if (worst <= 1e-12) return ProtocolCapacity{0.0, how + "); no traffic"};
  const auto x = static_cast<NodeId>(edge / g.degree());
  const NodeId y = g.neighbor(x, static_cast<unsigned>(edge % g.degree()));
  char load[40];
  std::snprintf(load, sizeof load, "%.6g", worst);
  return ProtocolCapacity{1.0 / worst, how + "), one packet per link and slot: busiest " +
                                           link_name(x, y) + " at " + load +
                                           " packets per slot per unit rate"};
}

}  // namespace optinet
