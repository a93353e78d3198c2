#pragma once
/// \file
/// The store-and-forward nodes that the network's process steps (SfNetworkConfig): which nodes
/// step at the next rising edge (one bit per node), and which inputs of each node were offered
/// a packet in this slot (one word per node, what a node's own input port holds where nodes are
/// processes). Both are visited in id order, so that a slot walks the nodes' routers in the
/// order they lie in memory; the words lie together, so that an offer touches no router.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "models/core/packet.h"

namespace optinet::sf {

class SfStepList {
 public:
  explicit SfStepList(NodeId nodes) : nodes_(nodes), step_(words(nodes), 0), requests_(nodes, 0) {}

  /// Node x steps at the next rising edge (it admitted a packet, or a run starts).
  void list(NodeId x) { step_[x >> 6] |= bit(x); }
  void list_all() {
    std::fill(step_.begin(), step_.end(), ~std::uint64_t{0});
    if (nodes_ % 64 != 0) step_.back() = (std::uint64_t{1} << (nodes_ % 64)) - 1;
  }
  void clear() {
    std::fill(step_.begin(), step_.end(), 0);
    std::fill(requests_.begin(), requests_.end(), 0);
  }
  /// Node x's inputs offered a packet in this slot (bit i: input i): the links into x set
  /// their bits (Link::bind).
  std::uint64_t& requests(NodeId x) { return requests_[x]; }
  /// Node x's requests of this slot, cleared for the next.
  std::uint64_t take_requests(NodeId x) { return std::exchange(requests_[x], 0); }

  /// step(x) for each listed node, in id order; a node whose step returns false (nothing left
  /// to do) leaves the list.
  template <typename Step>
  void step_listed(Step step) {
    for (std::size_t w = 0; w < step_.size(); ++w) {
      for (std::uint64_t m = step_[w]; m != 0; m &= m - 1) {
        const auto x = static_cast<NodeId>(w * 64 + __builtin_ctzll(m));
        if (!step(x)) step_[w] &= ~bit(x);
      }
    }
  }
  /// admit(x) for each node offered a packet in this slot, in id order (admit takes the
  /// requests).
  template <typename Admit>
  void admit_offered(Admit admit) {
    for (NodeId x = 0; x < nodes_; ++x) {
      if (requests_[x] != 0) admit(x);
    }
  }

  /// Set by the network at a run's start, cleared when a node is loaded for the next run.
  bool running = false;

 private:
  static std::uint64_t bit(NodeId x) { return std::uint64_t{1} << (x & 63); }
  static std::size_t words(NodeId nodes) { return (static_cast<std::size_t>(nodes) + 63) / 64; }
  NodeId nodes_;
  std::vector<std::uint64_t> step_;
  std::vector<std::uint64_t> requests_;
};

}  // namespace optinet::sf
