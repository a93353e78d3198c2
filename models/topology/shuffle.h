#pragma once
/// \file
/// The d-way shuffle (section 6 (i)): N = d^n; an edge from x to y where the last n-1 d-ary
/// digits of y equal the first n-1 of x. Out-edge label a goes to the node whose most
/// significant digit is a: y = a * d^(n-1) + x / d. Node 0...0 (and every a...a) has a self-loop,
/// which is a link like any other.
#include "models/topology/sf_graph.h"

namespace optinet::sf {

class ShuffleGraph : public SfGraph {
 public:
  ShuffleGraph(unsigned d, unsigned n) : d_(d), n_(n) {
    nodes_ = 1;
    for (unsigned i = 0; i < n; ++i) nodes_ *= d;
  }
  unsigned d() const { return d_; }
  unsigned n() const { return n_; }
  std::string name() const override { return "shuffle"; }
  NodeId nodes() const override { return nodes_; }
  unsigned degree() const override { return d_; }
  NodeId neighbor(NodeId x, unsigned label) const override {
    return label * (nodes_ / d_) + x / d_;
  }
  std::string label_name(unsigned label) const override { return "a" + std::to_string(label); }
  std::vector<std::pair<std::string, std::uint64_t>> parameters() const override {
    return {{"d", d_}, {"n", n_}};
  }
  /// The i-th most significant d-ary digit of x (i = 1..n).
  unsigned digit(NodeId x, unsigned i) const {
    for (unsigned k = i; k < n_; ++k) x /= d_;
    return x % d_;
  }

 private:
  unsigned d_;
  unsigned n_;
  NodeId nodes_;
};

}  // namespace optinet::sf
