#pragma once
/// \file
/// The k-dimensional grid of side n (section 8): N = n^k nodes at integer points, a pair of
/// oppositely directed edges between points at unit distance (no wrap-around). Coordinate j
/// (dimension j+1 of the paper, j = 0..k-1) of node x is digit j of x in base n, dimension 1
/// least significant. Label 2j moves +1 in dimension j+1, label 2j+1 moves -1.
#include "models/topology/sf_graph.h"

namespace optinet::sf {

class GridGraph : public SfGraph {
 public:
  GridGraph(unsigned n, unsigned k) : n_(n), k_(k) {
    nodes_ = 1;
    for (unsigned j = 0; j < k; ++j) nodes_ *= n;
  }
  unsigned n() const { return n_; }
  unsigned k() const { return k_; }
  std::string name() const override { return "grid"; }
  NodeId nodes() const override { return nodes_; }
  unsigned degree() const override { return 2 * k_; }
  /// n^j: the id distance of one step in dimension j+1.
  NodeId stride(unsigned j) const {
    NodeId s = 1;
    for (unsigned i = 0; i < j; ++i) s *= n_;
    return s;
  }
  unsigned coordinate(NodeId x, unsigned j) const { return (x / stride(j)) % n_; }
  NodeId with_coordinate(NodeId x, unsigned j, unsigned value) const {
    return x - coordinate(x, j) * stride(j) + value * stride(j);
  }
  NodeId neighbor(NodeId x, unsigned label) const override {
    const unsigned j = label / 2;
    const unsigned c = coordinate(x, j);
    if (label % 2 == 0) return c + 1 < n_ ? x + stride(j) : kNoNode;
    return c > 0 ? x - stride(j) : kNoNode;
  }
  std::string label_name(unsigned label) const override {
    return std::string(label % 2 == 0 ? "p" : "m") + std::to_string(label / 2 + 1);
  }
  std::vector<std::pair<std::string, std::uint64_t>> parameters() const override {
    return {{"n", n_}, {"k", k_}};
  }

 private:
  unsigned n_;
  unsigned k_;
  NodeId nodes_;
};

}  // namespace optinet::sf
