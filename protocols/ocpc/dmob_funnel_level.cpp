#include "protocols/ocpc/dmob_funnel_level.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace optinet::ocpc {

void DmobCursor::go_to(std::uint64_t t) {
  const std::uint64_t now = node_.slot();
  if (t < now) throw std::logic_error("funnel: slot " + std::to_string(t) + " has passed");
  if (t > now) node_.skip_slots(static_cast<std::uint32_t>(t - now - 1));
}

std::optional<Message> DmobCursor::act(std::uint64_t t, NodeId to,
                                       const std::optional<Message>& out, bool listen) {
  go_to(t);
  if (out) node_.send(to, *out);
  if (!listen) return std::nullopt;
  node_.next_slot();
  return node_.received();
}

namespace {

/// What a relay remembers of one phase iota of a Funnel step, for the acknowledgements.
struct RelayMemory {
  std::vector<NodeId> from;  ///< per route phase: the node it had a packet from (kNoNode: none)
  std::vector<bool> sent;    ///< per route phase: it sent a packet on
  bool sent_final = false;   ///< it sent a packet to a bottom node over the bus of dimension i
};

/// One node's part in one funnel level of one batch.
class LevelRun {
 public:
  LevelRun(OcpcNodeContext& node, DmobCursor& cursor, const DmobFunnelPlan& plan, std::uint32_t i)
      : node_(node),
        cursor_(cursor),
        plan_(plan),
        s_(plan.shape()),
        mesh_(plan.embedding().mesh()),
        i_(i),
        v_(node.id()),
        parts_(plan.embedding().parts(i)),
        phases_(DmobFunnelPlan::phases(i)),
        block_(s_.block_of(i, v_ % s_.power(i))) {}

  /// Slots of one Funnel step: per phase iota 2i + 1 route slots and the hop to the bottom
  /// node, forward and back.
  std::uint64_t step_slots() const { return 2ull * parts_ * (phases_ + 1); }

  /// One Funnel step with function j from slot `base`. `top`: this node's active packet (reset
  /// when acknowledged); `held`: the packet it accepted as a bottom node in this level.
  void step(std::uint64_t base, std::uint32_t j, std::optional<Packet>& top,
            std::optional<Packet>& held) {
    std::vector<RelayMemory> memory(parts_);
    const bool bottom = block_ == j && !held;
    Arrival arrival;
    for (std::uint32_t iota = 0; iota < parts_; ++iota) {
      forward(base + iota * (phases_ + 1), j, iota, top, bottom, memory[iota], arrival);
    }
    const bool accept = arrival.count == 1;
    if (accept) {
      held = arrival.message->packet;
      node_.note_buffers(1 + (top ? 1 : 0));
    }
    const std::uint64_t back = base + std::uint64_t{parts_} * (phases_ + 1);
    for (std::uint32_t iota = 0; iota < parts_; ++iota) {
      std::optional<Message> ack;
      const bool mine = accept && arrival.iota == iota;
      if (mine && arrival.from == v_) ack = ack_frame(arrival.message->packet);
      backward(back + iota * (phases_ + 1), memory[iota],
               mine && arrival.from != v_ ? arrival.from : kNoNode,
               accept ? arrival.message->packet : Packet{}, ack);
      if (ack && top && ack->packet.id == top->id) {
        top.reset();
        node_.release_pending();
        node_.note_buffers(held ? 1 : 0);
      }
    }
  }

 private:
  struct Arrival {
    std::uint32_t count = 0;  ///< packets heard as a bottom node in this step
    std::optional<Message> message;
    NodeId from = kNoNode;
    std::uint32_t iota = 0;
  };

  /// Phase iota from slot `base`: route psi_j^{i,iota}, then the hop to the bottom node.
  void forward(std::uint64_t base, std::uint32_t j, std::uint32_t iota,
               const std::optional<Packet>& top, bool bottom, RelayMemory& memory,
               Arrival& arrival) {
    const topology::MeshRoutes& route = plan_.route(i_, j, iota);
    memory.from.assign(phases_, kNoNode);
    memory.sent.assign(phases_, false);
    std::optional<Message> holding;
    if (top && plan_.embedding().part_of(i_, v_, j) == iota) holding = data_frame(*top);
    for (std::uint32_t p = 0; p < phases_; ++p) {
      const topology::RouteHop hop = route.hops[p][v_];
      std::optional<Message> out;
      NodeId to = kNoNode;
      if (holding && hop.sends()) {
        out = std::move(holding);
        holding.reset();
        to = mesh_.with_coordinate(v_, route.dims[p], hop.out());
        memory.sent[p] = true;
      }
      if (!out && !hop.receives()) continue;
      const std::optional<Message> got = cursor_.act(base + p, to, out, hop.receives());
      if (got && got->kind == Message::Kind::kData) {
        holding = got;
        memory.from[p] = got->sender;
      }
    }
    // The hop to the bottom node of the packet's child funnel, along dimension i.
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (holding) {
      to = mesh_.with_coordinate(v_, i_, mesh_.coordinate(holding->packet.destination, i_));
      if (to == v_) {
        if (bottom) hear(*holding, v_, iota, arrival);
      } else {
        out = holding;
        memory.sent_final = true;
      }
    }
    if (!out && !bottom) return;
    const std::optional<Message> got = cursor_.act(base + phases_, to, out, bottom);
    if (got && got->kind == Message::Kind::kData) hear(*got, got->sender, iota, arrival);
  }

  static void hear(const Message& m, NodeId from, std::uint32_t iota, Arrival& arrival) {
    ++arrival.count;
    arrival.message = m;
    arrival.from = from;
    arrival.iota = iota;
  }

  /// The acknowledgements of phase iota from slot `base`: a bottom node that accepted a packet
  /// of this phase from `answer` (kNoNode: none over the bus) acknowledges `header` to it, then
  /// the relays pass it back along the route, last phase first. `ack` ends as what reached this
  /// node and was not passed on (the acknowledgement of its own packet).
  void backward(std::uint64_t base, const RelayMemory& memory, NodeId answer, const Packet& header,
                std::optional<Message>& ack) {
    std::optional<Message> out;
    if (answer != kNoNode) out = ack_frame(header);
    if (out || memory.sent_final) {
      const std::optional<Message> got = cursor_.act(base, answer, out, memory.sent_final);
      if (got && got->kind == Message::Kind::kAck) ack = got;
    }
    for (std::uint32_t r = 0; r < phases_; ++r) {
      const std::uint32_t p = phases_ - 1 - r;
      std::optional<Message> send;
      NodeId to = kNoNode;
      if (ack && memory.from[p] != kNoNode) {
        send = std::move(ack);
        ack.reset();
        to = memory.from[p];
      }
      if (!send && !memory.sent[p]) continue;
      const std::optional<Message> got = cursor_.act(base + 1 + r, to, send, memory.sent[p]);
      if (got && got->kind == Message::Kind::kAck) ack = got;
    }
  }

  OcpcNodeContext& node_;
  DmobCursor& cursor_;
  const DmobFunnelPlan& plan_;
  const splithash::SplitHashShape& s_;
  const topology::DmobIndexing mesh_;
  const std::uint32_t i_;
  const NodeId v_;
  const std::uint32_t parts_;
  const std::uint32_t phases_;
  const std::uint32_t block_;  ///< the block of this node's bottom index at level i
};

}  // namespace

std::uint32_t run_dmob_funnel_level(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t& t,
                                    const DmobFunnelPlan& plan, std::uint32_t i,
                                    std::optional<Packet>& top, std::optional<Packet>& held,
                                    const DmobFunnelPass& pass) {
  LevelRun level(node, cursor, plan, i);
  const std::uint32_t count =
      pass.function_count == 0 ? plan.shape().functions(i) : pass.function_count;
  std::uint32_t round = 0;
  while (true) {
    ++round;
    for (std::uint32_t j = pass.first_function; j < pass.first_function + count; ++j) {
      level.step(t, j, top, held);
      t += level.step_slots();
    }
    t += 1;  // the slot in which the line settles
    cursor.go_to(t);
    if (!node.any_pending()) break;
    if (round == pass.round_limit) {
      if (top) {  // given up: the packet stays here
        if (pass.stuck_is_error) node.note_stuck(1);
        node.release_pending();
      }
      break;
    }
  }
  return round;
}

}  // namespace optinet::ocpc
