#include "models/sf/sf_router.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>

namespace optinet::sf {

void SfRouterShared::deliver(NodeId node, PacketIndex i) {
  run->deliver(node, (*pool)[i].packet);
  pool->remove(i);
  // A closed-loop run ends with its last delivery; an open-loop one when its host says so.
  if (injection == nullptr) run->node_finished();
}

void SfRouterShared::deliver_reached() {
  // Two stages, kAhead deliveries apart: the host's packet (the pool line the walk read and
  // may have left), then what the host's delivery reads of it.
  constexpr std::size_t kAhead = 8;
  for (std::size_t k = 0; k < reached.size(); ++k) {
    if (k + 2 * kAhead < reached.size()) pool->prefetch_rest(reached[k + 2 * kAhead].second);
    if (k + kAhead < reached.size()) {
      run->prefetch_delivery((*pool)[reached[k + kAhead].second].packet);
    }
    deliver(reached[k].first, reached[k].second);
  }
  reached.clear();
}

void SfRouter::release_packets() {
  // An offer the far end admitted is its packet now (in its arrivals): drop it unfreed.
  for (unsigned label = 0; label < shared_->degree; ++label) {
    const PacketIndex sent = take_grant(label);
    if (sent != kNoPacket) dequeue(label, sent);
  }
  queues_.for_each([this](unsigned, Queued e) { pool().remove(e.packet()); });
  for (const Staged& s : staging_) pool().remove(s.packet);
  for (const auto* v : {&held_, &loaded_}) {
    for (PacketIndex i : *v) pool().remove(i);
  }
  for (const Arrivals& a : arrivals_) {
    for (PacketIndex i : a) pool().remove(i);
  }
}

void SfRouter::load(const std::vector<Packet>& packets, std::uint64_t run_seed) {
  release_packets();
  watched_ = 0;
  queues_.clear();
  for (unsigned label = 0; label < shared_->degree; ++label) {
    shared_->carried[edge(label)] = 0;
    Link& link = links()[label];
    link.reset();
    if (!link.watched()) continue;
    watched_ |= std::uint64_t{1} << label;
    shared_->probe(id_, label).clear();
  }
  if (watched_ != 0) shared_->any_watched = true;
  queued_ = queued_a_ = 0;
  offering_ = nonempty_ = 0;
  staging_.clear();
  shared_->staged.clear();
  held_.clear();
  for (auto& a : arrivals_) a.clear();
  // A node process clears its own port.
  if (shared_->steps != nullptr) shared_->steps->take_requests(id_);
  loaded_.clear();
  for (const Packet& p : packets)
    loaded_.push_back(pool().add(SfPacket{PacketClock{}, Ticket{}, p}));
  buffered_ = static_cast<unsigned>(loaded_.size());
  rng_ = Rng::node_stream(run_seed, id_);
  population_ = max_population_ = max_population_a_ = max_population_b_ = max_queue_ = 0;
  max_population_a_transit_ = 0;
  // The network lists every node at the start.
  if (shared_->steps != nullptr) shared_->steps->running = false;
}

bool SfRouter::has_work() const {
  // offering_: a source that handed a packet over has already dropped it (hand_over), and its
  // population falls at the next rising edge.
  return queued_ != 0 || offering_ != 0 || buffered_ != 0 || !arrivals_[0].empty() ||
         !arrivals_[1].empty();
}

void SfRouter::slot_step(std::uint64_t slot) {
  static_assert(offsetof(SfRouter, max_queue_) + sizeof(max_queue_) <= 128 &&
                    offsetof(SfRouter, queues_) + sizeof(queues_) <= 64 &&
                    offsetof(SfRouter, watched_) == 128,
                "a step reads the router's first two cache lines (the layout in sf_router.h)");
  assert(shared_->capacity != 0 || shared_->staged.empty());  // emptied by every step (step 4)
  // 1. Offers of the last slot that the far ends admitted leave their queues. (The network
  // fetched the links, queues and arrived packets some nodes ahead: fetch_for_step.)
  for (std::uint64_t m = links_to_take(); m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    const PacketIndex sent = take_grant(label);
    if (sent != kNoPacket) dequeue(label, sent);
  }
  offering_ = 0;
  // 2. The node's own packets (slot 0), then the packets that arrived over the links, then
  // (open loop) the packets its host created.
  if (buffered_ != 0 && !loaded_.empty()) {
    for (PacketIndex i : loaded_) {
      pool()[i].ticket.subphase = 0;
      start_subphase(pool()[i], slot);
      settle(i, slot, false);
    }
    buffered_ -= static_cast<unsigned>(loaded_.size());
    loaded_.clear();
  }
  Arrivals& arrived = arrivals(slot - 1);
  for (PacketIndex i : arrived) {
    SfPacket& p = pool()[i];
    ++p.ticket.next;
    p.ticket.moved = true;
    ++p.clock.hops;
    settle(i, slot, true);
  }
  arrived.clear();
  if (shared_->injection != nullptr) take_injected(slot);
  // 3. The held packets whose next sub-phase may start now start it (in random order, as the
  // paper's experiments randomized the queues before Phase B).
  if (buffered_ != 0 && !held_.empty()) {
    std::vector<PacketIndex>& settling = shared_->settling;
    std::size_t waiting = 0;
    for (PacketIndex i : held_) {
      if (release_slot(pool()[i]) <= slot) {
        settling.push_back(i);
      } else {
        held_[waiting++] = i;
      }
    }
    buffered_ -= static_cast<unsigned>(held_.size() - waiting);
    held_.resize(waiting);
    rng_.shuffle(settling);
    for (PacketIndex i : settling) {
      start_subphase(pool()[i], slot);
      settle(i, slot, false);
    }
    settling.clear();
  }
  // 4. Staged packets enter their queues where there is room, in order.
  std::vector<Staged>& staged = staging();
  if (buffered_ != 0 && !staged.empty()) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < staged.size(); ++i) {
      if (room(queues_.size(staged[i].edge), 0)) {
        enqueue(staged[i].edge, staged[i].packet);
      } else {
        staged[kept++] = staged[i];
      }
    }
    buffered_ -= static_cast<unsigned>(staged.size() - kept);
    staged.resize(kept);
  }
  // 5. The node's population at this integral instant (section 7 (c)). A packet held before
  // the first correcting sub-phase counts as Phase A (it finished Phase A here). The queues'
  // counts (and max_queue_) are kept by enqueue and dequeue: queues only grow between step 1
  // and here, so their largest size at this instant is their largest after a push.
  // (loaded_ is empty by now, so buffered_ counts the staged and held packets.)
  const unsigned total = buffered_ + queued_;
  unsigned held_a = 0;
  unsigned in_phase_a = queued_a_;
  if (buffered_ != 0) {
    const unsigned randomizing = scheme().randomizing();
    for (PacketIndex i : held_) held_a += pool()[i].ticket.subphase <= randomizing ? 1 : 0;
    in_phase_a += held_a;
    for (const auto& s : staged)
      in_phase_a += pool()[s.packet].ticket.subphase < randomizing ? 1 : 0;
  }
  population_ = total;
  max_population_ = std::max(max_population_, total);
  max_population_a_ = std::max(max_population_a_, in_phase_a);
  max_population_b_ = std::max(max_population_b_, total - in_phase_a);
  max_population_a_transit_ = std::max(max_population_a_transit_, in_phase_a - held_a);
  // 6. Each non-empty queue offers its head.
  offer_heads(slot);
}

void SfRouter::take_injected(std::uint64_t slot) {
  // Arrivals are placed first: they were admitted against the staging buffer last slot. The
  // host is asked even when nothing fits, so that it keeps its injection queue up to date.
  std::size_t max = static_cast<std::size_t>(-1);
  if (shared_->capacity != 0) {
    const std::size_t held = staging_.size() + held_.size();
    max = held < shared_->capacity ? shared_->capacity - held : 0;
  }
  shared_->injected.clear();
  shared_->injection->take_created(id_, slot, max, shared_->injected);
  for (const Packet& q : shared_->injected) {
    const PacketIndex i = pool().add(SfPacket{PacketClock{}, Ticket{}, q});
    SfPacket& p = pool()[i];
    p.clock.start = static_cast<std::uint32_t>(slot);
    start_subphase(p, slot);
    settle(i, slot, false);
  }
}

void SfRouter::start_subphase(SfPacket& p, std::uint64_t slot) {
  p.ticket.moved = false;
  p.clock.subphase_start = static_cast<std::uint32_t>(slot);
  if (p.ticket.subphase == scheme().randomizing()) {
    p.clock.phase_b_start = static_cast<std::uint32_t>(slot);
  }
  scheme().prepare(p, id_, rng_);
}

void SfRouter::settle(PacketIndex i, std::uint64_t slot, bool arrived_over_link) {
  const Scheme& scheme = this->scheme();
  SfPacket& p = pool()[i];  // nothing below adds to the pool
  bool same_subphase = arrived_over_link;
  while (true) {
    const int edge = scheme.next_edge(p.ticket, id_);
    if (edge != kNoEdge) {
      // A packet continuing its sub-phase over a link had its queue place reserved when it
      // was admitted; a packet starting a sub-phase here waits in staging for room.
      if (same_subphase) {
        enqueue(static_cast<unsigned>(edge), i);
      } else {
        staging().push_back(Staged{i, static_cast<unsigned>(edge)});
        ++buffered_;
      }
      return;
    }
    if (shared_->observer != nullptr) shared_->observer->on_subphase_end(id_, p, slot);
    if (p.ticket.subphase + 1u == scheme.subphases()) {
      if (shared_->steps != nullptr) {
        shared_->reached.emplace_back(id_, i);  // delivered in the same slot (deliver_reached)
      } else {
        shared_->deliver(id_, i);
      }
      return;
    }
    ++p.ticket.subphase;
    same_subphase = false;
    if (slot < release_slot(p)) {
      held_.push_back(i);
      ++buffered_;
      return;
    }
    start_subphase(p, slot);
  }
}

std::uint64_t SfRouter::release_slot(const SfPacket& p) const {
  std::uint64_t release = p.ticket.subphase == scheme().randomizing() ? shared_->phase_b_start : 0;
  if (shared_->phase_window != 0) {
    release = std::max<std::uint64_t>(release, p.ticket.subphase * shared_->phase_window);
  }
  return release;
}

void SfRouter::offer_heads(std::uint64_t slot) {
  const auto order = queue_order();
  // Every non-empty queue offers. Where the far end admits the offer, the network fetched the
  // far ends some nodes ahead (fetch_for_step); else they are fetched for all of them first, so
  // that the misses overlap.
  offering_ = nonempty_;
  for (std::uint64_t m = hands_over() ? 0 : offering_; m != 0; m &= m - 1) {
    prefetch_far_end(static_cast<unsigned>(__builtin_ctzll(m)));
  }
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    const PacketIndex i = queues_.head(label, order);
    if (watched(label) && shared_->probe(id_, label).refused_by_fault(pool()[i], slot)) continue;
    if (hands_over()) {
      hand_over(label, i, slot);
      continue;
    }
    Link& link = links()[label];
    // The request goes to the network's array or a node process's input port; in the pins
    // view the node's module drives the offer onto its pins (SfPinNode).
    link.offer(i);
    if (shared_->steps != nullptr) {
      shared_->steps->request(link.far_node(), link.input());
    } else if (shared_->sinks != nullptr) {
      shared_->sinks[link.far_node()]->request(link.input());
    }
  }
}

void SfRouter::hand_over(unsigned label, PacketIndex i, std::uint64_t slot) {
  // Unbounded buffers admit every offer, in input order (admit). The network's walk steps the
  // sources in id order and a source offers in label order, which is the far end's input order
  // (SfNetwork numbers in-links by source, then label): so the source does the far end's
  // admission, and the network needs no admission pass. The packet leaves its queue now rather
  // than at the next rising edge (take_grant): nothing reads the queue in between, and the
  // node steps at that edge (has_work), where its population falls as it would.
  count_carried(edge(label), watched(label), i, slot);
  dequeue(label, i);
  const NodeId far = far_node(label);
  shared_->routers[far].arrivals(slot).push_back(i);
  shared_->steps->list_next(far);
}

void SfRouter::count_carried(std::size_t edge, bool watched, PacketIndex i,
                             std::uint64_t slot) const {
  if (counted(slot)) ++shared_->carried[edge];
  if (watched) {
    LinkProbe& probe = shared_->probe(edge);
    probe.carry(probe.traced() ? pool()[i].packet.id : 0);  // the id only where it is traced
  }
}

void SfRouter::prefetch_far_end(unsigned label) const {
  if (hands_over()) {
    prefetch(&shared_->routers[far_node(label)]);
    return;
  }
  const NodeId far = links()[label].far_node();
  if (shared_->sinks != nullptr) {
    shared_->sinks[far]->prefetch();
  } else if (shared_->steps != nullptr) {
    shared_->steps->prefetch_requests(far);
  }
}

void SfRouter::enqueue(unsigned label, PacketIndex i) {
  const bool phase_a = pool()[i].ticket.subphase < scheme().randomizing();
  queues_.push(label, Queued{i, phase_a}, queue_order());
  nonempty_ |= std::uint64_t{1} << label;
  ++queued_;
  queued_a_ += phase_a ? 1 : 0;
  // A queue is no longer than all of them: most pushes need not count the queue's entries.
  if (queued_ > max_queue_) {
    max_queue_ = std::max(max_queue_, static_cast<unsigned>(queues_.size(label)));
  }
}

void SfRouter::dequeue(unsigned label, PacketIndex i) {
  // By its entry only: the far end may already have rewritten an admitted packet's ticket.
  bool emptied = false;
  const Queued e = queues_.remove(label, i, emptied);
  --queued_;
  queued_a_ -= e.phase_a() ? 1 : 0;
  if (emptied) nonempty_ &= ~(std::uint64_t{1} << label);
}

bool SfRouter::reserve(const SfPacket& offered, Reservations& reserved) const {
  const Scheme& scheme = this->scheme();
  const unsigned staging_slot = shared_->degree;
  const int edge = edge_after_crossing(offered);
  if (edge != kNoEdge) {
    if (!room(queues_.size(static_cast<unsigned>(edge)), reserved[edge])) return false;
    ++reserved[edge];
    return true;
  }
  if (offered.ticket.subphase + 1u == scheme.subphases()) return true;  // to the host on arrival
  if (!room(staging_.size() + held_.size(), reserved[staging_slot])) return false;
  ++reserved[staging_slot];
  return true;
}

int SfRouter::edge_after_crossing(const SfPacket& crossing) const {
  // One step more than now, as slot_step will count it (its `moved`, which it also sets, is
  // not read by any scheme's route).
  return scheme().edge_at_step(crossing.ticket, crossing.ticket.next + 1u, id_);
}

void SfRouter::fetch_for_step(int stage, std::uint64_t slot) const {
  const Arrivals& arrived = arrivals(slot - 1);
  if (stage == 0) {
    prefetch(this);  // the two lines a step reads
    prefetch(reinterpret_cast<const char*>(this) + 64);
  } else if (stage == 1) {
    for (PacketIndex i : arrived) pool().prefetch(i);
    if (buffered_ != 0) prefetch_rest();
    // The links a step reads (none where the node hands its packets over, unless watched),
    // and, in the count window, the counters of those that will carry.
    for (std::uint64_t m = links_to_take() | (hands_over() ? 0 : nonempty_); m != 0; m &= m - 1)
      prefetch(&links()[__builtin_ctzll(m)]);
    if (nonempty_ != 0 && counted(slot))
      prefetch(&shared_->carried[edge(__builtin_ctzll(nonempty_))]);
  } else {
    for (std::uint64_t m = nonempty_; m != 0; m &= m - 1)
      prefetch_far_end(static_cast<unsigned>(__builtin_ctzll(m)));
    // Where the arrived packets go next: if the queue they join is empty, so that it will
    // offer this slot, the link's far end.
    // (A packet whose sub-phase ends here is staged, held or delivered, and the next one starts
    // with the node's random stream: both read the packet's second line.)
    bool subphase_ends = false;
    for (PacketIndex i : arrived) {
      const int edge = edge_after_crossing(pool()[i]);
      if (edge == kNoEdge) {
        subphase_ends = true;
        pool().prefetch_rest(i);
        continue;
      }
      if ((nonempty_ & (std::uint64_t{1} << edge)) != 0) continue;
      if (hands_over()) prefetch(&shared_->routers[far_node(static_cast<unsigned>(edge))]);
    }
    if (subphase_ends && buffered_ == 0) prefetch_rest();
  }
}

LinkProbe& SfRouter::watch(unsigned label) {
  assert(link(label) != nullptr);
  auto& probes = shared_->probes;
  if (probes.empty()) probes.resize(shared_->graph->nodes());
  if (probes[id_] == nullptr) probes[id_] = std::make_unique<LinkProbe[]>(shared_->degree);
  links()[label].set_watched();
  watched_ |= std::uint64_t{1} << label;
  shared_->any_watched = true;
  return probes[id_][label];
}

void SfRouter::trace(sc_core::sc_trace_file* tf, const std::string& name, double lit_power_mw) {
  sc_core::sc_trace(tf, population_, name + ".population", 32);
  for (unsigned label = 0; label < shared_->degree; ++label) {
    if (link(label) != nullptr) {
      watch(label).trace(tf, name + ".link_" + shared_->graph->label_name(label), lit_power_mw);
    }
  }
}

void SfRouter::prefetch_rest() const {
  const char* end = reinterpret_cast<const char*>(this + 1);
  for (const char* line = reinterpret_cast<const char*>(&watched_); line < end; line += 64) {
    prefetch(line);
  }
}

void SfRouter::fetch_for_admit(std::uint64_t offers, int stage) const {
  if (stage == 0) {
    // The router's first three lines: its arrivals and queues, counts and in-link table (with
    // bounded buffers an admission reads the occupancy of its queues and staging).
    prefetch(this);
    prefetch(reinterpret_cast<const char*>(this) + 64);
    prefetch(&in_edges_);
  } else if (stage == 1) {
    prefetch(in_edges_);
    prefetch(in_edges_ + shared_->degree - 1);
  } else {
    for (std::uint64_t m = offers; m != 0; m &= m - 1) prefetch(&in_link(__builtin_ctzll(m)));
  }
}

bool SfRouter::admit(std::uint64_t offers, std::uint64_t slot) {
  // Where buffers are bounded, the offered packets are fetched for all inputs first, so that
  // the misses overlap. (The network fetched the offering links some nodes ahead:
  // fetch_for_admit.)
  if (shared_->capacity != 0) {
    for (std::uint64_t m = offers; m != 0; m &= m - 1) {
      pool().prefetch(in_link(__builtin_ctzll(m)).offered());
    }
  }
  const bool admitted = admit_offers(
      offers, slot, [this](unsigned input) { return in_link(input).offered(); },
      [this](unsigned input, PacketIndex) { shared_->links[in_edges_[input]].grant(); });
  if (admitted && shared_->steps != nullptr) shared_->steps->list(id_);
  return admitted;
}

}  // namespace optinet::sf
