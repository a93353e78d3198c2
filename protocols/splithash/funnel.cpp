#include "protocols/splithash/funnel.h"

#include <optional>

#include "protocols/splithash/funnel_level.h"

namespace optinet::splithash {

void FunnelProtocol::run(SplitHashNodeContext& node) const {
  const SplitHashShape& s = node.shape();
  const std::uint32_t batches = node.settings().batches;
  const bool source = node.level() == s.depth;
  // A source raises the line for its first batch's packet before slot 0.
  auto packet_of_batch = [&](std::uint32_t b) -> std::optional<Packet> {
    if (!source) return std::nullopt;
    for (const Packet& p : node.packets()) {
      if (p.destination % batches == b) return p;
    }
    return std::nullopt;
  };
  std::optional<Packet> held = packet_of_batch(0);
  if (held) node.raise_pending();
  node.note_buffers(source ? static_cast<unsigned>(node.packets().size()) : 0);
  node.begin_slots();
  for (std::uint32_t b = 0; b < batches; ++b) {
    if (b > 0) {
      held = packet_of_batch(b);
      if (held) node.raise_pending();
    }
    for (std::uint32_t i = s.depth; i-- > 0;) {
      run_funnel_level(node, b, i, held);
      // A packet that came down into this node is sent on in the next level.
      if (held && node.level() == i && i > 0) node.raise_pending();
    }
  }
}

}  // namespace optinet::splithash
