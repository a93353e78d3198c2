#include "protocols/ocpc/tdma.h"

#include <vector>

#include "protocols/ocpc/dim_order.h"

namespace optinet::ocpc {

NodeId tdma_target(const OcpcShape& s, std::uint64_t t, NodeId from) {
  if (s.topology == Topology::kOcpc) {
    return static_cast<NodeId>((from + 1 + t % (s.p - 1)) % s.p);
  }
  const std::uint32_t shift = static_cast<std::uint32_t>(1 + (t / 2) % (s.p - 1));
  if (t % 2 == 0) return s.node(s.row(from), (s.column(from) + shift) % s.p);
  return s.node((s.row(from) + shift) % s.p, s.column(from));
}

namespace {

/// The destinations whose next hop from `at` is `target`: on the OCPC the target itself; on
/// the MOB-PC a row hop serves the whole target column, a column hop the target alone.
void destinations_via(const OcpcShape& s, NodeId at, NodeId target, std::vector<NodeId>& out) {
  out.clear();
  if (s.topology == Topology::kMob && s.row(target) == s.row(at)) {
    for (std::uint32_t r = 0; r < s.p; ++r) out.push_back(s.node(r, s.column(target)));
    return;
  }
  out.push_back(target);
}

NodeId next_hop(const OcpcShape& s, NodeId at, NodeId destination) {
  return s.topology == Topology::kMob ? dim_order_next_hop(s, at, destination) : destination;
}

}  // namespace

void TdmaProtocol::run(OcpcNodeContext& node) const {
  const OcpcShape& s = node.shape();
  const NodeId me = node.id();
  std::vector<Packet> queue;  // own packets (closed loop) and relayed ones, oldest first
  for (const Packet& p : node.packets()) {
    if (p.destination == me) {
      node.deliver(p);
    } else {
      queue.push_back(p);
    }
  }
  const bool open = node.open_loop();
  // Closed loop: the node holds the pending line while it holds a packet. A packet sent in
  // slot t is taken by its receiver at the start of slot t+1, when the sender lets go of the
  // line: both changes land in one update, so the line never drops with a packet in flight.
  bool holding = !open && !queue.empty();
  if (holding) node.raise_pending();
  std::vector<NodeId> wanted;
  node.begin_slots();
  while (open || node.any_pending()) {
    const NodeId target = tdma_target(s, node.slot(), me);
    std::optional<Packet> out;
    for (std::size_t k = 0; k < queue.size(); ++k) {
      if (next_hop(s, me, queue[k].destination) != target) continue;
      out = queue[k];
      queue.erase(queue.begin() + static_cast<std::ptrdiff_t>(k));
      break;
    }
    if (!out && open) {
      destinations_via(s, me, target, wanted);
      out = node.take_injected_for(wanted.data(), wanted.size());
    }
    if (out) {
      node.send(target, data_frame(*out));
    }
    node.next_slot();
    if (const auto& got = node.received(); got && got->kind == Message::Kind::kData) {
      if (got->packet.destination == me) {
        node.deliver(got->packet);
      } else {
        queue.push_back(got->packet);
      }
    }
    node.note_buffers(static_cast<unsigned>(queue.size()));
    if (!open && holding != !queue.empty()) {
      holding = !queue.empty();
      holding ? node.raise_pending() : node.release_pending();
    }
  }
  if (holding) node.release_pending();
}

}  // namespace optinet::ocpc
