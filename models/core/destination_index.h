#pragma once
/// \file
/// Destination -> value for destinations 0..n-1, in memory proportional to the destinations
/// present: a small open-addressing table (Fibonacci hashing, linear probing) that turns into an
/// array of n entries once the table would be larger than it (under a heavy uniform load nearly
/// every destination is present, and one array read is one cache miss).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/core/packet.h"

namespace optinet {

/// Destination -> value (kNone: absent) for destinations 0..n-1.
class DestinationIndex {
 public:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;

  DestinationIndex() = default;
  explicit DestinationIndex(std::uint32_t n) : n_(n) {}
  std::uint32_t get(NodeId destination) const;
  /// Sets the value of `destination` (not kNone).
  void set(NodeId destination, std::uint32_t value);
  void erase(NodeId destination);
  std::size_t size() const { return count_; }
  bool dense() const { return !dense_.empty(); }
  /// Calls f(destination, value) for every destination present.
  template <typename F>
  void for_each(F&& f) const {
    if (dense()) {
      for (NodeId d = 0; d < n_; ++d) {
        if (dense_[d] != kNone) f(d, dense_[d]);
      }
      return;
    }
    for (const Entry& e : table_) {
      if (e.key != kNoNode) f(e.key, e.value);
    }
  }

 private:
  struct Entry {
    NodeId key = kNoNode;
    std::uint32_t value = kNone;
  };
  std::size_t home(NodeId key) const;
  /// Doubles the table, or moves to the array once the doubled table would be larger.
  void grow();

  std::uint32_t n_ = 0;
  std::size_t count_ = 0;
  std::vector<Entry> table_;          ///< open addressing, linear probing; empty: key kNoNode
  std::vector<std::uint32_t> dense_;  ///< by destination, once dense
};

}  // namespace optinet
