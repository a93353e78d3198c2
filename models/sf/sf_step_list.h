#pragma once
/// \file
/// The store-and-forward nodes that the network's process steps (SfNetworkConfig): which nodes
/// step at the next rising edge (one bit per node), and, where buffers are bounded, which inputs
/// of each node were offered a packet in this slot (one word per node, what a node's own input
/// port holds where nodes are processes; with unbounded buffers every offer is admitted, and
/// a source hands it to its far end at once, SfRouter::offer_heads). Both are visited in id
/// order, so that a slot walks the nodes' routers in the order they lie in memory; the words
/// lie together, so that an offer touches no router.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "models/core/packet.h"
#include "models/core/prefetch.h"

namespace optinet::sf {

class SfStepList {
 public:
  explicit SfStepList(NodeId nodes)
      : nodes_(nodes), step_(words(nodes), 0), next_(words(nodes), 0), requests_(nodes, 0) {}

  /// Node x steps at the next rising edge (it admitted a packet, or a run starts).
  void list(NodeId x) { step_[x >> 6] |= bit(x); }
  /// The same, during step_listed (a packet was handed to x): x joins the list when the walk
  /// ends, so that a walk never steps a node it did not start with.
  void list_next(NodeId x) {
    next_[x >> 6] |= bit(x);
    listed_next_ = true;
  }
  void list_all() {
    std::fill(step_.begin(), step_.end(), ~std::uint64_t{0});
    if (nodes_ % 64 != 0) step_.back() = (std::uint64_t{1} << (nodes_ % 64)) - 1;
  }
  void clear() {
    std::fill(step_.begin(), step_.end(), 0);
    std::fill(next_.begin(), next_.end(), 0);
    listed_next_ = false;
    std::fill(requests_.begin(), requests_.end(), 0);
    requested_ = false;
  }
  /// Node x's inputs offered a packet in this slot (bit i: input i): the sources' routers set
  /// them (request, SfRouter::offer_heads).
  std::uint64_t requests(NodeId x) const { return requests_[x]; }
  void request(NodeId x, std::uint32_t input) {
    requests_[x] |= std::uint64_t{1} << input;
    requested_ = true;
  }
  void prefetch_requests(NodeId x) const { optinet::prefetch(&requests_[x]); }
  /// Node x's requests of this slot, cleared for the next.
  std::uint64_t take_requests(NodeId x) { return std::exchange(requests_[x], 0); }

  /// step(x) for each listed node, in id order; a node whose step returns false is unlisted.
  /// Before node x steps, fetch(y, stage) is called for the listed node y that comes (kStages
  /// - stage) kAhead listed nodes after x, stage = 0 .. kStages - 1: a software pipeline, each
  /// stage reading what the one before fetched, so that the misses of later nodes overlap
  /// this node's work.
  template <typename Step, typename Fetch>
  void step_listed(Step step, Fetch fetch) {
    walk_pipelined(
        ListCursor{&step_},
        [&](NodeId x) {
          if (!step(x)) step_[x >> 6] &= ~bit(x);
        },
        fetch);
    if (listed_next_) {
      for (std::size_t w = 0; w < step_.size(); ++w) step_[w] |= std::exchange(next_[w], 0);
      listed_next_ = false;
    }
  }
  /// admit(x) for each node offered a packet in this slot, in id order (admit takes the
  /// requests); fetch(y, stage) as in step_listed, for the offered nodes ahead. No pass at all
  /// in a slot with no request (unbounded buffers hand their offers over instead).
  template <typename Admit, typename Fetch>
  void admit_offered(Admit admit, Fetch fetch) {
    if (!std::exchange(requested_, false)) return;
    walk_pipelined(RequestCursor{&requests_}, admit, fetch);
  }

  /// Set by the network at a run's start, cleared when a node is loaded for the next run.
  bool running = false;

 private:
  /// Stages of the software pipelines (SfRouter::fetch_for_step, fetch_for_admit), and the
  /// nodes between two stages. With 2 and 8 the 2^16-cube ran 1.4x faster than without; a
  /// third stage (where the arrivals go next) made it 1.1-1.2x faster again. The look-ahead
  /// counts listed nodes, not ids: counting ids skipped about half the stages where about half
  /// the nodes are listed, and counting listed nodes ran the 2^16-cube 1.2x faster
  /// (docs/benchmarks.md, design decisions).
  static constexpr int kStages = 3;
  static constexpr NodeId kAhead = 8;

  /// The listed nodes in id order (kNoNode after the last). It reads a word of the list when
  /// it reaches it: a cursor ahead of the walk sees the bits the walk started with.
  struct ListCursor {
    const std::vector<std::uint64_t>* words;
    std::size_t word = 0;
    std::uint64_t bits = words->empty() ? 0 : words->front();  ///< the rest of words[word]
    NodeId next() {
      while (bits == 0) {
        if (word + 1 >= words->size()) return kNoNode;
        bits = (*words)[++word];
      }
      const auto x = static_cast<NodeId>(word * 64 + __builtin_ctzll(bits));
      bits &= bits - 1;
      return x;
    }
  };
  /// The nodes with requests in id order (kNoNode after the last).
  struct RequestCursor {
    const std::vector<std::uint64_t>* requests;
    std::size_t x = 0;
    NodeId next() {
      while (x < requests->size() && (*requests)[x] == 0) ++x;
      return x < requests->size() ? static_cast<NodeId>(x++) : kNoNode;
    }
  };
  /// visit(x) for each x that `walk` yields, with fetch(y, stage) first for the y that comes
  /// (kStages - stage) kAhead nodes later, stage 0 first.
  template <typename Cursor, typename Visit, typename Fetch>
  static void walk_pipelined(Cursor walk, Visit visit, Fetch fetch) {
    static_assert(kStages == 3, "one cursor per stage");
    std::array<Cursor, kStages> ahead{walk, walk, walk};
    for (int stage = 0; stage < kStages; ++stage) {
      for (NodeId k = 0; k < static_cast<NodeId>(kStages - stage) * kAhead; ++k) {
        ahead[stage].next();
      }
    }
    for (NodeId x = walk.next(); x != kNoNode; x = walk.next()) {
      for (int stage = 0; stage < kStages; ++stage) {
        const NodeId y = ahead[stage].next();
        if (y != kNoNode) fetch(y, stage);
      }
      visit(x);
    }
  }
  static std::uint64_t bit(NodeId x) { return std::uint64_t{1} << (x & 63); }
  static std::size_t words(NodeId nodes) { return (static_cast<std::size_t>(nodes) + 63) / 64; }
  NodeId nodes_;
  std::vector<std::uint64_t> step_;
  std::vector<std::uint64_t> next_;  ///< list_next(), merged into step_ after the walk
  bool listed_next_ = false;
  std::vector<std::uint64_t> requests_;
  bool requested_ = false;  ///< request() was called since the last admit_offered()
};

}  // namespace optinet::sf
