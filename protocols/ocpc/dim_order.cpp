#include "protocols/ocpc/dim_order.h"

#include "protocols/ocpc/coinflip.h"

namespace optinet::ocpc {

NodeId dim_order_next_hop(const OcpcShape& shape, NodeId at, NodeId destination) {
  const topology::DmobIndexing mesh = shape.mesh();
  const std::uint32_t j = mesh.first_difference(at, destination);
  return mesh.with_coordinate(at, j, mesh.coordinate(destination, j));
}

void DimOrderProtocol::run(OcpcNodeContext& node) const {
  Outbox box(node);
  node.begin_slots();
  coinflip_until_done(node, box, dim_order_next_hop);
}

}  // namespace optinet::ocpc
