#pragma once
/// \file
/// The directed graph of a store-and-forward network (Valiant and Brebner, section 2 (a)):
/// nodes 0..N-1, out-edges labelled 0..degree()-1. Pure functions, used by the network module
/// to bind links and by the schemes, which know the network's parameters as a node's hardware
/// does.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "models/core/packet.h"

namespace optinet::sf {

class SfGraph {
 public:
  virtual ~SfGraph() = default;
  /// Network name, also the top module's name ("hypercube", "shuffle", ...).
  virtual std::string name() const = 0;
  virtual NodeId nodes() const = 0;
  /// Number of out-edge labels (the largest out-degree).
  virtual unsigned degree() const = 0;
  /// The far end of x's out-edge `label`, or kNoNode where x has no such edge (grid borders).
  virtual NodeId neighbor(NodeId x, unsigned label) const = 0;
  /// Short name of an edge label, for link names (node5.link_d2).
  virtual std::string label_name(unsigned label) const { return std::to_string(label); }
  /// The parameters for reports, e.g. {{"n", 10}}.
  virtual std::vector<std::pair<std::string, std::uint64_t>> parameters() const = 0;
};

}  // namespace optinet::sf
