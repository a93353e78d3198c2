#include "protocols/pops/offline.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace optinet::pops {

void OfflineRouter::plan(const std::vector<Packet>& packets) {
  std::vector<NodeId> destination(shape_.n(), kNoNode);
  for (const Packet& p : packets) {
    if (p.source >= shape_.n() || destination[p.source] != kNoNode) {
      throw std::invalid_argument("offline: source " + std::to_string(p.source) +
                                  " is out of range or has two packets");
    }
    destination[p.source] = p.destination;
  }
  schedule_ = plan_offline(shape_, destination);
}

std::vector<Packet> OfflineRouter::route(PopsNodeContext& node) const {
  const NodeId me = node.id();
  if (me >= schedule_.program.size()) throw std::logic_error("offline: no schedule planned");
  const std::vector<OfflineAction>& program = schedule_.program[me];

  // Prologue: a packet addressed to its own source needs no network.
  std::vector<Packet> arrived;
  std::optional<Packet> own;   // this node's packet, until its slot
  std::optional<Packet> held;  // a relay copy, from the first to the second slot of a round
  for (const Packet& p : node.packets()) {
    if (p.destination == me) {
      node.deliver(p);
      arrived.push_back(p);
    } else {
      own = p;
    }
  }
  node.begin_slots();

  auto next = program.begin();
  for (std::uint32_t slot = 0; slot < schedule_.slots; ++slot) {
    bool listening = false;
    if (next != program.end() && next->slot == slot) {
      const OfflineAction& a = *next++;
      std::optional<Packet>& out = a.send == OfflineSend::kOwn ? own : held;
      // A missing packet (a plan for other traffic) is left to the scoreboard to report.
      if (a.send != OfflineSend::kNone && out) {
        node.transmit_to(a.send_group, Frame::data(*out));
        out.reset();
      }
      if (a.listen_group != kNoGroup) {
        node.listen(a.listen_group);
        listening = true;
      }
    }
    node.next_slot();
    if (auto got = listening ? data_in(node.received()) : std::nullopt) {
      if (got->destination == me) {
        node.deliver(*got);
        arrived.push_back(*got);
      } else {
        held = got;
      }
    }
    node.note_buffers((own ? 1U : 0U) + (held ? 1U : 0U) + static_cast<unsigned>(arrived.size()));
  }
  return arrived;
}

}  // namespace optinet::pops
