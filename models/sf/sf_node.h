#pragma once
/// \file
/// A store-and-forward node (Valiant and Brebner, section 2 (d), (e)): the SystemC module of one
/// vertex, with its name, clock and run-control ports and traces. Its queues and outgoing links
/// are records in the network's arrays, and its router (SfRouter: the state and the slot's work,
/// which places every packet by the packet's ticket and the node's own id alone) is a record in
/// the network's array of routers.
///
/// Process choice: a node's work in a slot is a single, bounded step (take the arrivals, place
/// them by their tickets, offer the queue heads) with no control flow spanning slots, then, once
/// every node has offered, the admission of the offers it received. By default the nodes are
/// not processes of their own: the network's one SC_METHOD steps, at each rising edge, the nodes
/// that have work, in id order, then has the offered nodes admit (SfNetwork). With
/// `node_processes` each node is its own SC_METHOD, clocked while it has work and woken by its
/// inbox, whose update phase admits: the schedule the design started from, kept as the
/// reference (the two give the same runs, slot for slot:
/// tests/sf/sf_schedules_match.py). Both run the same router (SfRouter), which sees only
/// its node: its queues, its input requests, its random stream and the run control's slot counter.
/// The network's process runs 1.7-3.3x as many packet-hops per second (hypercube n = 12 and 16,
/// median 2.6x): it spares each busy node a process activation and the update of its own channel,
/// walks the nodes in memory order, and its links post offers in one array instead of in the far
/// ends' input ports (docs/benchmarks.md).
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/sf/sf_router.h"

namespace optinet::sf {

class SfNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  OPTINET_HAS_PROCESS(SfNode);
  /// `router` is the network's record for this node, whose routers share `shared`; a process
  /// of its own unless shared.steps is set.
  SfNode(const sc_core::sc_module_name& name, const SfRouterShared& shared, SfRouter& router);
  ~SfNode() override;

  /// Between runs: loads the router (SfRouter::load) and clears the node process's state.
  void load(const std::vector<Packet>& packets, std::uint64_t run_seed);
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces the population and the outgoing links (a lit link's received power: lit_power_mw).
  void trace(sc_core::sc_trace_file* tf, double lit_power_mw);

  /// The node's input port, to which the network binds its in-links (a node process only: a
  /// stepped node's offers are posted in SfStepList).
  LinkSink& input_port() { return *inbox_; }

 private:
  void end_of_elaboration() override;
  /// The node process (node_processes only).
  void activate();
  /// Admits this slot's offers (its update phase), then wakes the node if it was idle.
  class Inbox : public LinkSink {
   public:
    Inbox(const char* name, SfNode& node) : LinkSink(name), node_(node) {}

   private:
    void update() override { node_.admit_offers(); }
    SfNode& node_;
  };
  void admit_offers();

  SfRouter& router_;
  RunControlIf* run_ = nullptr;
  const sc_core::sc_signal_in_if<bool>* clock_ = nullptr;
  bool running_ = false;
  bool clocked_ = false;  ///< waiting on the clock's rising edge (not on wake_)
  // A node process's input port and wake-up event; a stepped node has neither (two SystemC
  // objects fewer per node to name, register and hold: SfStepList posts its offers and lists it).
  std::unique_ptr<Inbox> inbox_;
  std::unique_ptr<sc_core::sc_event> wake_;
};

}  // namespace optinet::sf
