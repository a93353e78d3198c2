#include "protocols/splithash/sink_bus_ocpc.h"

#include "protocols/ocpc/gjlr.h"

namespace optinet::splithash {

SinkBusAsOcpc::SinkBusAsOcpc(SplitHashNodeContext& node, const std::vector<Packet>& packets,
                             std::uint32_t h)
    : BusAsOcpc(node, h, 2 * node.shape().k,
                static_cast<NodeId>(node.level() * node.shape().k + node.index() % node.shape().k)),
      group_(node.index() / node.shape().k) {
  load(packets);
}

NodeId SinkBusAsOcpc::global(NodeId local) const {
  const std::uint32_t k = node_.shape().k;
  return node_.shape().id(local / k, group_ * k + local % k);
}

NodeId SinkBusAsOcpc::local(NodeId global) const {
  const SplitHashShape& s = node_.shape();
  return static_cast<NodeId>(s.level_of(global) * s.k + s.index_of(global) % s.k);
}

TopBusAsOcpc::TopBusAsOcpc(SplitHashNodeContext& node, std::uint32_t j)
    : BusAsOcpc(node, 1,
                node.wiring().tops_on_bus(node.level() - 1,
                                          node.wiring().target(node.level() - 1, node.index(), j)),
                node.wiring().top_local(node.level() - 1, node.index(), j) - node.shape().k),
      i_(node.level() - 1),
      j_(j),
      group_(node.index() / node.shape().power(node.level())),
      l_(node.wiring().target(node.level() - 1, node.index(), j)) {}

NodeId TopBusAsOcpc::global(NodeId local) const {
  const std::uint64_t x = node_.wiring().top_at(i_, group_, l_, node_.shape().k + local);
  return node_.shape().id(i_ + 1, x);
}

NodeId TopBusAsOcpc::local(NodeId global) const {
  return node_.wiring().top_local(i_, node_.shape().index_of(global), j_) - node_.shape().k;
}

GjlrOnSinkBuses::GjlrOnSinkBuses() : gjlr_(std::make_unique<ocpc::GjlrProtocol>()) {}

GjlrOnSinkBuses::~GjlrOnSinkBuses() = default;

void GjlrOnSinkBuses::run(SplitHashNodeContext& node, const std::vector<Packet>& collected,
                          std::uint32_t h) const {
  SinkBusAsOcpc bus(node, collected, h);
  gjlr_->run(bus);
}

}  // namespace optinet::splithash
