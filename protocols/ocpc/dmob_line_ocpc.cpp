#include "protocols/ocpc/dmob_line_ocpc.h"

namespace optinet::ocpc {

DmobLineAsOcpc::DmobLineAsOcpc(OcpcNodeContext& node, const std::vector<Packet>& packets,
                               std::uint32_t h)
    : HostBusAsOcpc(node, h, node.shape().p, node.shape().mesh().coordinate(node.id(), 0)),
      mesh_(node.shape().mesh()) {
  load(packets);
}

NodeId DmobLineAsOcpc::global(NodeId local) const {
  return mesh_.with_coordinate(node_.id(), 0, local);
}

NodeId DmobLineAsOcpc::local(NodeId global) const { return mesh_.coordinate(global, 0); }

}  // namespace optinet::ocpc
