#include "models/mesh/mesh_fabric.h"

#include <algorithm>
#include <stdexcept>

#include "models/core/compat.h"

namespace optinet::mesh {

MeshFabric::MeshFabric(const sc_core::sc_module_name& name, const MeshFabricConfig& config)
    : sc_core::sc_module(name),
      geometry_{config.n},
      q_(config.buffers),
      outbox_queues_(config.outbox),
      in_(std::size_t(config.n) * config.n * kDirs),
      occupancy_(in_.size(), 0),
      busy_(in_.size(), 0),
      outbox_(std::size_t(config.n) * config.n),
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

void MeshFabric::send(std::uint32_t node, MeshMsg m) {
  if (m.dst.x >= n() || m.dst.y >= n()) throw std::out_of_range("MeshFabric: no such node");
  const MeshMsg& queued = outbox_[node].put(m, coord_of(node));
  if (observer_ != nullptr) observer_->injected(queued, now());
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

void MeshFabric::pop_input(std::uint32_t node, std::uint32_t input) {
  in_[node * kDirs + input].pop_front();
  // The buffer belongs to the link that arrives over direction `input`, from the neighbour
  // on the opposite side.
  const std::uint32_t from = geometry_.neighbour(node, input ^ 1u);
  --occupancy_[from * kDirs + input];
}

void MeshFabric::deliver(std::uint32_t node, const MeshMsg& m) {
  inbox_[node].push_back(m);
  --in_flight_;
  if (observer_ != nullptr) observer_->delivered(node, m, now());
  delivered_[node].notify(sc_core::SC_ZERO_TIME);
}

MeshMsg MeshFabric::take_move(const MeshMove& mv) {
  if (mv.input != kOutbox) {
    const MeshMsg m = in_[mv.node * kDirs + mv.input].front();
    pop_input(mv.node, mv.input);
    return m;
  }
  return outbox_[mv.node].take(mv.key);
}

void MeshFabric::step() {
  for (std::uint32_t link : busy_list_) busy_[link] = 0;
  busy_list_.clear();
  if (active_.empty()) return;
  // Decide every move from the state at the start of the slot, then apply them.
  moves_.clear();
  for (std::uint32_t node : active_) {
    const MeshMsg* heads[kDirs];
    for (std::uint32_t i = 0; i < kDirs; ++i)
      heads[i] = input_empty(node, i) ? nullptr : &in_[node * kDirs + i].front();
    arbitrate(geometry_, node, heads, outbox_[node].offer(geometry_, node, outbox_queues_),
              &occupancy_[node * kDirs], q_, &round_robin_[node * kDirs], moves_);
  }
  arrivals_.clear();
  pushed_.clear();
  for (const MeshMove& mv : moves_) {
    const MeshMsg m = take_move(mv);
    if (mv.out == kDirs) {
      arrivals_.push_back({mv.node, kOutbox, m});
      continue;
    }
    const std::uint32_t link = mv.node * kDirs + mv.out;
    const std::uint32_t far = geometry_.neighbour(mv.node, mv.out);
    busy_[link] = 1;
    busy_list_.push_back(link);
    ++counters_[link].busy_slots;
    if (geometry_.route(far, m) == kDirs) {
      arrivals_.push_back({far, mv.out, m});  // the processor's memory always accepts
    } else {
      in_[far * kDirs + mv.out].push_back(m);
      ++occupancy_[link];
      pushed_.push_back(link);
      activate(far);
    }
  }
  // A buffer's occupancy as the slot leaves it (after its pop and its push, in any order).
  for (std::uint32_t link : pushed_)
    counters_[link].max_occupancy = std::max(counters_[link].max_occupancy, occupancy_[link]);
  // Each memory takes the slot's packets in delivery_rank order, whatever the routers' order.
  std::sort(arrivals_.begin(), arrivals_.end(), [](const Arrival& a, const Arrival& b) {
    return a.node != b.node ? a.node < b.node : delivery_rank(a.input) < delivery_rank(b.input);
  });
  for (const Arrival& a : arrivals_) deliver(a.node, a.msg);
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
  for (auto& o : outbox_) o.reset_sequence();
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
  for (std::uint32_t node = first; node <= last && node < n() * n(); ++node)
    for (std::uint32_t d = 0; d < kDirs; ++d) {
      if (!has_link(node, d)) continue;
      const std::uint32_t link = node * kDirs + d;
      const std::string ln = base + "." + link_name(link);
      sc_core::sc_trace(tf, busy_[link], ln + ".busy", 1);
      sc_core::sc_trace(tf, occupancy_[link], ln + ".occupancy", 8);
    }
}

}  // namespace optinet::mesh
