#pragma once
/// \file
/// The store-and-forward nodes that the network's process steps (SfNetworkConfig): which nodes
/// step at the next rising edge, and which were offered a packet in this slot and admit once
/// every node has offered. One bit per node in each, visited in id order, so that a slot walks
/// the nodes' objects in the order they lie in memory.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "models/core/packet.h"

namespace optinet::sf {

class SfStepList {
 public:
  explicit SfStepList(NodeId nodes) : nodes_(nodes), step_(words(nodes), 0), admit_(step_) {}

  /// Node x steps at the next rising edge (it admitted a packet, or a run starts).
  void list(NodeId x) { step_[x >> 6] |= bit(x); }
  void list_all() {
    std::fill(step_.begin(), step_.end(), ~std::uint64_t{0});
    if (nodes_ % 64 != 0) step_.back() = (std::uint64_t{1} << (nodes_ % 64)) - 1;
  }
  void clear() {
    std::fill(step_.begin(), step_.end(), 0);
    std::fill(admit_.begin(), admit_.end(), 0);
  }
  /// The word and bit that node x's input port sets when a link first offers to it in a slot.
  std::uint64_t* admission_word(NodeId x) { return &admit_[x >> 6]; }
  static std::uint64_t bit(NodeId x) { return std::uint64_t{1} << (x & 63); }

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
  /// admit(x) for each node offered a packet in this slot, in id order; the offers are then
  /// cleared.
  template <typename Admit>
  void admit_offered(Admit admit) {
    for (std::size_t w = 0; w < admit_.size(); ++w) {
      for (std::uint64_t m = admit_[w]; m != 0; m &= m - 1) {
        admit(static_cast<NodeId>(w * 64 + __builtin_ctzll(m)));
      }
      admit_[w] = 0;
    }
  }

  /// Set by the network at a run's start, cleared when a node is loaded for the next run.
  bool running = false;

 private:
  static std::size_t words(NodeId nodes) { return (static_cast<std::size_t>(nodes) + 63) / 64; }
  NodeId nodes_;
  std::vector<std::uint64_t> step_;
  std::vector<std::uint64_t> admit_;
};

}  // namespace optinet::sf
