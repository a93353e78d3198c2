#include "models/networks/sf_router.h"

#include <algorithm>
#include <array>

namespace optinet::sf {

SfRouter::SfRouter(const SfNodeConfig& config)
    : steps_(config.steps),
      id_(config.id),
      capacity_(config.capacity),
      in_links_(config.in_links),
      pool_(config.pool),
      scheme_(config.scheme),
      routers_(config.routers),
      graph_(config.graph),
      links_(config.links),
      queues_(config.queues),
      degree_(config.graph->degree()),
      discipline_(config.discipline),
      observer_(config.observer),
      phase_b_start_(config.phase_b_start),
      phase_window_(config.phase_window) {}

void SfRouter::release_packets() {
  // An offer the far end admitted is its packet now (in its arrivals): drop it unfreed.
  for (unsigned label = 0; label < degree_; ++label) {
    const PacketIndex sent = links_[label].take_grant();
    if (sent != kNoPacket) dequeue(label, sent);
  }
  for (unsigned label = 0; label < degree_; ++label) {
    for (const Queued& e : queues_[label]) pool_->remove(e.packet);
  }
  for (const Staged& s : staging_) pool_->remove(s.packet);
  for (const auto* v : {&held_, &loaded_}) {
    for (PacketIndex i : *v) pool_->remove(i);
  }
  for (const Arrivals& a : arrivals_) {
    for (PacketIndex i : a) pool_->remove(i);
  }
}

void SfRouter::load(const std::vector<Packet>& packets, std::uint64_t run_seed) {
  release_packets();
  watched_ = 0;
  for (unsigned label = 0; label < degree_; ++label) {
    queues_[label].clear();
    links_[label].reset();
    if (links_[label].watched()) watched_ |= std::uint64_t{1} << label;
  }
  queued_ = queued_a_ = 0;
  offering_ = nonempty_ = 0;
  staging_.clear();
  held_.clear();
  for (auto& a : arrivals_) a.clear();
  if (steps_ != nullptr) steps_->take_requests(id_);  // a node process clears its own port
  loaded_.clear();
  for (const Packet& p : packets)
    loaded_.push_back(pool_->add(SfPacket{PacketClock{}, Ticket{}, p}));
  rng_ = Rng::node_stream(run_seed, id_);
  population_ = max_population_ = max_population_a_ = max_population_b_ = max_queue_ = 0;
  max_population_a_transit_ = 0;
  if (steps_ != nullptr) steps_->running = false;  // the network lists every node at the start
}

bool SfRouter::has_work() const {
  // offering_: a source that handed a packet over has already dropped it (hand_over), and its
  // population falls at the next rising edge.
  return queued_ != 0 || offering_ != 0 || !loaded_.empty() || !arrivals_[0].empty() ||
         !arrivals_[1].empty() || !staging_.empty() || !held_.empty();
}

void SfRouter::slot_step(std::uint64_t slot) {
  // 1. Offers of the last slot that the far ends admitted leave their queues. (The network
  // fetched the links, queues and arrived packets some nodes ahead: fetch_for_step.)
  for (std::uint64_t m = links_to_take(); m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    const PacketIndex sent = links_[label].take_grant();
    if (sent != kNoPacket) dequeue(label, sent);
  }
  offering_ = 0;
  // 2. The node's own packets (slot 0), then the packets that arrived over the links, then
  // (open loop) the packets its host created.
  for (PacketIndex i : loaded_) {
    (*pool_)[i].ticket.subphase = 0;
    start_subphase((*pool_)[i], slot);
    settle(i, slot, false);
  }
  loaded_.clear();
  Arrivals& arrived = arrivals(slot - 1);
  for (PacketIndex i : arrived) {
    SfPacket& p = (*pool_)[i];
    ++p.ticket.next;
    p.ticket.moved = true;
    ++p.clock.hops;
    settle(i, slot, true);
  }
  arrived.clear();
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
  const unsigned randomizing = scheme_->randomizing();
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

void SfRouter::take_injected(std::uint64_t slot) {
  // Arrivals are placed first: they were admitted against the staging buffer last slot. The
  // host is asked even when nothing fits, so that it keeps its injection queue up to date.
  std::size_t max = static_cast<std::size_t>(-1);
  if (capacity_ != 0) {
    const std::size_t held = staging_.size() + held_.size();
    max = held < capacity_ ? capacity_ - held : 0;
  }
  injected_.clear();
  injection_->take_created(id_, slot, max, injected_);
  for (const Packet& q : injected_) {
    const PacketIndex i = pool_->add(SfPacket{PacketClock{}, Ticket{}, q});
    SfPacket& p = (*pool_)[i];
    p.clock.start = static_cast<std::uint32_t>(slot);
    start_subphase(p, slot);
    settle(i, slot, false);
  }
}

void SfRouter::start_subphase(SfPacket& p, std::uint64_t slot) {
  p.ticket.moved = false;
  p.clock.subphase_start = static_cast<std::uint32_t>(slot);
  if (p.ticket.subphase == scheme_->randomizing()) {
    p.clock.phase_b_start = static_cast<std::uint32_t>(slot);
  }
  scheme_->prepare(p, id_, rng_);
}

void SfRouter::settle(PacketIndex i, std::uint64_t slot, bool arrived_over_link) {
  const Scheme& scheme = *scheme_;
  SfPacket& p = (*pool_)[i];  // nothing below adds to the pool
  bool same_subphase = arrived_over_link;
  while (true) {
    const int edge = scheme.next_edge(p.ticket, id_);
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
    if (observer_ != nullptr) observer_->on_subphase_end(id_, p, slot);
    if (p.ticket.subphase + 1u == scheme.subphases()) {
      run_->deliver(id_, p.packet);
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

std::uint64_t SfRouter::release_slot(const SfPacket& p) const {
  std::uint64_t release = p.ticket.subphase == scheme_->randomizing() ? phase_b_start_ : 0;
  if (phase_window_ != 0) {
    release = std::max<std::uint64_t>(release, p.ticket.subphase * phase_window_);
  }
  return release;
}

void SfRouter::offer_heads() {
  const Scheme& scheme = *scheme_;
  const NodeId here = id_;
  const std::uint64_t slot = run_->current_slot();
  // Every non-empty queue offers; its link and then the link's far end are fetched
  // for all of them first, so that the misses overlap.
  offering_ = nonempty_;
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) links_[__builtin_ctzll(m)].prefetch();
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    prefetch_far_end(links_[__builtin_ctzll(m)]);
  }
  for (std::uint64_t m = offering_; m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    const EdgeQueue& q = queues_[label];
    const std::size_t head = head_of(q, *pool_, discipline_, scheme.moved_first(),
                                     [&](const SfPacket& p) { return scheme.remaining(p, here); });
    const PacketIndex i = q[head].packet;
    Link& link = links_[label];
    if (link.refused_by_fault((*pool_)[i], slot)) continue;
    if (hands_over()) {
      hand_over(label, i, slot);
      continue;
    }
    link.offer(i);  // a node process's input port takes the request; else the network's array:
    if (steps_ != nullptr) steps_->request(link.far_node(), link.input());
  }
}

void SfRouter::hand_over(unsigned label, PacketIndex i, std::uint64_t slot) {
  // Unbounded buffers admit every offer, in input order (admit). The network's walk steps the
  // sources in id order and a source offers in label order, which is the far end's input order
  // (SfNetwork numbers in-links by source, then label): so the source does the far end's
  // admission, and the network needs no admission pass. The packet leaves its queue now rather
  // than at the next rising edge (take_grant): nothing reads the queue in between, and the
  // node steps at that edge (has_work), where its population falls as it would.
  Link& link = links_[label];
  link.carry(slot, traced_id(link, i));
  dequeue(label, i);
  const NodeId far = link.far_node();
  routers_[far].arrivals(slot).push_back(i);
  steps_->list_next(far);
}

void SfRouter::prefetch_far_end(const Link& link) const {
  if (steps_ == nullptr) {
    link.prefetch_far_end();
  } else if (capacity_ != 0) {
    steps_->prefetch_requests(link.far_node());
  } else {
    prefetch(&routers_[link.far_node()]);
  }
}

void SfRouter::enqueue(unsigned edge, PacketIndex i) {
  EdgeQueue& q = queues_[edge];
  const bool phase_a = (*pool_)[i].ticket.subphase < scheme_->randomizing();
  q.push_back(Queued{i, phase_a});
  nonempty_ |= std::uint64_t{1} << edge;
  ++queued_;
  queued_a_ += phase_a ? 1 : 0;
  max_queue_ = std::max(max_queue_, static_cast<unsigned>(q.size()));
}

void SfRouter::dequeue(unsigned edge, PacketIndex i) {
  // By its entry only: the far end may already have rewritten an admitted packet's ticket.
  EdgeQueue& q = queues_[edge];
  const auto at = std::find_if(q.begin(), q.end(), [i](const Queued& e) { return e.packet == i; });
  --queued_;
  queued_a_ -= at->phase_a ? 1 : 0;
  q.erase(static_cast<std::size_t>(at - q.begin()));
  if (q.empty()) nonempty_ &= ~(std::uint64_t{1} << edge);
}

bool SfRouter::reserve(const SfPacket& offered, Reservations& reserved) const {
  const Scheme& scheme = *scheme_;
  const unsigned staging_slot = degree_;
  const int edge = edge_after_crossing(offered);
  if (edge != kNoEdge) {
    if (!room(queues_[edge].size(), reserved[edge])) return false;
    ++reserved[edge];
    return true;
  }
  if (offered.ticket.subphase + 1u == scheme.subphases()) return true;  // to the host on arrival
  if (!room(staging_.size() + held_.size(), reserved[staging_slot])) return false;
  ++reserved[staging_slot];
  return true;
}

int SfRouter::edge_after_crossing(const SfPacket& crossing) const {
  Ticket t = crossing.ticket;  // as it will be once it has crossed the link (slot_step)
  ++t.next;
  t.moved = true;
  return scheme_->next_edge(t, id_);
}

void SfRouter::fetch_for_step(int stage, std::uint64_t slot) const {
  const Arrivals& arrived = arrivals(slot - 1);
  if (stage == 0) {
    // The router's first four lines (fetching the fifth too, where held_ and loaded_ end, ran
    // no faster: docs/benchmarks.md, session 20).
    for (int line = 0; line < 4; ++line) prefetch(reinterpret_cast<const char*>(this) + 64 * line);
  } else if (stage == 1) {
    for (PacketIndex i : arrived) pool_->prefetch(i);
    if (!arrived.empty() && staging_.capacity() != 0) prefetch(staging_.data());
    for (std::uint64_t m = links_to_take() | nonempty_; m != 0; m &= m - 1) {
      links_[__builtin_ctzll(m)].prefetch();
      queues_[__builtin_ctzll(m)].prefetch();
    }
  } else {
    for (std::uint64_t m = nonempty_; m != 0; m &= m - 1)
      prefetch_far_end(links_[__builtin_ctzll(m)]);
    // Where the arrived packets go next: the queue, and (if it is idle, so that it will offer
    // this slot) the link and its far end.
    for (PacketIndex i : arrived) {
      const int edge = edge_after_crossing((*pool_)[i]);
      if (edge == kNoEdge) continue;
      queues_[edge].prefetch();
      if ((nonempty_ & (std::uint64_t{1} << edge)) != 0) continue;
      links_[edge].prefetch();
      if (hands_over()) prefetch(&routers_[graph_->neighbor(id_, edge)]);
    }
  }
}

void SfRouter::fetch_for_admit(std::uint64_t offers, int stage) const {
  if (stage == 0) {
    // The router's first two lines, where an admission starts (with bounded buffers it also
    // reads the occupancy of its queues and staging).
    prefetch(this);
    prefetch(reinterpret_cast<const char*>(this) + 64);
  } else if (stage == 1) {
    prefetch(in_links_);
    prefetch(in_links_ + degree_ - 1);
  } else {
    for (std::uint64_t m = offers; m != 0; m &= m - 1) in_links_[__builtin_ctzll(m)]->prefetch();
  }
}

bool SfRouter::admit(std::uint64_t offers, std::uint64_t slot) {
  // The update phase of this slot's rising edge (or the network's admission pass after every
  // step): every node has placed its arrivals and made its offers, so the buffer occupancy
  // read here is the same whatever the order in which nodes stepped or admit.
  Reservations reserved{};
  bool admitted = false;
  // Where buffers are bounded, the offered packets are fetched for all inputs first, so that
  // the misses overlap. (The network fetched the offering links some nodes ahead:
  // fetch_for_admit.)
  if (capacity_ != 0) {
    for (std::uint64_t m = offers; m != 0; m &= m - 1) {
      pool_->prefetch(in_links_[__builtin_ctzll(m)]->offered());
    }
  }
  for (std::uint64_t requests = offers; requests != 0; requests &= requests - 1) {
    Link* link = in_links_[__builtin_ctzll(requests)];
    const PacketIndex i = link->offered();
    // Unbounded buffers admit every offer: no occupancy to read, and the packet itself is read
    // only for a traced link's packet signal (it is placed at the next rising edge).
    const bool ok = capacity_ == 0 || reserve((*pool_)[i], reserved);
    if (ok) {
      link->grant(slot, traced_id(*link, i));
      arrivals(slot).push_back(i);
      admitted = true;
    }
  }
  if (admitted && steps_ != nullptr) steps_->list(id_);
  return admitted;
}

}  // namespace optinet::sf
