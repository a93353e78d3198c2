#include "models/networks/store_forward_node.h"

#include <algorithm>
#include <array>
#include <string>

namespace optinet::sf {

SfNode::SfNode(const sc_core::sc_module_name& name, const SfNodeConfig& config)
    : sc_core::sc_module(name),
      config_(config),
      links_(config.links),
      pool_(config.pool),
      queues_(config.queues),
      degree_(config.graph->degree()) {
  if (config.steps != nullptr) return;  // stepped by the network's process
  inbox_ = std::make_unique<Inbox>("inbox", *this);
  wake_ = std::make_unique<sc_core::sc_event>();
  SC_METHOD(activate);
  dont_initialize();
  sensitive << *wake_;
}

SfNode::~SfNode() = default;

void SfNode::end_of_elaboration() {
  run_ = control.operator->();
  clock_ = clk.operator->();
}

void SfNode::release_packets() {
  // An offer the far end admitted is its packet now (in its arrivals): drop it unfreed.
  for (unsigned label = 0; label < degree_; ++label) {
    const PacketIndex sent = links_[label].take_grant();
    if (sent != kNoPacket) dequeue(label, sent);
  }
  for (unsigned label = 0; label < degree_; ++label) {
    for (const Queued& e : queues_[label]) pool_->remove(e.packet);
  }
  for (const Staged& s : staging_) pool_->remove(s.packet);
  for (const auto* v : {&held_, &arrivals_, &loaded_}) {
    for (PacketIndex i : *v) pool_->remove(i);
  }
}

void SfNode::load(const std::vector<Packet>& packets, std::uint64_t run_seed) {
  release_packets();
  for (unsigned label = 0; label < degree_; ++label) {
    queues_[label].clear();
    links_[label].reset();
  }
  queued_ = queued_a_ = 0;
  offering_ = nonempty_ = 0;
  staging_.clear();
  held_.clear();
  arrivals_.clear();
  take_requests();
  loaded_.clear();
  for (const Packet& p : packets)
    loaded_.push_back(pool_->add(SfPacket{p, Ticket{}, PacketClock{}}));
  rng_ = Rng::node_stream(run_seed, config_.id);
  running_ = false;
  population_ = max_population_ = max_population_a_ = max_population_b_ = max_queue_ = 0;
  max_population_a_transit_ = 0;
  if (config_.steps != nullptr) {
    config_.steps->running = false;  // the network lists every node when the run starts
    return;
  }
  // The first activation (at elaboration's end or right after the previous run) re-arms the
  // method on the run's start.
  wake_->notify(sc_core::SC_ZERO_TIME);
}

bool SfNode::has_work() const {
  return queued_ != 0 || !loaded_.empty() || !arrivals_.empty() || !staging_.empty() ||
         !held_.empty();
}

void SfNode::activate() {
  // Woken by the start of a run, by the inbox (a packet was admitted), or by the clock.
  if (run_->start_event().triggered()) running_ = true;
  if (running_ && clock_->posedge()) {
    if (run_->abort_requested()) {
      running_ = false;  // a run stopped at the slot limit: go idle, load() clears the rest
    } else {
      slot_step(run_->current_slot());
    }
  }
  clocked_ = running_ && needs_next_slot();
  if (clocked_) {
    next_trigger(clock_->posedge_event());
  } else if (running_) {
    // Idle in a run: only this node's own wake_ (the static sensitivity). Waiting on the run's
    // start event too would put all N nodes on one shared event, whose waiter list every wake
    // searches linearly (hop cost tripled from N = 2^12 to 2^16, issue 18).
    next_trigger();
  } else {
    next_trigger(run_->start_event());  // loaded, waiting for the run: once per node per run
  }
}

void SfNode::slot_step(std::uint64_t slot) {
  // 1. Offers of the last slot that the far ends admitted leave their queues.
  // The links, then the packets they offered, are fetched together first: their misses overlap
  // instead of queueing.
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    links_[__builtin_ctzll(m)].prefetch();
    queues_[__builtin_ctzll(m)].prefetch();
  }
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    const PacketIndex sent = links_[label].take_grant();
    if (sent != kNoPacket) dequeue(label, sent);
  }
  for (PacketIndex i : arrivals_) pool_->prefetch(i);
  offering_ = 0;
  // 2. The node's own packets (slot 0), then the packets that arrived over the links, then
  // (open loop) the packets its host created.
  for (PacketIndex i : loaded_) {
    (*pool_)[i].ticket.subphase = 0;
    start_subphase((*pool_)[i], slot);
    settle(i, slot, false);
  }
  loaded_.clear();
  settling_.swap(arrivals_);
  for (PacketIndex i : settling_) {
    SfPacket& p = (*pool_)[i];
    ++p.ticket.next;
    p.ticket.moved = true;
    ++p.clock.hops;
    settle(i, slot, true);
  }
  settling_.clear();
  if (injection_ != nullptr) take_injected(slot);
  // 3. The held packets whose next sub-phase may start now start it (in random order, as the
  // paper's experiments randomized the queues before Phase B).
  if (!held_.empty()) {
    std::size_t waiting = 0;
    for (PacketIndex i : held_) {
      if (release_slot((*pool_)[i]) <= slot) {
        settling_.push_back(i);
      } else {
        held_[waiting++] = i;
      }
    }
    held_.resize(waiting);
    rng_.shuffle(settling_);
    for (PacketIndex i : settling_) {
      start_subphase((*pool_)[i], slot);
      settle(i, slot, false);
    }
    settling_.clear();
  }
  // 4. Staged packets enter their queues where there is room, in order.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < staging_.size(); ++i) {
    EdgeQueue& q = queues_[staging_[i].edge];
    if (room(q.size(), 0)) {
      enqueue(staging_[i].edge, staging_[i].packet);
    } else {
      staging_[kept++] = staging_[i];
    }
  }
  staging_.resize(kept);
  // 5. The node's population at this integral instant (section 7 (c)). A packet held before
  // the first correcting sub-phase counts as Phase A (it finished Phase A here). The queues'
  // counts (and max_queue_) are kept by enqueue and dequeue: queues only grow between step 1
  // and here, so their largest size at this instant is their largest after a push.
  const unsigned total = static_cast<unsigned>(staging_.size() + held_.size()) + queued_;
  const unsigned randomizing = config_.scheme->randomizing();
  unsigned held_a = 0;
  for (PacketIndex i : held_) held_a += (*pool_)[i].ticket.subphase <= randomizing ? 1 : 0;
  unsigned in_phase_a = held_a + queued_a_;
  for (const auto& s : staging_) {
    in_phase_a += (*pool_)[s.packet].ticket.subphase < randomizing ? 1 : 0;
  }
  population_ = total;
  max_population_ = std::max(max_population_, total);
  max_population_a_ = std::max(max_population_a_, in_phase_a);
  max_population_b_ = std::max(max_population_b_, total - in_phase_a);
  max_population_a_transit_ = std::max(max_population_a_transit_, in_phase_a - held_a);
  // 6. Each non-empty queue offers its head.
  offer_heads();
}

void SfNode::take_injected(std::uint64_t slot) {
  // Arrivals are placed first: they were admitted against the staging buffer last slot. The
  // host is asked even when nothing fits, so that it keeps its injection queue up to date.
  std::size_t max = static_cast<std::size_t>(-1);
  if (config_.capacity != 0) {
    const std::size_t held = staging_.size() + held_.size();
    max = held < config_.capacity ? config_.capacity - held : 0;
  }
  injected_.clear();
  injection_->take_created(config_.id, slot, max, injected_);
  for (const Packet& q : injected_) {
    const PacketIndex i = pool_->add(SfPacket{q, Ticket{}, PacketClock{}});
    SfPacket& p = (*pool_)[i];
    p.clock.start = static_cast<std::uint32_t>(slot);
    start_subphase(p, slot);
    settle(i, slot, false);
  }
}

void SfNode::start_subphase(SfPacket& p, std::uint64_t slot) {
  p.ticket.moved = false;
  p.clock.subphase_start = static_cast<std::uint32_t>(slot);
  if (p.ticket.subphase == config_.scheme->randomizing()) {
    p.clock.phase_b_start = static_cast<std::uint32_t>(slot);
  }
  config_.scheme->prepare(p, config_.id, rng_);
}

void SfNode::settle(PacketIndex i, std::uint64_t slot, bool arrived_over_link) {
  const Scheme& scheme = *config_.scheme;
  SfPacket& p = (*pool_)[i];  // nothing below adds to the pool
  bool same_subphase = arrived_over_link;
  while (true) {
    const int edge = scheme.next_edge(p, config_.id);
    if (edge != kNoEdge) {
      // A packet continuing its sub-phase over a link had its queue place reserved when it
      // was admitted; a packet starting a sub-phase here waits in staging for room.
      if (same_subphase) {
        enqueue(static_cast<unsigned>(edge), i);
      } else {
        staging_.push_back(Staged{i, static_cast<unsigned>(edge)});
      }
      return;
    }
    if (config_.observer != nullptr) config_.observer->on_subphase_end(config_.id, p, slot);
    if (p.ticket.subphase + 1u == scheme.subphases()) {
      run_->deliver(config_.id, p.packet);
      pool_->remove(i);
      // A closed-loop run ends with its last delivery; an open-loop one when its host says so.
      if (injection_ == nullptr) run_->node_finished();
      return;
    }
    ++p.ticket.subphase;
    same_subphase = false;
    if (slot < release_slot(p)) {
      held_.push_back(i);
      return;
    }
    start_subphase(p, slot);
  }
}

std::uint64_t SfNode::release_slot(const SfPacket& p) const {
  std::uint64_t release =
      p.ticket.subphase == config_.scheme->randomizing() ? config_.phase_b_start : 0;
  if (config_.phase_window != 0) {
    release = std::max<std::uint64_t>(release, p.ticket.subphase * config_.phase_window);
  }
  return release;
}

void SfNode::offer_heads() {
  const Scheme& scheme = *config_.scheme;
  const NodeId here = config_.id;
  const std::uint64_t slot = run_->current_slot();
  // Every non-empty queue offers; its link and then the far end's request word are fetched
  // for all of them first, so that the misses overlap.
  offering_ = nonempty_;
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) links_[__builtin_ctzll(m)].prefetch();
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    links_[__builtin_ctzll(m)].prefetch_far_end();
  }
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    const EdgeQueue& q = queues_[label];
    const std::size_t head = head_of(q, *pool_, config_.discipline, scheme.moved_first(),
                                     [&](const SfPacket& p) { return scheme.remaining(p, here); });
    const PacketIndex i = q[head].packet;
    if (!links_[label].refused_by_fault((*pool_)[i], slot)) links_[label].offer(i);
  }
}

void SfNode::enqueue(unsigned edge, PacketIndex i) {
  EdgeQueue& q = queues_[edge];
  const bool phase_a = (*pool_)[i].ticket.subphase < config_.scheme->randomizing();
  q.push_back(Queued{i, phase_a});
  nonempty_ |= std::uint64_t{1} << edge;
  ++queued_;
  queued_a_ += phase_a ? 1 : 0;
  max_queue_ = std::max(max_queue_, static_cast<unsigned>(q.size()));
}

void SfNode::dequeue(unsigned edge, PacketIndex i) {
  // By its entry only: the far end may already have rewritten an admitted packet's ticket.
  EdgeQueue& q = queues_[edge];
  const auto at = std::find_if(q.begin(), q.end(), [i](const Queued& e) { return e.packet == i; });
  --queued_;
  queued_a_ -= at->phase_a ? 1 : 0;
  q.erase(static_cast<std::size_t>(at - q.begin()));
  if (q.empty()) nonempty_ &= ~(std::uint64_t{1} << edge);
}

bool SfNode::reserve(const SfPacket& offered, Reservations& reserved) const {
  const Scheme& scheme = *config_.scheme;
  const unsigned staging_slot = degree_;
  SfPacket p = offered;  // as it will be once it has crossed the link
  ++p.ticket.next;
  p.ticket.moved = true;
  const int edge = scheme.next_edge(p, config_.id);
  if (edge != kNoEdge) {
    if (!room(queues_[edge].size(), reserved[edge])) return false;
    ++reserved[edge];
    return true;
  }
  if (p.ticket.subphase + 1u == scheme.subphases()) return true;  // to the host on arrival
  if (!room(staging_.size() + held_.size(), reserved[staging_slot])) return false;
  ++reserved[staging_slot];
  return true;
}

void SfNode::admit_requests() {
  // The update phase of this slot's rising edge (or the network's admission pass after every
  // step): every node has placed its arrivals and made its offers, so the buffer occupancy
  // read here is the same whatever the order in which nodes stepped or admit.
  Reservations reserved{};
  const std::uint64_t slot = run_->current_slot();
  bool admitted = false;
  const std::uint64_t offers = take_requests();
  // The offering links (and, where buffers are bounded, their packets) are fetched for all
  // inputs first, so that the misses overlap.
  for (std::uint64_t m = offers; m != 0; m &= m - 1)
    config_.in_links[__builtin_ctzll(m)]->prefetch();
  if (config_.capacity != 0) {
    for (std::uint64_t m = offers; m != 0; m &= m - 1) {
      pool_->prefetch(config_.in_links[__builtin_ctzll(m)]->offered());
    }
  }
  for (std::uint64_t requests = offers; requests != 0; requests &= requests - 1) {
    Link* link = config_.in_links[__builtin_ctzll(requests)];
    const PacketIndex i = link->offered();
    // Unbounded buffers admit every offer: no occupancy to read, and the packet itself is read
    // only for a traced link's packet signal (it is placed at the next rising edge).
    const bool ok = config_.capacity == 0 || reserve((*pool_)[i], reserved);
    if (ok) {
      link->grant(slot, link->traced() ? (*pool_)[i].packet.id : 0);
      arrivals_.push_back(link->offered());
      admitted = true;
    }
  }
  if (!admitted) return;
  if (config_.steps != nullptr) {
    config_.steps->list(config_.id);
  } else if (!clocked_) {
    // A node already waiting on the clock would ignore wake_ (its static sensitivity is off
    // while it waits on the edge): notify only an idle one, which saves a delta cycle per slot.
    wake_->notify(sc_core::SC_ZERO_TIME);
  }
}

void SfNode::trace(sc_core::sc_trace_file* tf) {
  sc_core::sc_trace(tf, population_, std::string(name()) + ".population", 32);
  for (unsigned label = 0; label < degree_; ++label) {
    if (links_[label].bound()) {
      links_[label].trace(tf, std::string(name()) + ".link_" + config_.graph->label_name(label));
    }
  }
}

}  // namespace optinet::sf
