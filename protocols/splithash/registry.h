#pragma once
/// \file
/// Split&hash protocols by name, as the command line and tests select them. A protocol is
/// added with one entry in registry.cpp.
#include <memory>
#include <string>
#include <vector>

#include "models/splithash/splithash_node.h"
#include "models/topology/split_hash.h"

namespace optinet::splithash {

struct ProtocolInfo {
  std::string name;
  std::string summary;
  std::unique_ptr<SplitHashProtocol> (*make)() = nullptr;
  /// Routes only partial permutations (every sink the destination of at most one packet);
  /// otherwise also random functions. The others take at most one packet per source.
  bool permutations_only = false;
  /// Routes h-relations for any h (--h; every source up to h packets), not random functions.
  bool h_relations = false;
  /// Why the protocol cannot serve a shape the network takes ("" if it can); null: every shape.
  std::string (*shape_unavailable)(const SplitHashShape& shape) = nullptr;
};

const std::vector<ProtocolInfo>& protocols();
/// nullptr if unknown.
const ProtocolInfo* find_protocol(const std::string& name);
/// "a, b": every protocol, for messages.
std::string protocol_names();
/// Why `name` is not a split&hash protocol (naming the accepted ones), or "".
std::string protocol_unavailable(const std::string& name);

}  // namespace optinet::splithash
