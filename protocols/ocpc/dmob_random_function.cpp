#include "protocols/ocpc/dmob_random_function.h"

#include <vector>

#include "protocols/ocpc/dmob_line_ocpc.h"
#include "protocols/ocpc/dmob_random_batches.h"

namespace optinet::ocpc {

void gjlr_on_lines(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t t,
                   const std::vector<Packet>& collected, std::uint32_t h,
                   const GjlrProtocol& gjlr) {
  cursor.go_to(t);
  // A packet for this node is at its sink already (node v plays level-1 node v and sink v).
  std::vector<Packet> away;
  for (const Packet& p : collected) {
    if (p.destination == node.id()) {
      node.deliver(p);
    } else {
      away.push_back(p);
    }
  }
  DmobLineAsOcpc line(node, away, h);
  gjlr.run(line);
}

void DmobRandomFunctionProtocol::run(OcpcNodeContext& node) const {
  const std::uint32_t depth = plan_.shape().depth;
  const std::uint32_t batches = kRho * batches_;
  DmobCursor cursor(node);
  DmobRandomBatches down(node, depth, node.packets(), batches, 1);
  node.note_buffers(static_cast<unsigned>(node.packets().size()));
  node.begin_slots();
  std::uint64_t t = 0;  // the schedule's next slot, the same in every node
  DmobFunnelPass pass;
  pass.round_limit = round_limit_;
  std::vector<Packet> collected;  // what reached this node at level 1, one packet per batch
  std::vector<std::vector<Packet>> left(depth + 1);  // unused: a stuck packet is an error
  down.run(cursor, t, plan_, pass, collected, left);
  gjlr_on_lines(node, cursor, t, collected, batches, gjlr_);
}

}  // namespace optinet::ocpc
