#pragma once
/// \file
/// A store-and-forward node (Valiant and Brebner, section 2 (d), (e)): one queue per outgoing
/// edge, its outgoing links, and the router that places every packet it holds by the packet's
/// ticket and the node's own id alone.
///
/// Process choice: the router is one SC_METHOD per node, not an SC_THREAD. Its work in a slot
/// is a single, bounded step (take the arrivals, place them by their tickets, offer the queue
/// heads) with no control flow spanning slots, which is what a method expresses; a method has
/// no stack, so 2^16 nodes need no thread stacks (a thread costs a 64 KiB stack map and a
/// guard page). The method still sees only its node: its queues, its inbox, its random stream
/// and the run control's slot counter. A node that holds no packet waits on its inbox event
/// (or the start of a run), never on the clock; in an open-loop run it wakes every slot to take
/// what its host created.
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/injection_port.h"
#include "models/core/rng.h"
#include "models/core/run_control.h"
#include "models/links/edge_queue.h"
#include "models/links/link.h"
#include "models/links/scheme.h"
#include "models/topology/store_forward_graph.h"

namespace optinet::sf {

/// Host-side instrumentation: told when a packet ends a sub-phase (the last one at its
/// destination, just before delivery). It never influences routing.
class SubphaseObserver {
 public:
  virtual ~SubphaseObserver() = default;
  virtual void on_subphase_end(NodeId node, const SfPacket& p, std::uint64_t slot) = 0;
};

struct SfNodeConfig {
  NodeId id = 0;
  const SfGraph* graph = nullptr;
  const Scheme* scheme = nullptr;
  Discipline discipline = Discipline::kFifo;
  /// Packets each queue (and the node's staging buffer) may hold; 0 = unbounded.
  unsigned capacity = 0;
  /// Phase B starts for a packet at max(this slot, the slot it finished Phase A) (section 4).
  std::uint64_t phase_b_start = 0;
  SubphaseObserver* observer = nullptr;
};

class SfNode : public sc_core::sc_module, public LinkSink {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  OPTINET_HAS_PROCESS(SfNode);
  SfNode(const sc_core::sc_module_name& name, const SfNodeConfig& config);
  ~SfNode() override;

  /// Out-edge `label`, or nullptr where the node has none.
  Link* link(unsigned label) { return links_[label].get(); }
  /// Between runs: clears every buffer and link, loads the node's packets and seeds its stream.
  void load(const std::vector<Packet>& packets, std::uint64_t run_seed);
  /// The host's injection port for open-loop runs (nullptr: closed-loop runs of the loaded
  /// packets). Each slot the node takes the packets created up to it, as many as its staging
  /// buffer admits under a queue capacity (all of them when unbounded), and routes them as
  /// loaded packets; it never reports finishing (the host stops the run). Between runs only.
  void set_injection(InjectionPort* port) { injection_ = port; }
  /// Largest number of packets held at once in the last run (all of them / Phase A only).
  unsigned max_population() const { return max_population_; }
  unsigned max_population_a() const { return max_population_a_; }
  /// Longest queue in the last run.
  unsigned max_queue() const { return max_queue_; }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  void trace(sc_core::sc_trace_file* tf);

  // LinkSink
  void request(Link& link) override;

 private:
  struct Staged {
    SfPacket packet;
    unsigned edge;
  };
  void activate();
  void slot_step(std::uint64_t slot);
  /// Places p (which just arrived, or was loaded) by its ticket: into a queue, the staging
  /// buffer, the Phase B hold, or the host.
  void settle(SfPacket p, std::uint64_t slot, bool arrived_over_link);
  void start_subphase(SfPacket& p, std::uint64_t slot);
  void offer_heads();
  /// Open-loop runs: takes and places the packets the host created up to `slot`.
  void take_injected(std::uint64_t slot);
  bool has_work() const;
  bool room(std::size_t held, unsigned reserved) const {
    return config_.capacity == 0 || held + reserved < config_.capacity;
  }
  /// Admits this slot's offers (its update phase): in input order, while buffers are free.
  class Inbox : public sc_core::sc_prim_channel {
   public:
    Inbox(const char* name, SfNode& node) : sc_core::sc_prim_channel(name), node_(node) {}
    void add(Link& link) {
      requests_.push_back(&link);
      request_update();
    }
    std::vector<Link*> requests_;

   private:
    void update() override { node_.admit_requests(); }
    SfNode& node_;
  };
  void admit_requests();

  SfNodeConfig config_;
  std::vector<std::unique_ptr<Link>> links_;
  std::vector<EdgeQueue> queues_;
  std::vector<std::int64_t> offered_index_;  ///< queue index offered on each link, -1 if none
  std::vector<Staged> staging_;
  std::vector<SfPacket> held_;      ///< finished Phase A, waiting for phase_b_start
  std::vector<SfPacket> arrivals_;  ///< admitted last slot, placed at this rising edge
  std::vector<SfPacket> settling_;  ///< scratch: the packets being placed (keeps its capacity)
  std::vector<SfPacket> loaded_;    ///< the node's own packets, placed at slot 0
  InjectionPort* injection_ = nullptr;
  std::vector<Packet> injected_;  ///< scratch: the packets taken from the host this slot
  Inbox inbox_;
  sc_core::sc_event wake_;
  Rng rng_;
  bool running_ = false;
  unsigned population_ = 0;  // traced
  unsigned max_population_ = 0;
  unsigned max_population_a_ = 0;
  unsigned max_queue_ = 0;
  std::vector<unsigned> reserved_;  // scratch for admit_requests
};

}  // namespace optinet::sf
