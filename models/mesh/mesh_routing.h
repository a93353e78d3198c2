#pragma once
/// \file
/// The mesh's routing hardware as plain logic, shared by both views (the grouped MeshFabric and
/// the pins view's routers and processors): the geometry (directions, neighbours, dimension-
/// order routing), a processor's outbox and what it offers to each output, and a router's
/// arbitration of one slot (round-robin per output between the four input buffers and the
/// outbox; a packet crosses only into a free buffer, or into the destination's memory).
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "models/mesh/mesh_node.h"

namespace optinet::mesh {

/// Directions: E = +x, W = -x, N = +y, S = -y.
enum Dir : std::uint32_t { kEast = 0, kWest = 1, kNorth = 2, kSouth = 3 };
constexpr std::uint32_t kDirs = 4;
/// A router's inputs: the buffers of the links arriving in direction 0..3, then the outbox.
constexpr std::uint32_t kOutbox = kDirs;
constexpr std::uint32_t kInputs = kDirs + 1;
const char* dir_name(std::uint32_t d);

/// A processor's outbox: one queue (only its first message competes for the links, so a
/// message for one link can hold back one for another), or a queue per tree link, i.e. per
/// destination (every message of the protocols goes to a tree neighbour): each output then
/// takes the first message among the queues whose first hop it is.
enum class OutboxQueues { kSingle, kPerLink };

/// The n x n mesh's coordinates and links; node = y * n + x, link = node * 4 + direction.
struct MeshGeometry {
  std::uint32_t n = 0;

  std::uint32_t node_of(Coord c) const { return c.y * n + c.x; }
  Coord coord_of(std::uint32_t node) const { return {node % n, node / n}; }
  /// The link leaving `node` in direction `d` exists.
  bool has_link(std::uint32_t node, std::uint32_t d) const;
  std::uint32_t neighbour(std::uint32_t node, std::uint32_t d) const;
  /// The output a message at `node` takes (kDirs: it is there); x first, then y.
  std::uint32_t route(std::uint32_t node, const MeshMsg& m) const;
  /// link_x<X>_y<Y>_<D>.
  std::string link_name(std::uint32_t link) const;
};

using OutboxKey = std::pair<std::int64_t, std::uint64_t>;  ///< (priority, id)

/// The outbox message offered to each output (kDirs: to the node itself), if any.
struct OutboxOffer {
  const MeshMsg* msg[kInputs] = {nullptr, nullptr, nullptr, nullptr, nullptr};
  OutboxKey key[kInputs];
};

/// A processor's outbox: ordered by priority key, then sending order.
class MeshOutbox {
 public:
  /// Sets the message's source, id (the node's sequence number) and checksum, and queues it.
  const MeshMsg& put(MeshMsg m, Coord source);
  bool empty() const { return queue_.empty(); }
  std::size_t size() const { return queue_.size(); }
  OutboxOffer offer(const MeshGeometry& g, std::uint32_t node, OutboxQueues queues) const;
  MeshMsg take(const OutboxKey& key);
  void clear() { queue_.clear(); }
  void reset_sequence() { sequence_ = 0; }

 private:
  std::map<OutboxKey, MeshMsg> queue_;
  std::uint64_t sequence_ = 0;
};

/// A packet a router moves in a slot: from `input` (a link buffer or kOutbox) to `out` (a
/// direction, or kDirs: the node's own memory).
struct MeshMove {
  std::uint32_t node, input, out;
  OutboxKey key{0, 0};  ///< the outbox message moved (input == kOutbox)
};

/// One router's decisions for a slot, from the state at its start: `heads` the first packet of
/// each input buffer (null: empty), `offer` its outbox's, `occupancy` of each output link's far
/// buffer, `round_robin` per output (updated). Appends the moves.
void arbitrate(const MeshGeometry& g, std::uint32_t node, const MeshMsg* const heads[kDirs],
               const OutboxOffer& offer, const std::uint32_t occupancy[kDirs], std::uint32_t q,
               std::uint32_t round_robin[kDirs], std::vector<MeshMove>& moves);

/// The order in which a processor's memory takes the packets of one slot: its own message
/// first, then those arriving over the links in direction 0..3.
inline std::uint32_t delivery_rank(std::uint32_t input) { return input == kOutbox ? 0 : input + 1; }

}  // namespace optinet::mesh
