#pragma once
/// \file
/// The shuffle-exchange graph (section 7): N = 2^n; shuffle edge x -> 2x (x < N/2) or
/// 2x + 1 - N (a left rotation of the n-bit address), exchange edge x -> x XOR 1. Label 0 is
/// the shuffle edge, 1 the exchange edge. 0...0 and 1...1 shuffle onto themselves (self-loops).
#include "models/topology/sf_graph.h"

namespace optinet::sf {

class ShuffleExchangeGraph : public SfGraph {
 public:
  static constexpr unsigned kShuffle = 0;
  static constexpr unsigned kExchange = 1;

  explicit ShuffleExchangeGraph(unsigned n) : n_(n) {}
  unsigned n() const { return n_; }
  std::string name() const override { return "shuffle-exchange"; }
  NodeId nodes() const override { return NodeId{1} << n_; }
  unsigned degree() const override { return 2; }
  NodeId neighbor(NodeId x, unsigned label) const override {
    if (label == kExchange) return x ^ 1u;
    const NodeId half = nodes() / 2;
    return x < half ? 2 * x : 2 * x + 1 - nodes();
  }
  std::string label_name(unsigned label) const override {
    return label == kShuffle ? "shuffle" : "exchange";
  }
  std::vector<std::pair<std::string, std::uint64_t>> parameters() const override {
    return {{"n", n_}};
  }

 private:
  unsigned n_;
};

}  // namespace optinet::sf
