#include "protocols/splithash/sink_bus_ocpc.h"

namespace optinet::splithash {

SinkBusAsOcpc::SinkBusAsOcpc(SplitHashNodeContext& node, const std::vector<Packet>& packets,
                             std::uint32_t h)
    : node_(node), h_(h), group_(node.index() / node.shape().k) {
  const std::uint32_t k = node.shape().k;
  shape_.topology = ocpc::Topology::kOcpc;
  shape_.p = 2 * k;
  local_ = static_cast<NodeId>(node.level() * k + node.index() % k);
  packets_ = packets;
  for (Packet& p : packets_) p.destination = local(p.destination);
}

NodeId SinkBusAsOcpc::global(NodeId local) const {
  const std::uint32_t k = node_.shape().k;
  return node_.shape().id(local / k, group_ * k + local % k);
}

NodeId SinkBusAsOcpc::local(NodeId global) const {
  const SplitHashShape& s = node_.shape();
  return static_cast<NodeId>(s.level_of(global) * s.k + s.index_of(global) % s.k);
}

void SinkBusAsOcpc::begin_slots() {
  node_.next_slot();
  first_slot_ = node_.slot();
}

void SinkBusAsOcpc::next_slot() {
  node_.next_slot();
  received_ = node_.received();
  if (received_) received_->sender = local(received_->sender);
}

void SinkBusAsOcpc::send(NodeId to, const Message& message) { node_.send(global(to), message); }

void SinkBusAsOcpc::deliver(const Packet& packet) {
  Packet p = packet;
  p.destination = global(packet.destination);
  node_.deliver(p);
}

}  // namespace optinet::splithash
