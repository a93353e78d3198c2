#include "models/networks/mesh_fabric.h"

#include <stdexcept>

#include "models/core/compat.h"

namespace optinet::mesh {

namespace {
constexpr std::uint32_t kOutbox = kDirs;  // input number of the outbox
constexpr std::uint32_t kInputs = kDirs + 1;
}  // namespace

const char* dir_name(std::uint32_t d) {
  static const char* const names[] = {"E", "W", "N", "S"};
  return d < kDirs ? names[d] : "?";
}

MeshFabric::MeshFabric(const sc_core::sc_module_name& name, const MeshFabricConfig& config)
    : sc_core::sc_module(name),
      n_(config.n),
      q_(config.buffers),
      outbox_queues_(config.outbox),
      in_(std::size_t(config.n) * config.n * kDirs),
      occupancy_(in_.size(), 0),
      busy_(in_.size(), 0),
      outbox_(std::size_t(config.n) * config.n),
      sequence_(outbox_.size(), 0),
      inbox_(outbox_.size()),
      delivered_(outbox_.size()),
      round_robin_(in_.size(), 0),
      counters_(in_.size()),
      listed_(outbox_.size(), false) {
  if (q_ < 1) throw std::invalid_argument("MeshFabric: at least one buffer per link");
  OPTINET_HAS_PROCESS(MeshFabric);
  SC_METHOD(step);
  sensitive << clk.pos();
  dont_initialize();
}

bool MeshFabric::has_link(std::uint32_t node, std::uint32_t d) const {
  const Coord c = coord_of(node);
  switch (d) {
    case kEast:
      return c.x + 1 < n_;
    case kWest:
      return c.x > 0;
    case kNorth:
      return c.y + 1 < n_;
    case kSouth:
      return c.y > 0;
  }
  return false;
}

std::uint32_t MeshFabric::neighbour(std::uint32_t node, std::uint32_t d) const {
  switch (d) {
    case kEast:
      return node + 1;
    case kWest:
      return node - 1;
    case kNorth:
      return node + n_;
    default:
      return node - n_;
  }
}

std::string MeshFabric::link_name(std::uint32_t link) const {
  const Coord c = coord_of(link / kDirs);
  return "link_x" + std::to_string(c.x) + "_y" + std::to_string(c.y) + "_" + dir_name(link % kDirs);
}

std::uint32_t MeshFabric::route(std::uint32_t node, const MeshMsg& m) const {
  const Coord c = coord_of(node);
  if (m.dst.x > c.x) return kEast;
  if (m.dst.x < c.x) return kWest;
  if (m.dst.y > c.y) return kNorth;
  if (m.dst.y < c.y) return kSouth;
  return kDirs;
}

void MeshFabric::send(std::uint32_t node, MeshMsg m) {
  if (m.dst.x >= n_ || m.dst.y >= n_) throw std::out_of_range("MeshFabric: no such node");
  m.src = coord_of(node);
  m.id = sequence_[node]++;
  m.check = message_checksum(m);
  if (observer_ != nullptr) observer_->injected(m, now());
  outbox_[node].emplace(std::make_pair(m.priority, m.id), m);
  ++in_flight_;
  activate(node);
}

bool MeshFabric::take(std::uint32_t node, MeshMsg& out) {
  if (inbox_[node].empty()) return false;
  out = inbox_[node].front();
  inbox_[node].pop_front();
  return true;
}

void MeshFabric::activate(std::uint32_t node) {
  if (listed_[node]) return;
  listed_[node] = true;
  active_.push_back(node);
}

bool MeshFabric::input_empty(std::uint32_t node, std::uint32_t input) const {
  return input == kOutbox ? outbox_[node].empty() : in_[node * kDirs + input].empty();
}

const MeshMsg& MeshFabric::input_head(std::uint32_t node, std::uint32_t input) const {
  return in_[node * kDirs + input].front();
}

void MeshFabric::pop_input(std::uint32_t node, std::uint32_t input) {
  in_[node * kDirs + input].pop_front();
  // The buffer belongs to the link that arrives over direction `input`, from the neighbour
  // on the opposite side.
  const std::uint32_t from = neighbour(node, input ^ 1u);
  --occupancy_[from * kDirs + input];
}

void MeshFabric::deliver(std::uint32_t node, const MeshMsg& m) {
  inbox_[node].push_back(m);
  --in_flight_;
  if (observer_ != nullptr) observer_->delivered(node, m, now());
  delivered_[node].notify(sc_core::SC_ZERO_TIME);
}

MeshFabric::OutboxOffer MeshFabric::outbox_offer(std::uint32_t node) const {
  OutboxOffer offer;
  for (const auto& [key, m] : outbox_[node]) {
    const std::uint32_t d = route(node, m);
    if (offer.msg[d] == nullptr) {
      offer.msg[d] = &m;
      offer.key[d] = key;
    }
    if (outbox_queues_ == OutboxQueues::kSingle) break;  // only the first message competes
  }
  return offer;
}

MeshMsg MeshFabric::take_move(const Move& mv) {
  if (mv.input != kOutbox) {
    const MeshMsg m = input_head(mv.node, mv.input);
    pop_input(mv.node, mv.input);
    return m;
  }
  const auto it = outbox_[mv.node].find(mv.key);
  const MeshMsg m = it->second;
  outbox_[mv.node].erase(it);
  return m;
}

void MeshFabric::step() {
  for (std::uint32_t link : busy_list_) busy_[link] = 0;
  busy_list_.clear();
  if (active_.empty()) return;
  // Decide every move from the state at the start of the slot, then apply them.
  moves_.clear();
  for (std::uint32_t node : active_) {
    std::uint32_t wants[kDirs];
    for (std::uint32_t i = 0; i < kDirs; ++i)
      wants[i] = input_empty(node, i) ? kInputs : route(node, input_head(node, i));
    const OutboxOffer offer = outbox_offer(node);
    if (offer.msg[kDirs] != nullptr)  // a message to itself: straight to its memory
      moves_.push_back({node, kOutbox, kDirs, offer.key[kDirs]});
    for (std::uint32_t out = 0; out < kDirs; ++out) {
      const std::uint32_t link = node * kDirs + out;
      if (!has_link(node, out)) continue;
      for (std::uint32_t k = 0; k < kInputs; ++k) {
        const std::uint32_t input = (round_robin_[link] + k) % kInputs;
        const MeshMsg* m = input == kOutbox      ? offer.msg[out]
                           : wants[input] == out ? &input_head(node, input)
                                                 : nullptr;
        if (m == nullptr) continue;
        const std::uint32_t far = neighbour(node, out);
        const bool last_hop = route(far, *m) == kDirs;
        if (!last_hop && occupancy_[link] >= q_) break;  // no free buffer: wait
        moves_.push_back({node, input, out, input == kOutbox ? offer.key[out] : OutboxKey{0, 0}});
        round_robin_[link] = (input + 1) % kInputs;
        break;
      }
    }
  }
  for (const Move& mv : moves_) {
    const MeshMsg m = take_move(mv);
    if (mv.out == kDirs) {
      deliver(mv.node, m);
      continue;
    }
    const std::uint32_t link = mv.node * kDirs + mv.out;
    const std::uint32_t far = neighbour(mv.node, mv.out);
    busy_[link] = 1;
    busy_list_.push_back(link);
    ++counters_[link].busy_slots;
    if (route(far, m) == kDirs) {
      deliver(far, m);  // the processor's memory always accepts
    } else {
      in_[far * kDirs + mv.out].push_back(m);
      if (++occupancy_[link] > counters_[link].max_occupancy)
        counters_[link].max_occupancy = occupancy_[link];
      activate(far);
    }
  }
  // Keep the nodes that still hold packets.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < active_.size(); ++i) {
    const std::uint32_t node = active_[i];
    bool holds = !outbox_[node].empty();
    for (std::uint32_t d = 0; d < kDirs && !holds; ++d) holds = !in_[node * kDirs + d].empty();
    if (holds)
      active_[kept++] = node;
    else
      listed_[node] = false;
  }
  active_.resize(kept);
}

void MeshFabric::reset() {
  if (in_flight_ != 0) throw std::logic_error("MeshFabric::reset with packets in flight");
  for (auto& c : counters_) c = MeshLinkCounters{};
  for (auto& s : sequence_) s = 0;
  for (auto& b : inbox_) b.clear();
}

std::uint64_t MeshFabric::unread() const {
  std::uint64_t count = 0;
  for (const auto& b : inbox_) count += b.size();
  return count;
}

void MeshFabric::discard() {
  for (auto& q : in_) q.clear();
  for (auto& o : outbox_) o.clear();
  for (auto& o : occupancy_) o = 0;
  for (auto& b : inbox_) b.clear();
  for (std::uint32_t node : active_) listed_[node] = false;
  active_.clear();
  in_flight_ = 0;
}

void MeshFabric::trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) {
  const std::string base = name();
  for (std::uint32_t node = first; node <= last && node < n_ * n_; ++node)
    for (std::uint32_t d = 0; d < kDirs; ++d) {
      if (!has_link(node, d)) continue;
      const std::uint32_t link = node * kDirs + d;
      const std::string ln = base + "." + link_name(link);
      sc_core::sc_trace(tf, busy_[link], ln + ".busy", 1);
      sc_core::sc_trace(tf, occupancy_[link], ln + ".occupancy", 8);
    }
}

}  // namespace optinet::mesh
