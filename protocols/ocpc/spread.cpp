#include "protocols/ocpc/spread.h"

#include <optional>

#include "protocols/ocpc/prefix.h"

namespace optinet::ocpc {

void spread_over_bus(OcpcNodeContext& bus, std::uint64_t most, std::vector<Packet>& left,
                     std::uint32_t scan_max) {
  const std::uint32_t size = bus.shape().p;
  const std::uint64_t count = left.size();
  const ScanResult sums =
      scan(bus, NodeGroup{0, 1, size}, {count, 0}, {ScanOp::kSum, ScanOp::kSum});
  const std::uint32_t idle = scan_max - scan_steps(size);
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
      const StepOutcome o = communication_step(bus, to, out);
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

}  // namespace optinet::ocpc
