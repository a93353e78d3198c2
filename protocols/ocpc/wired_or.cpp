#include "protocols/ocpc/wired_or.h"

namespace optinet::ocpc {

std::uint64_t wired_or_max(NodeContext& node, std::uint64_t value, std::uint32_t bits) {
  std::uint64_t most = 0;
  bool candidate = value != 0;
  for (std::uint32_t b = bits; b-- > 0;) {
    const bool one = candidate && ((value >> b) & 1u) != 0;
    if (one) node.raise_pending();
    node.next_slot();
    const bool up = node.any_pending();  // the line as every raise of this slot left it
    if (one) node.release_pending();
    if (up) {
      most |= std::uint64_t{1} << b;
      if (!one) candidate = false;
    }
  }
  return most;
}

}  // namespace optinet::ocpc
