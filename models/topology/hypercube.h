#pragma once
/// \file
/// The Boolean n-cube (section 4 (i)): N = 2^n, edge (x, x//i) for i = 1..n, where x//i flips
/// the i-th most significant bit. Out-edge label i-1 is dimension i.
#include "models/topology/sf_graph.h"

namespace optinet::sf {

class HypercubeGraph : public SfGraph {
 public:
  explicit HypercubeGraph(unsigned n) : n_(n) {}
  unsigned n() const { return n_; }
  std::string name() const override { return "hypercube"; }
  NodeId nodes() const override { return NodeId{1} << n_; }
  unsigned degree() const override { return n_; }
  NodeId neighbor(NodeId x, unsigned label) const override { return x ^ dimension_bit(label + 1); }
  std::string label_name(unsigned label) const override { return "d" + std::to_string(label + 1); }
  std::vector<std::pair<std::string, std::uint64_t>> parameters() const override {
    return {{"n", n_}};
  }
  /// The bit of dimension i (1 = most significant).
  NodeId dimension_bit(unsigned i) const { return NodeId{1} << (n_ - i); }

 private:
  unsigned n_;
};

}  // namespace optinet::sf
