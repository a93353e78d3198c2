#include "protocols/ocpc/coinflip.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace optinet::ocpc {

void coinflip_step(OcpcNodeContext& node, Outbox& box, NextHop next_hop) {
  std::optional<Message> out;
  NodeId to = kNoNode;
  std::size_t pick = 0;
  if (!box.empty() && node.rng().chance(0.5)) {
    pick = node.rng().below(static_cast<std::uint32_t>(box.size()));
    out = box.message(pick);
    to = next_hop(node.shape(), node.id(), box[pick].destination);
  }
  const StepOutcome o = communication_step(node, to, out);
  if (o.acknowledged) box.remove(pick);
  box.accept(o.received);
}

void coinflip_until_done(OcpcNodeContext& node, Outbox& box, NextHop next_hop) {
  if (!node.open_loop()) {
    while (node.any_pending()) coinflip_step(node, box, next_hop);
    return;
  }
  std::vector<Packet> injected;
  while (true) {
    if (box.empty()) {
      injected.clear();
      node.take_injected(1, injected);
      for (const Packet& p : injected) box.add(p);
    }
    coinflip_step(node, box, next_hop);
  }
}

void CoinflipProtocol::run(OcpcNodeContext& node) const {
  Outbox box(node);
  node.begin_slots();
  coinflip_until_done(node, box);
}

}  // namespace optinet::ocpc
