#pragma once
/// \file
/// The protocols of the synchronizing mesh, by name.
#include <memory>
#include <string>
#include <vector>

#include "models/mesh/mesh_node.h"
#include "protocols/mesh/tree_node.h"

namespace optinet::mesh {

struct ProtocolInfo {
  const char* name;
  const char* summary;
};

/// "experiment": section 5's loop (L nested splits, each followed by a sync of the new
/// sub-group, then L joins); "sync": one synchronization of the whole mesh.
const std::vector<ProtocolInfo>& protocols();
/// Why `name` is no protocol of the mesh ("" if it is).
std::string protocol_unavailable(const std::string& name);
std::unique_ptr<mesh::MeshProtocol> make_protocol(const std::string& name, const LoopConfig& loop);

}  // namespace optinet::mesh
