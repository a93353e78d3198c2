#pragma once
/// \file
/// A store-and-forward node's router (Valiant and Brebner, section 2 (d), (e)): the node's
/// state and its work in a slot, which places every packet it holds by the packet's ticket and
/// the node's own id alone. It is a plain record, not a SystemC object: the network keeps all
/// its routers in one contiguous array, in id order, and its SfNode modules (the names, ports,
/// traces and, under --node-processes, the processes) call into them.
///
/// Layout: a step reads the router's first two cache lines only (its arrivals and queues; its
/// counts), a source that hands a packet over the far end's first, and the network walks the
/// routers in memory order. What every router of a network shares (its arrays, scheme, run
/// control, settings) is one SfRouterShared, which stays in the first-level cache; what only a
/// sub-phase's end or start, a Phase B hold, a bounded buffer or a trace needs lies in the
/// lines after the first two. The queues are the router's (NodeQueues), not records beside
/// each edge's link, so a hop where the far end admits every offer touches no record per edge
/// but (in the count window) its 4-byte carried counter. The network also fetches what a
/// router's step and admission will read some routers ahead (fetch_for_step,
/// fetch_for_admit). Cache misses per hop: bench/sf_cache_misses.py, docs/benchmarks.md.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/core/injection_port.h"
#include "models/core/inline_list.h"
#include "models/core/prefetch.h"
#include "models/core/rng.h"
#include "models/core/run_control.h"
#include "models/core/trace_window.h"
#include "models/sf/sf_link.h"
#include "models/sf/sf_node_queues.h"
#include "models/sf/sf_scheme.h"
#include "models/sf/sf_step_list.h"
#include "models/topology/sf_graph.h"

namespace optinet::sf {

class SfRouter;

/// Host-side instrumentation: told when a packet ends a sub-phase (the last one at its
/// destination, just before delivery). It never influences routing.
class SubphaseObserver {
 public:
  virtual ~SubphaseObserver() = default;
  virtual void on_subphase_end(NodeId node, const SfPacket& p, std::uint64_t slot) = 0;
};

/// A packet that starts a sub-phase at a node, waiting there for room in the queue of its first
/// edge.
struct Staged {
  PacketIndex packet;
  unsigned edge;
};

/// What every router of a network shares: set by the network, read by each router's step (one
/// record, so that a router's own lines hold only its own state).
struct SfRouterShared {
  const SfGraph* graph = nullptr;
  const Scheme* scheme = nullptr;
  Discipline discipline = Discipline::kFifo;
  /// Packets each queue (and a node's staging buffer) may hold; 0 = unbounded.
  unsigned capacity = 0;
  /// The graph's degree: out-edge labels, links and queues per node.
  unsigned degree = 0;
  /// Phase B starts for a packet at max(this slot, the slot it finished Phase A) (section 4).
  /// The testbench may move it between and during runs (SfNetwork::set_phase_b_start).
  std::uint64_t phase_b_start = 0;
  SubphaseObserver* observer = nullptr;
  /// > 0: every sub-phase s (0-based) has the window of slots [s W, (s+1) W) (Theorem 4: each
  /// phase given n + K n^(1/2) slots). A packet that finishes sub-phase s early waits at its
  /// node until slot (s+1) W; one that overruns starts its next sub-phase at once (the
  /// fall-back the theorem allows: here the same scheme, continued without windows).
  std::uint64_t phase_window = 0;
  /// Every node's out-links, node x's label l at x * degree + l: a label without a neighbour
  /// has a link that stays unbound.
  Link* links = nullptr;
  /// Per link (the same index): the slots of the count window in which it carried a packet.
  /// Apart from the links, since every hop counts but only bounded buffers and node processes
  /// read the links on a hop (4 bytes per link: a node's in one line at degree 16).
  std::uint32_t* carried = nullptr;
  /// Empty until some link is watched (SfRouter::watch), then one entry per node: the probes
  /// of its out-edges by label, once one of them is watched (a trace of a few nodes takes a
  /// few). Never moved: traces point into them.
  std::vector<std::unique_ptr<LinkProbe[]>> probes;
  LinkProbe& probe(NodeId x, unsigned label) const { return probes[x][label]; }
  /// The probe of link `edge`, an index into `links`.
  LinkProbe& probe(std::size_t edge) const {
    return probe(static_cast<NodeId>(edge / degree), static_cast<unsigned>(edge % degree));
  }
  /// The slots in which links count the packets they carry (`carried`): none until the
  /// testbench sets them (SfNetwork::count_slots), so that a hop outside them writes no
  /// counter. Closed-loop runs report no link, and at 2^16 nodes their hops ran 1.04-1.20x as
  /// fast without the counters' writes (docs/benchmarks.md).
  TraceWindow count_window = TraceWindow::none();
  /// The network's packets: queues, links and buffers hold indices into it.
  PacketPool* pool = nullptr;
  /// Null: each node is a process of its own (an SC_METHOD), and `sinks` are the nodes' input
  /// ports by id, to which the sources post their offers (both null: the pins view, where a
  /// node's module drives its offers onto its pins). Otherwise the network's process steps
  /// a node while it is listed here, and the sources post their offers here.
  SfStepList* steps = nullptr;
  LinkSink* const* sinks = nullptr;
  /// With `steps`: the routers by id, to which a node with unbounded buffers hands its offers
  /// (they are always admitted).
  SfRouter* routers = nullptr;
  /// The run control the nodes' ports are bound to (at the end of elaboration).
  RunControlIf* run = nullptr;
  /// The host's injection port for open-loop runs (nullptr: closed-loop runs of the loaded
  /// packets). Each slot a node takes the packets created up to it, as many as its staging
  /// buffer admits under a queue capacity (all of them when unbounded), and routes them as
  /// loaded packets; it never reports finishing (the host stops the run). Between runs only.
  InjectionPort* injection = nullptr;
  /// Some router's link is traced or has faults (Link::watched): routers then read their
  /// watched-links masks. Set by a router's load and never cleared (a stale true costs reads
  /// only).
  bool any_watched = false;
  /// Scratch for one router's step at a time (SystemC runs one process at a time): packets
  /// being placed, packets taken from the host, and, with unbounded buffers, the staged
  /// packets (SfRouter::staging). They keep their capacity.
  std::vector<PacketIndex> settling;
  std::vector<Packet> injected;
  std::vector<Staged> staged;
  /// With `steps`: the packets (node, packet) that reached their destinations in the current
  /// walk, which the network delivers when the walk ends (deliver_reached), fetching the
  /// host's records of a few deliveries ahead. Delivered one by one as they arrived, at 2^16
  /// nodes each delivery waited for the scoreboard's line of its packet.
  std::vector<std::pair<NodeId, PacketIndex>> reached;

  /// Hands packet i to the host at `node` and frees its pool slot.
  void deliver(NodeId node, PacketIndex i);
  /// Delivers the `reached` packets, in the order they reached their nodes.
  void deliver_reached();
};

class alignas(64) SfRouter {
 public:
  /// Reads the node's buffers to prove that none of its packets can move (sf_deadlock.h).
  friend class SfDeadlockTest;

  /// Node `id` of the network whose routers share `shared`; `in_edges`: the edges of its
  /// in-links by input number (the order in which it arbitrates), as indices into the network's
  /// edges.
  SfRouter(SfRouterShared& shared, NodeId id, const std::uint32_t* in_edges)
      : shared_(&shared), id_(id), in_edges_(in_edges) {}

  /// Out-edge `label`'s link, or nullptr where the node has none (once the network has bound
  /// them).
  const Link* link(unsigned label) const {
    const Link& l = links()[label];
    return l.bound() ? &l : nullptr;
  }
  Link* link(unsigned label) {
    Link& l = links()[label];
    return l.bound() ? &l : nullptr;
  }
  /// The network's packets (a pins-view node reads and writes the packets its pins carry).
  PacketPool& packets() const { return pool(); }
  /// What out-edge `label`'s link carried in the network's count window (SfNetwork::count_slots).
  MediumCounters link_counters(unsigned label) const {
    return carried_counters(shared_->carried[edge(label)]);
  }
  /// The probe of out-edge `label` (which must have a link), which a trace or injected faults
  /// read: the link is watched from now on. Between runs, before the network is traced.
  LinkProbe& watch(unsigned label);
  /// Traces the population and the outgoing links (a lit link's received power:
  /// lit_power_mw) under `name`, the node's module's name: `name`.population,
  /// `name`.link_<label>.busy, ... Between runs, before the simulation starts.
  void trace(sc_core::sc_trace_file* tf, const std::string& name, double lit_power_mw);
  /// Between runs: clears every buffer and link, loads the node's packets and seeds its stream.
  void load(const std::vector<Packet>& packets, std::uint64_t run_seed);

  /// The node's work at the rising edge of `slot` in a run: the offers of the last slot that
  /// were admitted leave their queues, the arrivals (and loaded or injected packets) are
  /// placed by their tickets, and every non-empty queue offers its head. False when that
  /// leaves it with nothing to do until it admits a packet.
  bool step(std::uint64_t slot) {
    slot_step(slot);
    return needs_next_slot();
  }
  /// Software prefetch for the step at `slot` some nodes ahead, in three stages
  /// (SfStepList::step_listed), each reading what the one before fetched: the router's lines;
  /// the arrived packets and the links and queues that offered or hold packets; the far ends of
  /// the links that will offer, and the queue, link and far end where each arrival goes next.
  void fetch_for_step(int stage, std::uint64_t slot) const;
  /// Software prefetch for an admission of `offers` some nodes ahead: the router's lines; the
  /// in-link table; the offering links.
  void fetch_for_admit(std::uint64_t offers, int stage) const;
  /// Admits the `offers` (bit i: input i) of `slot`, once every node has offered: in input
  /// order, while buffers are free. True if it admitted one (a stepped router then lists
  /// itself for the next rising edge).
  bool admit(std::uint64_t offers, std::uint64_t slot);
  /// The admission itself, wherever the offers come from: `offered(input)` is the packet
  /// offered on in-link `input`, `grant(input, packet)` tells its source that it was admitted.
  /// Called by admit() (the links' records) and by a node of the pins view (its input pins).
  template <typename Offered, typename Grant>
  bool admit_offers(std::uint64_t offers, std::uint64_t slot, Offered offered, Grant grant) {
    // The update phase of this slot's rising edge (or the network's admission pass after every
    // step, or the pins view's falling edge): every node has placed its arrivals and made its
    // offers, so the buffer occupancy read here is the same whatever the order in which nodes
    // stepped or admit.
    Reservations reserved{};
    bool admitted = false;
    for (std::uint64_t requests = offers; requests != 0; requests &= requests - 1) {
      const unsigned input = static_cast<unsigned>(__builtin_ctzll(requests));
      const PacketIndex i = offered(input);
      // Unbounded buffers admit every offer: no occupancy to read, and the packet itself is
      // read only for a traced link's packet signal (it is placed at the next rising edge).
      if (shared_->capacity == 0 || reserve(pool()[i], reserved)) {
        grant(input, i);
        const std::uint32_t edge = in_edges_[input];
        count_carried(edge, shared_->links[edge].watched(), i, slot);
        arrivals(slot).push_back(i);
        admitted = true;
      }
    }
    return admitted;
  }
  /// Has something to do at the next rising edge of a run: packets, or (open loop) a host that
  /// may have created some.
  bool needs_next_slot() const { return shared_->injection != nullptr || has_work(); }

  /// Largest number of packets held at once in the last run (all of them / Phase A only /
  /// Phase B only).
  unsigned max_population() const { return max_population_; }
  unsigned max_population_a() const { return max_population_a_; }
  unsigned max_population_b() const { return max_population_b_; }
  /// Phase A packets still on their way (not those that finished Phase A and wait here).
  unsigned max_population_a_transit() const { return max_population_a_transit_; }
  /// Longest queue in the last run.
  unsigned max_queue() const { return max_queue_; }
  /// The packets held at the last rising edge (traced; the router never moves).
  const unsigned& population() const { return population_; }

 private:
  /// Packets accepted in a slot: a node has at most one per in-link; in `hypercube --n 16
  /// --protocol cubes --traffic random` nearly always one or two.
  using Arrivals = InlineList<PacketIndex, 2>;
  static_assert(sizeof(Arrivals) == 16, "a router's two lists fill half its first cache line");
  void slot_step(std::uint64_t slot);
  /// Unbounded buffers, stepped by the network: the far end admits every offer, so the node
  /// hands packet i, the head of queue `label`, to the far end's router as it offers it.
  bool hands_over() const { return shared_->capacity == 0 && shared_->steps != nullptr; }
  void hand_over(unsigned label, PacketIndex i, std::uint64_t slot);
  /// The links a step takes back from the last slot's offers (take_grant): every offering one,
  /// or, where the node hands its packets over (and so dropped them as it offered), those that
  /// a trace or a fault reads.
  std::uint64_t links_to_take() const {
    if (!hands_over()) return offering_;
    return shared_->any_watched ? offering_ & watched_ : 0;
  }
  /// Out-edge `label`'s link is traced or has faults (its router's mask is read only where
  /// some link of the network is).
  bool watched(unsigned label) const {
    return shared_->any_watched && (watched_ & (std::uint64_t{1} << label)) != 0;
  }
  /// Out-edge `label`'s take_grant(), which also starts a watched link's new slot.
  PacketIndex take_grant(unsigned label) {
    Link& link = links()[label];
    if (link.watched()) shared_->probe(id_, label).clear();
    return link.take_grant();
  }
  /// The list of packets accepted in `slot` (placed at the next rising edge) or, for slot - 1,
  /// those placed at this one: a source may hand a packet over before or after its far end
  /// has stepped in the same slot.
  Arrivals& arrivals(std::uint64_t slot) { return arrivals_[(slot + 1) & 1]; }
  const Arrivals& arrivals(std::uint64_t slot) const { return arrivals_[(slot + 1) & 1]; }
  /// Hints the memory system to fetch the router's lines after the first two.
  void prefetch_rest() const;
  /// Hints the memory system to fetch where an offer on out-edge `label` goes: the far end's
  /// router, or (from the link, which must be in the cache) its input port or request word.
  void prefetch_far_end(unsigned label) const;
  /// Places packet i (which just arrived, or was loaded) by its ticket: into a queue, the
  /// staging buffer, the Phase B hold, or the host (then its pool slot is freed).
  void settle(PacketIndex i, std::uint64_t slot, bool arrived_over_link);
  void start_subphase(SfPacket& p, std::uint64_t slot);
  /// Each non-empty queue offers its head in `slot`.
  void offer_heads(std::uint64_t slot);
  /// The queues name their heads by a key (section 8's precedence of the packets that moved
  /// last slot, then the discipline), not in arrival order.
  bool by_key() const {
    return shared_->discipline != Discipline::kFifo || shared_->scheme->moved_first();
  }
  /// The order of the node's queues: a packet's key is whether it moved (above all) and,
  /// furthest first, its hops left in its sub-phase.
  auto queue_order() const {
    return sf::queue_order(by_key(), [this](PacketIndex i) {
      const SfPacket& p = pool()[i];
      const unsigned moved = scheme().moved_first() && p.ticket.moved ? 1u << 16 : 0u;
      const bool furthest = shared_->discipline == Discipline::kFurthestFirst;
      return moved | (furthest ? scheme().remaining(p, id_) : 0u);
    });
  }
  /// Queue `label` takes packet i / drops packet i (which it holds); both keep the population
  /// counts.
  void enqueue(unsigned label, PacketIndex i);
  void dequeue(unsigned label, PacketIndex i);
  /// Link `edge` (an index into the network's links) carries packet i in `slot`: its counter
  /// counts it in the count window, and where the link is `watched` its probe shows i.
  void count_carried(std::size_t edge, bool watched, PacketIndex i, std::uint64_t slot) const;
  /// Between runs: frees the pool slots of the packets the node holds.
  void release_packets();
  /// Open-loop runs: takes and places the packets the host created up to `slot`.
  void take_injected(std::uint64_t slot);
  bool has_work() const;
  /// The node's staging buffer. Unbounded buffers empty it in the step that fills it, so they
  /// share the network's scratch list, which stays in cache: a list of the router's own is a
  /// heap block that a step would wait for.
  std::vector<Staged>& staging() { return shared_->capacity == 0 ? shared_->staged : staging_; }
  bool room(std::size_t held, unsigned reserved) const {
    return shared_->capacity == 0 || held + reserved < shared_->capacity;
  }
  /// The slot from which a packet held before its sub-phase p.ticket.subphase may start it.
  std::uint64_t release_slot(const SfPacket& p) const;
  /// Reservations per out-edge, and (last) for the staging buffer: at most kMaxInputs each.
  using Reservations = std::array<std::uint8_t, LinkSink::kMaxInputs + 1>;
  /// Bounded buffers: reserves room for `offered` once it has crossed (in the queue of its
  /// next edge, or in staging); false if there is none. A packet for the host needs none.
  bool reserve(const SfPacket& offered, Reservations& reserved) const;
  /// The out-edge a packet offered to this node takes next once it has crossed the link
  /// (kNoEdge: its sub-phase ends here).
  int edge_after_crossing(const SfPacket& crossing) const;

  PacketPool& pool() const { return *shared_->pool; }
  const Scheme& scheme() const { return *shared_->scheme; }
  /// Out-edge `label`'s index in the network's links and counters.
  std::size_t edge(unsigned label) const { return std::size_t{id_} * shared_->degree + label; }
  /// The node's out-links, by label.
  Link* links() const { return shared_->links + edge(0); }
  /// The link of in-link `input`.
  const Link& in_link(unsigned input) const { return shared_->links[in_edges_[input]]; }
  /// Out-edge `label`'s far end (the graph's neighbour: a handing-over source reads no link).
  NodeId far_node(unsigned label) const { return shared_->graph->neighbor(id_, label); }
  /// A link carrying a packet in `slot` counts it.
  bool counted(std::uint64_t slot) const { return shared_->count_window.contains(slot); }

  // The first cache line: read by a source that hands a packet over, and by every step.
  /// Accepted packets by the parity of the slot that places them (arrivals()).
  std::array<Arrivals, 2> arrivals_;
  NodeQueues queues_;
  // The second line: the rest of what every step and every admission reads.
  SfRouterShared* shared_;
  std::uint64_t offering_ = 0;  ///< bit l: queue l offered its head on link l this slot
  std::uint64_t nonempty_ = 0;  ///< bit l: queue l holds a packet (offer_heads reads no other)
  NodeId id_;
  unsigned queued_ = 0;    ///< packets in all queues
  unsigned queued_a_ = 0;  ///< of them, in Phase A (sub-phase before the scheme's randomizing)
  /// Packets staged (staging()), held or loaded: a step reads those lists only if there are some.
  unsigned buffered_ = 0;
  unsigned population_ = 0;
  unsigned max_population_ = 0;
  unsigned max_population_a_ = 0;
  unsigned max_population_b_ = 0;
  unsigned max_population_a_transit_ = 0;
  unsigned max_queue_ = 0;
  // Read where a sub-phase ends or starts, where packets are staged, held or loaded, by a
  // bounded admission, and where a trace or a fault reads a link.
  std::uint64_t watched_ = 0;  ///< bit l: link l is traced or has faults (Link::watched)
  const std::uint32_t* in_edges_;
  Rng rng_;
  std::vector<Staged> staging_;      ///< with bounded buffers (staging())
  std::vector<PacketIndex> held_;    ///< finished a sub-phase, waiting for release_slot
  std::vector<PacketIndex> loaded_;  ///< the node's own packets, placed at slot 0
};

}  // namespace optinet::sf
