#include "protocols/ocpc/dmob_line_ocpc.h"

namespace optinet::ocpc {

DmobLineAsOcpc::DmobLineAsOcpc(OcpcNodeContext& node, const std::vector<Packet>& packets,
                               std::uint32_t h)
    : node_(node), mesh_(node.shape().mesh()), h_(h), packets_(packets) {
  shape_.topology = Topology::kOcpc;
  shape_.p = mesh_.k();
  for (Packet& p : packets_) p.destination = local(p.destination);
}

NodeId DmobLineAsOcpc::global(NodeId local) const {
  return mesh_.with_coordinate(node_.id(), 0, local);
}

NodeId DmobLineAsOcpc::local(NodeId global) const { return mesh_.coordinate(global, 0); }

void DmobLineAsOcpc::begin_slots() {
  node_.next_slot();
  first_slot_ = node_.slot();
}

void DmobLineAsOcpc::next_slot() {
  node_.next_slot();
  received_ = node_.received();
  if (received_) received_->sender = local(received_->sender);
}

void DmobLineAsOcpc::send(NodeId to, const Message& message) { node_.send(global(to), message); }

void DmobLineAsOcpc::deliver(const Packet& packet) {
  Packet p = packet;
  p.destination = global(packet.destination);
  node_.deliver(p);
}

}  // namespace optinet::ocpc
