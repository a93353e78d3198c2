#pragma once
/// \file
/// A store-and-forward node (Valiant and Brebner, section 2 (d), (e)): one queue per outgoing
/// edge and its outgoing links (records in the network's queue and link arrays), its input port,
/// and the router that places every packet it holds by the packet's ticket and the node's own id
/// alone.
///
/// Process choice: a node's work in a slot is a single, bounded step (take the arrivals, place
/// them by their tickets, offer the queue heads) with no control flow spanning slots, then, once
/// every node has offered, the admission of the offers it received. By default the nodes are
/// not processes of their own: the network's one SC_METHOD steps, at each rising edge, the nodes
/// that have work, in id order, then has the offered nodes admit (SfNetwork). With
/// `node_processes` each node is its own SC_METHOD, clocked while it has work and woken by its
/// inbox, whose update phase admits: the schedule the design started from, kept as the
/// reference (the two give the same runs, slot for slot: tests/sf_schedules_match.py). Both
/// run the same node code, which sees only its node: its queues, its input requests, its random
/// stream and the run control's slot counter. The network's process runs 1.7-3.3x as many
/// packet-hops per second (hypercube n = 12 and 16, median 2.6x): it spares each busy node a
/// process activation and the update of its own channel, walks the nodes in memory order, and its
/// links post offers in one array instead of in the far ends' input ports (docs/benchmarks.md).
#include <array>
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
#include "models/networks/sf_step_list.h"
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
  /// The testbench may move it between and during runs (set_phase_b_start).
  std::uint64_t phase_b_start = 0;
  SubphaseObserver* observer = nullptr;
  /// > 0: every sub-phase s (0-based) has the window of slots [s W, (s+1) W) (Theorem 4: each
  /// phase given n + K n^(1/2) slots). A packet that finishes sub-phase s early waits at its
  /// node until slot (s+1) W; one that overruns starts its next sub-phase at once (the
  /// fall-back the theorem allows: here the same scheme, continued without windows).
  std::uint64_t phase_window = 0;
  /// The node's out-links, one per label (graph degree), in the network's link array: a label
  /// without a neighbour has a link that stays unbound.
  Link* links = nullptr;
  /// The node's out-edge queues, one per label, in the network's array parallel to `links`.
  EdgeQueue* queues = nullptr;
  /// The node's in-links by input number (the order in which it arbitrates), in the
  /// network's array.
  Link* const* in_links = nullptr;
  /// The network's packets: a node's queues, links and buffers hold indices into it.
  PacketPool* pool = nullptr;
  /// Null: the node is a process of its own (an SC_METHOD). Otherwise the network's process
  /// steps it while it is listed here, and its input port marks it here for admission.
  SfStepList* steps = nullptr;
};

class SfNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  OPTINET_HAS_PROCESS(SfNode);
  SfNode(const sc_core::sc_module_name& name, const SfNodeConfig& config);
  ~SfNode() override;

  /// Out-edge `label`, or nullptr where the node has none (once the network has bound them).
  Link* link(unsigned label) { return links_[label].bound() ? &links_[label] : nullptr; }
  /// Between runs: clears every buffer and link, loads the node's packets and seeds its stream.
  void load(const std::vector<Packet>& packets, std::uint64_t run_seed);
  /// The host's injection port for open-loop runs (nullptr: closed-loop runs of the loaded
  /// packets). Each slot the node takes the packets created up to it, as many as its staging
  /// buffer admits under a queue capacity (all of them when unbounded), and routes them as
  /// loaded packets; it never reports finishing (the host stops the run). Between runs only.
  void set_injection(InjectionPort* port) { injection_ = port; }
  /// The slot from which packets that finished Phase A start Phase B. The testbench's
  /// instrumentation, not the node's knowledge: the paper's set-up runs each phase on its own
  /// ("Phase B was always supplied with inputs generated by the corresponding Phase A"), so a
  /// testbench that sees the last packet finish Phase A in slot t moves every node's start to
  /// t + 1. Held packets enter Phase B in random order (the paper randomized the queues).
  void set_phase_b_start(std::uint64_t slot) { config_.phase_b_start = slot; }
  /// Largest number of packets held at once in the last run (all of them / Phase A only /
  /// Phase B only).
  unsigned max_population() const { return max_population_; }
  unsigned max_population_a() const { return max_population_a_; }
  unsigned max_population_b() const { return max_population_b_; }
  /// Phase A packets still on their way (not those that finished Phase A and wait here).
  unsigned max_population_a_transit() const { return max_population_a_transit_; }
  /// Longest queue in the last run.
  unsigned max_queue() const { return max_queue_; }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  void trace(sc_core::sc_trace_file* tf);

  /// The node's input port, to which the network binds its in-links (a node process only: a
  /// stepped node's offers are posted in SfStepList).
  LinkSink& input_port() { return *inbox_; }
  /// For the network's process (SfNodeConfig::steps): the node's work at the rising edge of
  /// `slot` in a run; false when that leaves it with nothing to do until it admits a packet.
  bool step(std::uint64_t slot) {
    slot_step(slot);
    return needs_next_slot();
  }
  /// For the network's process: admits this slot's offers, once every node has offered.
  void admit() { admit_requests(); }

 private:
  struct Staged {
    PacketIndex packet;
    unsigned edge;
  };
  void end_of_elaboration() override;
  void activate();
  void slot_step(std::uint64_t slot);
  /// Places packet i (which just arrived, or was loaded) by its ticket: into a queue, the
  /// staging buffer, the Phase B hold, or the host (then its pool slot is freed).
  void settle(PacketIndex i, std::uint64_t slot, bool arrived_over_link);
  void start_subphase(SfPacket& p, std::uint64_t slot);
  void offer_heads();
  /// Queue `edge` takes packet i / drops packet i (which it holds); both keep the population
  /// counts.
  void enqueue(unsigned edge, PacketIndex i);
  void dequeue(unsigned edge, PacketIndex i);
  /// Between runs: frees the pool slots of the packets the node holds.
  void release_packets();
  /// Open-loop runs: takes and places the packets the host created up to `slot`.
  void take_injected(std::uint64_t slot);
  bool has_work() const;
  /// Has something to do at the next rising edge of a run: packets, or (open loop) a host that
  /// may have created some.
  bool needs_next_slot() const { return injection_ != nullptr || has_work(); }
  bool room(std::size_t held, unsigned reserved) const {
    return config_.capacity == 0 || held + reserved < config_.capacity;
  }
  /// Admits this slot's offers (its update phase): in input order, while buffers are free.
  class Inbox : public LinkSink {
   public:
    Inbox(const char* name, SfNode& node) : LinkSink(name), node_(node) {}

   private:
    void update() override { node_.admit_requests(); }
    SfNode& node_;
  };
  void admit_requests();
  /// This slot's offers (bit i: input i), cleared for the next: from the network's step list
  /// where it steps the node, else from the node's own input port.
  std::uint64_t take_requests() {
    return config_.steps != nullptr ? config_.steps->take_requests(config_.id)
                                    : inbox_->take_requests();
  }
  /// Reservations per out-edge, and (last) for the staging buffer: at most kMaxInputs each.
  using Reservations = std::array<std::uint8_t, LinkSink::kMaxInputs + 1>;
  /// Bounded buffers: reserves room for `offered` once it has crossed (in the queue of its
  /// next edge, or in staging); false if there is none. A packet for the host needs none.
  bool reserve(const SfPacket& offered, Reservations& reserved) const;

  SfNodeConfig config_;
  Link* links_;                 ///< config_.links: graph degree entries, owned by the network
  PacketPool* pool_;            ///< config_.pool
  EdgeQueue* queues_;           ///< config_.queues: degree_ entries, owned by the network
  unsigned degree_;             ///< the graph's degree: out-edge labels, links and queues
  unsigned queued_ = 0;         ///< packets in all queues
  unsigned queued_a_ = 0;       ///< of them, in Phase A (sub-phase before the scheme's randomizing)
  std::uint64_t offering_ = 0;  ///< bit l: queue l offered its head on link l this slot
  std::uint64_t nonempty_ =
      0;  ///< bit l: queue l holds a packet (offer_heads reads no empty queue)
  std::vector<Staged> staging_;
  std::vector<PacketIndex> held_;  ///< finished a sub-phase, waiting for release_slot
  /// The slot from which a packet held before its sub-phase p.ticket.subphase may start it.
  std::uint64_t release_slot(const SfPacket& p) const;
  std::vector<PacketIndex> arrivals_;  ///< admitted last slot, placed at this rising edge
  std::vector<PacketIndex> settling_;  ///< scratch: the packets being placed (keeps its capacity)
  std::vector<PacketIndex> loaded_;    ///< the node's own packets, placed at slot 0
  InjectionPort* injection_ = nullptr;
  std::vector<Packet> injected_;  ///< scratch: the packets taken from the host this slot
  /// The interfaces bound to `control` and `clk`, kept beside the fields a slot reads (the
  /// port objects lie elsewhere in the node).
  RunControlIf* run_ = nullptr;
  const sc_core::sc_signal_in_if<bool>* clock_ = nullptr;
  Rng rng_;
  bool running_ = false;
  bool clocked_ = false;     ///< waiting on the clock's rising edge (not on wake_)
  unsigned population_ = 0;  // traced
  unsigned max_population_ = 0;
  unsigned max_population_a_ = 0;
  unsigned max_population_b_ = 0;
  unsigned max_population_a_transit_ = 0;
  unsigned max_queue_ = 0;
  // A node process's input port and wake-up event; a stepped node has neither (two SystemC
  // objects fewer per node to name, register and hold: SfStepList posts its offers and lists it).
  std::unique_ptr<Inbox> inbox_;
  std::unique_ptr<sc_core::sc_event> wake_;
};

}  // namespace optinet::sf
