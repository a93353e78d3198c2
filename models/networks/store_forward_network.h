#pragma once
/// \file
/// A store-and-forward network (hypercube, d-way shuffle, CCC, shuffle-exchange, grid): one
/// node per vertex of the graph and one link per directed edge. This module only instantiates
/// and binds: node x's out-edge `label` is bound to the node the graph names, so bindings are
/// O(nodes + links). Names follow the hardware: hypercube.node5, hypercube.node5.link_d2.
/// Unless told to make each node a process, its one SC_METHOD steps the nodes.
#include <memory>
#include <systemc>
#include <vector>

#include "models/networks/store_forward_node.h"

namespace optinet::sf {

struct SfNetworkConfig {
  const SfGraph* graph = nullptr;
  const Scheme* scheme = nullptr;
  Discipline discipline = Discipline::kFifo;
  unsigned capacity = 0;  ///< per queue; 0 = unbounded
  std::uint64_t phase_b_start = 0;
  SubphaseObserver* observer = nullptr;
  std::uint64_t phase_window = 0;  ///< SfNodeConfig::phase_window
  /// One SC_METHOD per node (the reference schedule) instead of the network's one process
  /// stepping the nodes (store_forward_node.h, "Process choice"). The same runs either way.
  bool node_processes = false;
};

class SfNetwork : public sc_core::sc_module {
 public:
  OPTINET_HAS_PROCESS(SfNetwork);
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  SfNetwork(const sc_core::sc_module_name& name, const SfNetworkConfig& config);
  ~SfNetwork() override;

  NodeId size() const { return static_cast<NodeId>(nodes_.size()); }
  SfNode& node(NodeId x) { return *nodes_[x]; }
  /// Node x's router: its state, measures, links and injection port.
  SfRouter& router(NodeId x) { return routers_[x]; }
  /// Links in the network (directed edges).
  std::uint64_t links() const { return link_count_; }
  /// Every node's Phase B start (SfRouter::set_phase_b_start).
  void set_phase_b_start(std::uint64_t slot) {
    for (SfRouter& r : routers_) r.set_phase_b_start(slot);
  }

 private:
  /// Every node's out-links, node x's label l at x * degree + l (a label without a neighbour
  /// stays unbound): one contiguous array, allocated before the nodes and never resized.
  std::vector<Link> links_;
  /// Every node's out-edge queues, parallel to links_ (node x's label l at x * degree + l).
  std::vector<EdgeQueue> queues_;
  std::vector<Link*> in_links_;  ///< every node's in-links by input number, node by node
  PacketPool pool_;              ///< the packets the nodes hold (their queues pass indices)
  /// Every node's router, in id order: the state a slot reads, walked in memory order.
  std::vector<SfRouter> routers_;
  std::vector<std::unique_ptr<SfNode>> nodes_;
  std::uint64_t link_count_ = 0;
  /// Unless node_processes: the nodes the network's process steps and admits.
  std::unique_ptr<SfStepList> steps_;
  RunControlIf* run_ = nullptr;
  const sc_core::sc_signal_in_if<bool>* clock_ = nullptr;
  void end_of_elaboration() override;
  /// The network's process: at each rising edge of a run, every listed node steps, in id
  /// order; then every node offered a packet admits (the update phase of per-node processes).
  void step_nodes();
};

}  // namespace optinet::sf
