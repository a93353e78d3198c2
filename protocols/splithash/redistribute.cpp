#include "protocols/splithash/redistribute.h"

#include <algorithm>
#include <optional>

#include "protocols/ocpc/prefix.h"
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
  spread_over_bus(bus, most, left, scan_max);
  node.note_buffers(static_cast<unsigned>(left.size()));
}

void spread_over_bus(ocpc::OcpcNodeContext& bus, std::uint64_t most, std::vector<Packet>& left,
                     std::uint32_t scan_max) {
  const std::uint32_t size = bus.shape().p;
  const std::uint64_t count = left.size();
  const ocpc::ScanResult sums = ocpc::scan(bus, ocpc::NodeGroup{0, 1, size}, {count, 0},
                                           {ocpc::ScanOp::kSum, ocpc::ScanOp::kSum});
  const std::uint32_t idle = scan_max - ocpc::scan_steps(size);
  if (idle > 0) bus.skip_slots(2 * idle - 1);
  const std::uint64_t first = sums.inclusive[0] - count;  // the rank of this node's packet 0
  std::vector<bool> gone(left.size(), false);
  std::vector<Packet> received;
  for (std::uint64_t w = 0; w < 2; ++w) {
    for (std::uint64_t u = 0; u < most; ++u) {
      std::optional<Message> out;
      NodeId to = kNoNode;
      if (u < count) {
        const RankPlace at = place_of(first + u, size);
        if (at.window == w && at.member != bus.id()) {
          out = Message{};
          out->packet = left[u];
          to = static_cast<NodeId>(at.member);
        }
      }
      const ocpc::StepOutcome o = ocpc::communication_step(bus, to, out);
      if (o.acknowledged) gone[u] = true;
      if (o.received && o.received->kind == Message::Kind::kData) {
        received.push_back(o.received->packet);
      }
    }
  }
  for (std::size_t u = 0; u < left.size(); ++u) {
    if (!gone[u]) received.push_back(left[u]);
  }
  left = std::move(received);
}

}  // namespace optinet::splithash
