#include "protocols/splithash/redistribute.h"

#include <algorithm>

#include "protocols/ocpc/prefix.h"
#include "protocols/ocpc/spread.h"
#include "protocols/splithash/h_relation.h"
#include "protocols/splithash/sink_bus_ocpc.h"

namespace optinet::splithash {

namespace {

/// Passes `slots` slots without transmitting or listening.
void pass_slots(SplitHashNodeContext& node, std::uint64_t slots) {
  if (slots > 0) node.skip_slots(static_cast<std::uint32_t>(slots - 1));
}

/// The longest prefix over the sets of level `level` (sizes floor and ceil of k^L / b).
std::uint32_t longest_scan(const SplitHashShape& s, std::uint32_t level) {
  const std::uint64_t top = s.power(level);
  const std::uint64_t b = s.block_size(level - 1);
  return std::max(ocpc::scan_steps(static_cast<std::uint32_t>(top / b)),
                  ocpc::scan_steps(static_cast<std::uint32_t>((top + b - 1) / b)));
}

}  // namespace

void redistribute(SplitHashNodeContext& node, std::uint32_t level, std::vector<Packet>& left) {
  const bool here = node.level() == level;
  const std::uint64_t most =
      wired_or_max(node, here ? left.size() : 0, HRelationProtocol::kLoadBits);
  if (most <= HRelationProtocol::kSlots) return;
  const std::uint32_t scan_max = longest_scan(node.shape(), level);
  if (!here) {
    pass_slots(node, 2 * (scan_max + 2 * most));
    return;
  }
  TopBusAsOcpc bus(node, 0);
  ocpc::spread_over_bus(bus, most, left, scan_max);
  node.note_buffers(static_cast<unsigned>(left.size()));
}

}  // namespace optinet::splithash
