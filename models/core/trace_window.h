#pragma once
/// \file
/// The slots a traced module records: outside them its trace registers stay idle, so a VCD of
/// a long run on a large network stays small.
#include <cstdint>
#include <limits>

namespace optinet {

struct TraceWindow {
  std::uint64_t first = 0;
  std::uint64_t last = std::numeric_limits<std::uint64_t>::max();
  bool contains(std::uint64_t slot) const { return slot >= first && slot <= last; }
  /// The window that contains no slot.
  static TraceWindow none() { return {std::numeric_limits<std::uint64_t>::max(), 0}; }
};

}  // namespace optinet
