#include "protocols/ocpc/dmob_funnel.h"

#include <optional>

#include "protocols/ocpc/dmob_funnel_level.h"

namespace optinet::ocpc {

DmobSplitHashProtocol::DmobSplitHashProtocol(const OcpcShape& shape,
                                             const DmobFunnelOptions& options)
    : plan_(shape.p, shape.dim, options),
      batches_(options.batches != 0 ? options.batches : plan_.shape().default_batches()),
      round_limit_(options.round_limit) {}

void DmobFunnelProtocol::run(OcpcNodeContext& node) const {
  const splithash::SplitHashShape& s = plan_.shape();
  const topology::DmobIndexing mesh = plan_.embedding().mesh();
  DmobCursor cursor(node);
  auto packet_of_batch = [&](std::uint32_t b) -> std::optional<Packet> {
    for (const Packet& p : node.packets()) {
      if (p.destination % batches_ == b) return p;
    }
    return std::nullopt;
  };
  std::optional<Packet> top = packet_of_batch(0);
  if (top) node.raise_pending();
  node.note_buffers(static_cast<unsigned>(node.packets().size()));
  node.begin_slots();
  std::uint64_t t = 0;  // the schedule's next slot, the same in every node
  for (std::uint32_t b = 0; b < batches_; ++b) {
    if (b > 0) {
      top = packet_of_batch(b);
      if (top) node.raise_pending();
    }
    DmobFunnelPass pass;
    pass.round_limit = round_limit_;
    for (std::uint32_t i = s.depth - 1; i >= 1; --i) {
      std::optional<Packet> held;
      node.note_rounds(run_dmob_funnel_level(node, cursor, t, plan_, i, top, held, pass));
      top = held;
      if (top) node.raise_pending();
    }
    // The last level: a level-1 node and the sinks of its group share a bus of dimension 0.
    std::uint32_t round = 0;
    while (true) {
      ++round;
      std::optional<Message> out;
      NodeId to = kNoNode;
      if (top) {
        to = mesh.with_coordinate(node.id(), 0, mesh.coordinate(top->destination, 0));
        if (to == node.id()) {
          node.deliver(*top);
          top.reset();
          node.release_pending();
        } else {
          out = Message{};
          out->packet = *top;
        }
      }
      const std::optional<Message> got = cursor.act(t, to, out, true);
      std::optional<Message> ack;
      if (got && got->kind == Message::Kind::kData) {
        node.deliver(got->packet);
        ack = ack_of(*got);
      }
      const std::optional<Message> back = cursor.act(t + 1, got ? got->sender : kNoNode, ack, true);
      if (top && back && back->kind == Message::Kind::kAck && back->packet.id == top->id) {
        top.reset();
        node.release_pending();
      }
      t += 3;
      cursor.go_to(t);
      if (!node.any_pending()) break;
      if (round == round_limit_) {
        if (top) {
          node.note_stuck(1);
          node.release_pending();
          top.reset();
        }
        break;
      }
    }
  }
}

}  // namespace optinet::ocpc
