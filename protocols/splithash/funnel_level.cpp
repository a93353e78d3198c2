#include "protocols/splithash/funnel_level.h"

namespace optinet::splithash {

namespace {

/// Per-node state of one batch at one funnel level.
struct LevelRole {
  bool top = false;     ///< holds a packet to send down in this level
  bool bottom = false;  ///< may receive in this level (and is not yet full)
};

/// The node to send `packet` to through function j from top node x of level i+1 (i >= 1), or
/// the sink itself (i = 0).
NodeId next_node(const SplitHashNodeContext& node, std::uint32_t i, const Packet& packet,
                 std::uint32_t j) {
  const SplitHashShape& s = node.shape();
  if (i == 0) return s.id(0, packet.destination);
  const std::uint64_t group_first = node.index() / s.power(i + 1) * s.power(i + 1);
  const std::uint64_t child = packet.destination / s.power(i) % s.k;
  return s.id(i, group_first + child * s.power(i) + node.wiring().target(i, node.index(), j));
}

}  // namespace

void run_funnel_level(SplitHashNodeContext& node, std::uint32_t batch, std::uint32_t i,
                      std::optional<Packet>& held, const FunnelPass& pass) {
  const SplitHashShape& s = node.shape();
  const std::uint32_t first = i == 0 ? 0 : pass.first_function;
  const std::uint32_t functions =
      i == 0 ? 1 : (pass.function_count == 0 ? s.functions(i) : pass.function_count);
  const std::uint32_t round_limit =
      pass.round_limit == 0 ? node.settings().round_limit : pass.round_limit;
  LevelRole role;
  role.top = node.level() == i + 1 && held.has_value();
  if (node.level() == i && !held.has_value()) {
    const std::uint32_t block = i == 0 ? 0 : s.block_of(i, node.index() % s.power(i));
    role.bottom = i == 0 || (block >= first && block < first + functions);
  }
  std::uint32_t round = 0;
  while (true) {
    ++round;
    for (std::uint32_t j = 0; j < functions; ++j) {
      if (!role.top && !role.bottom) {
        // Sleep through the rest of the round and the slot in which the line settles.
        node.skip_slots(2 * (functions - j));
        break;
      }
      // Data slot.
      if (role.top) {
        Message m;
        m.packet = *held;
        node.send(next_node(node, i, *held, first + j), m);
      }
      node.next_slot();
      // Acknowledgement slot.
      const std::optional<Message> got = node.received();
      if (role.bottom && got && got->kind == Message::Kind::kData) {
        Message ack;
        ack.kind = Message::Kind::kAck;
        ack.packet = got->packet;
        node.send(got->sender, ack);
        if (i == 0) {
          node.deliver(got->packet);
        } else {
          held = got->packet;
          node.note_buffers(1);
          role.bottom = false;
        }
      }
      node.next_slot();
      const std::optional<Message>& back = node.received();
      if (role.top && back && back->kind == Message::Kind::kAck && back->packet.id == held->id) {
        node.note_funnel_success(
            batch, i, static_cast<std::uint32_t>(held->destination / s.power(i) % s.k), round);
        held.reset();
        role.top = false;
        node.release_pending();
        node.note_buffers(0);
      }
      // After the round's last step: one slot in which the line settles (a node learns of its
      // last acknowledgement only as that slot begins).
      if (j + 1 == functions) node.next_slot();
    }
    if (!node.any_pending()) break;
    if (round == round_limit) {
      // Still active after the limit: the packet is stuck (its every function reaches a full
      // node or collides with the same packets each time), or, with stuck_is_error off, has
      // just not got through in the rounds allowed. It stays here.
      if (role.top) {
        if (pass.stuck_is_error) node.note_stuck(batch, i);
        role.top = false;
        node.release_pending();
      }
      break;
    }
  }
  if (node.id() == 0) node.note_level_rounds(batch, i, round);
}

}  // namespace optinet::splithash
