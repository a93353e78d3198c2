#pragma once
/// \file
/// A bus of dimension 0 of the d-dimensional MOB seen as an OCPC of K processors
/// (bus_as_ocpc.h), so that the OCPC's procedures (GJLR, parallel prefix) run on it unchanged:
/// OCPC processor c is the node of the line with coordinate 0 = c.
///
/// On the embedded split&hash network (models/topology/split_hash_embedding.h) the line of node
/// v is the bus of v's group of level 1: the level-1 nodes and the sinks of one group differ in
/// coordinate 0 only, and MOB node v plays both level-1 node v and sink v.
#include <cstdint>
#include <optional>
#include <vector>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/bus_as_ocpc.h"

namespace optinet::ocpc {

class DmobLineAsOcpc : public HostBusAsOcpc<OcpcNodeContext> {
 public:
  /// `node` is a node of the mesh; `packets` are its packets for nodes of its line (mesh ids);
  /// `h` is the h every node of the line is given.
  DmobLineAsOcpc(OcpcNodeContext& node, const std::vector<Packet>& packets, std::uint32_t h);

 protected:
  NodeId global(NodeId local) const override;
  NodeId local(NodeId global) const override;

 private:
  topology::DmobIndexing mesh_;
};

}  // namespace optinet::ocpc
