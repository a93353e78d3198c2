#include "protocols/pops/tdma.h"

#include <vector>

namespace optinet::pops {

std::uint32_t tdma_owner(const PopsShape& s, std::uint64_t t, std::uint32_t b) {
  return static_cast<std::uint32_t>((t % s.d + b) % s.d);
}

std::uint32_t tdma_listened_group(const PopsShape& s, std::uint64_t t, std::uint32_t j) {
  return static_cast<std::uint32_t>(((t / s.d) % s.g + j) % s.g);
}

bool tdma_reaches(const PopsShape& s, std::uint64_t t, NodeId from, NodeId to) {
  const std::uint32_t b = s.group_of(to);
  return tdma_owner(s, t, b) == s.index_in_group(from) &&
         tdma_listened_group(s, t, s.index_in_group(to)) == s.group_of(from);
}

void tdma_reachable(const PopsShape& s, std::uint64_t t, NodeId from, std::vector<NodeId>& out) {
  out.clear();
  const std::uint32_t a = s.group_of(from);
  const std::uint32_t j0 = static_cast<std::uint32_t>((a + s.g - (t / s.d) % s.g) % s.g);
  // Groups b with tdma_owner(b) = index(from): b = (k - u) mod d, k - u + d, ... below g.
  for (std::uint64_t b = (s.index_in_group(from) + s.d - t % s.d) % s.d; b < s.g; b += s.d) {
    for (std::uint32_t j = j0; j < s.d; j += s.g) out.push_back(s.node(static_cast<std::uint32_t>(b), j));
  }
}

void TdmaRouter::run(PopsNodeContext& node) const {
  const PopsShape& s = node.shape();
  const NodeId me = node.id();
  std::vector<Packet> queue;  // the node's virtual output queue, oldest first
  for (const Packet& p : node.packets()) {
    if (p.destination == me) {
      node.deliver(p);
    } else {
      queue.push_back(p);
    }
  }
  if (!queue.empty()) node.raise_pending();
  node.begin_slots();
  const bool open = node.open_loop();
  std::vector<NodeId> reachable;
  while (open || node.any_pending()) {
    node.note_buffers(static_cast<unsigned>(queue.size()));
    const std::uint64_t t = node.slot();
    if (open) {
      // Under a sustained load the host's injection queue is the node's virtual output queue.
      tdma_reachable(s, t, me, reachable);
      if (auto p = node.take_injected_for(reachable.data(), reachable.size())) {
        node.transmit_to(s.group_of(p->destination), Frame::data(*p));
      }
    }
    for (std::size_t k = 0; k < queue.size(); ++k) {
      if (!tdma_reaches(s, t, me, queue[k].destination)) continue;
      node.transmit_to(s.group_of(queue[k].destination), Frame::data(queue[k]));
      queue.erase(queue.begin() + static_cast<std::ptrdiff_t>(k));
      if (queue.empty() && !open) node.release_pending();
      break;
    }
    node.listen(tdma_listened_group(s, t, s.index_in_group(me)));
    node.next_slot();
    if (auto got = data_in(node.received()); got && got->destination == me) node.deliver(*got);
  }
}

}  // namespace optinet::pops
