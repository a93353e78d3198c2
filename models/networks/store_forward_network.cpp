#include "models/networks/store_forward_network.h"

#include <string>

namespace optinet::sf {

SfNetwork::SfNetwork(const sc_core::sc_module_name& name, const SfNetworkConfig& config)
    : sc_core::sc_module(name) {
  const SfGraph& g = *config.graph;
  const NodeId n = g.nodes();
  links_ = std::vector<Link>(static_cast<std::size_t>(n) * g.degree());
  nodes_.reserve(n);
  for (NodeId x = 0; x < n; ++x) {
    SfNodeConfig c{x,
                   config.graph,
                   config.scheme,
                   config.discipline,
                   config.capacity,
                   config.phase_b_start,
                   config.observer,
                   config.phase_window,
                   &links_[static_cast<std::size_t>(x) * g.degree()]};
    nodes_.push_back(std::make_unique<SfNode>(("node" + std::to_string(x)).c_str(), c));
    nodes_.back()->clk(clk);
    nodes_.back()->control(control);
  }
  // Each node numbers its incoming links in the order bound here (by source, then label); it
  // arbitrates between offers in that order.
  std::vector<std::uint32_t> inputs(n, 0);
  for (NodeId x = 0; x < n; ++x) {
    for (unsigned label = 0; label < g.degree(); ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y == kNoNode) continue;
      links_[static_cast<std::size_t>(x) * g.degree() + label].bind(*nodes_[y], inputs[y]++);
      ++link_count_;
    }
  }
}

SfNetwork::~SfNetwork() = default;

}  // namespace optinet::sf
