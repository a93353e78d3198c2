#include "protocols/ocpc/row_column.h"

#include "protocols/ocpc/coinflip.h"

namespace optinet::ocpc {

NodeId row_column_next_hop(const OcpcShape& shape, NodeId at, NodeId destination) {
  if (shape.column(at) != shape.column(destination)) {
    return shape.node(shape.row(at), shape.column(destination));
  }
  return destination;
}

void RowColumnProtocol::run(OcpcNodeContext& node) const {
  Outbox box(node);
  node.begin_slots();
  coinflip_until_done(node, box, row_column_next_hop);
}

}  // namespace optinet::ocpc
