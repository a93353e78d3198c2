#include "models/mesh/mesh_routing.h"

namespace optinet::mesh {

const char* dir_name(std::uint32_t d) {
  static const char* const names[] = {"E", "W", "N", "S"};
  return d < kDirs ? names[d] : "?";
}

bool MeshGeometry::has_link(std::uint32_t node, std::uint32_t d) const {
  const Coord c = coord_of(node);
  switch (d) {
    case kEast:
      return c.x + 1 < n;
    case kWest:
      return c.x > 0;
    case kNorth:
      return c.y + 1 < n;
    case kSouth:
      return c.y > 0;
  }
  return false;
}

std::uint32_t MeshGeometry::neighbour(std::uint32_t node, std::uint32_t d) const {
  switch (d) {
    case kEast:
      return node + 1;
    case kWest:
      return node - 1;
    case kNorth:
      return node + n;
    default:
      return node - n;
  }
}

std::uint32_t MeshGeometry::route(std::uint32_t node, const MeshMsg& m) const {
  const Coord c = coord_of(node);
  if (m.dst.x > c.x) return kEast;
  if (m.dst.x < c.x) return kWest;
  if (m.dst.y > c.y) return kNorth;
  if (m.dst.y < c.y) return kSouth;
  return kDirs;
}

std::string MeshGeometry::link_name(std::uint32_t link) const {
  const Coord c = coord_of(link / kDirs);
  return "link_x" + std::to_string(c.x) + "_y" + std::to_string(c.y) + "_" + dir_name(link % kDirs);
}

const MeshMsg& MeshOutbox::put(MeshMsg m, Coord source) {
  m.src = source;
  m.id = sequence_++;
  m.check = message_checksum(m);
  return queue_.emplace(std::make_pair(m.priority, m.id), m).first->second;
}

OutboxOffer MeshOutbox::offer(const MeshGeometry& g, std::uint32_t node,
                              OutboxQueues queues) const {
  OutboxOffer offer;
  for (const auto& [key, m] : queue_) {
    const std::uint32_t d = g.route(node, m);
    if (offer.msg[d] == nullptr) {
      offer.msg[d] = &m;
      offer.key[d] = key;
    }
    if (queues == OutboxQueues::kSingle) break;  // only the first message competes
  }
  return offer;
}

MeshMsg MeshOutbox::take(const OutboxKey& key) {
  const auto it = queue_.find(key);
  const MeshMsg m = it->second;
  queue_.erase(it);
  return m;
}

void arbitrate(const MeshGeometry& g, std::uint32_t node, const MeshMsg* const heads[kDirs],
               const OutboxOffer& offer, const std::uint32_t occupancy[kDirs], std::uint32_t q,
               std::uint32_t round_robin[kDirs], std::vector<MeshMove>& moves) {
  std::uint32_t wants[kDirs];
  for (std::uint32_t i = 0; i < kDirs; ++i)
    wants[i] = heads[i] == nullptr ? kInputs : g.route(node, *heads[i]);
  if (offer.msg[kDirs] != nullptr)  // a message to itself: straight to its memory
    moves.push_back({node, kOutbox, kDirs, offer.key[kDirs]});
  for (std::uint32_t out = 0; out < kDirs; ++out) {
    if (!g.has_link(node, out)) continue;
    for (std::uint32_t k = 0; k < kInputs; ++k) {
      const std::uint32_t input = (round_robin[out] + k) % kInputs;
      const MeshMsg* m = input == kOutbox      ? offer.msg[out]
                         : wants[input] == out ? heads[input]
                                               : nullptr;
      if (m == nullptr) continue;
      const bool last_hop = g.route(g.neighbour(node, out), *m) == kDirs;
      if (!last_hop && occupancy[out] >= q) break;  // no free buffer: wait
      moves.push_back({node, input, out, input == kOutbox ? offer.key[out] : OutboxKey{0, 0}});
      round_robin[out] = (input + 1) % kInputs;
      break;
    }
  }
}

}  // namespace optinet::mesh
