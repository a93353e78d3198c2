#pragma once
/// \file
/// A set of nodes that run a collective (prefix, sort) together: member of rank r is node
/// first + r * stride. On the MOB-PC a row (stride 1) or a column (stride p) is a group whose
/// members can all reach each other.
#include <cstdint>

#include "models/core/packet.h"

namespace optinet::ocpc {

struct NodeGroup {
  NodeId first = 0;
  std::uint32_t stride = 1;
  std::uint32_t size = 1;

  NodeId node(std::uint32_t rank) const { return first + rank * stride; }
  bool contains(NodeId id) const {
    return id >= first && (id - first) % stride == 0 && (id - first) / stride < size;
  }
  /// The rank of a member (contains(id) must hold).
  std::uint32_t rank_of(NodeId id) const { return (id - first) / stride; }
};

/// ceil(log2(size)) for size >= 1.
inline std::uint32_t ceil_log2(std::uint64_t size) {
  std::uint32_t k = 0;
  while ((std::uint64_t{1} << k) < size) ++k;
  return k;
}

inline bool is_power_of_two(std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }

}  // namespace optinet::ocpc
