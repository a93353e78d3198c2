#pragma once
/// \file
/// The contract between a processor of the synchronizing 2-D mesh (Chochia, Cole & Heywood) and
/// its protocol: the message a node sends to another node's coordinates, what a node knows
/// (its coordinates, the mesh side, the indexing scheme, the slot, its random stream, what it
/// received) and the write-only report a node gives to the testbench's checker.
#include <array>
#include <cstddef>
#include <cstdint>

#include "models/core/rng.h"
#include "models/topology/mesh_indexing.h"

namespace optinet::mesh {

/// One message between two processors, routed over the mesh links. `word` is the protocol's
/// payload; `id` and `check` are the link layer's (sequence number per source and a checksum of
/// the rest) for the conservation check.
struct MeshMsg {
  Coord src, dst;
  std::uint32_t op = 0;   ///< the sender's operation number in the run (tags a phase's messages)
  std::uint8_t kind = 0;  ///< protocol-defined
  std::array<std::int64_t, 4> word{0, 0, 0, 0};
  std::uint64_t id = 0;
  std::uint64_t check = 0;
  /// Outbox order: a smaller key leaves first (equal keys in sending order).
  std::int64_t priority = 0;
};

/// A checksum of everything a message carries except its id and check.
inline std::uint64_t message_checksum(const MeshMsg& m) {
  std::uint64_t h = mix64((std::uint64_t(m.src.x) << 48) ^ (std::uint64_t(m.src.y) << 32) ^
                          (std::uint64_t(m.dst.x) << 16) ^ m.dst.y);
  h = mix64(h ^ (std::uint64_t(m.op) << 8) ^ m.kind);
  for (std::int64_t w : m.word) h = mix64(h ^ static_cast<std::uint64_t>(w));
  return h;
}

/// The operations of a processor's loop and the phases inside them (traced per processor).
enum class Phase : std::uint8_t {
  kIdle = 0,
  kSplitForward = 1,   ///< split step 1, forward pass (f)
  kSplitBackward = 2,  ///< split step 1, backward pass (t, b, m)
  kSplitPartial = 3,   ///< split step 2, partial synchronization
  kSplitRoute = 4,     ///< split steps 3-4, routing on the tree
  kSplitSync = 5,      ///< split step 5, synchronization of the original tree
  kSyncUp = 6,         ///< sync, combining pass
  kSyncDown = 7,       ///< sync, broadcasting pass
  kJoinPartial = 8,    ///< join step 1
  kJoinRoots = 9,      ///< join step 2, roots of adjacent sub-groups
  kJoinDown = 10,      ///< join step 3, broadcast
};

enum class OpKind : std::uint8_t { kSplit, kSync, kJoin };

/// A processor's tree neighbours by coordinates (has_* false where there is none).
struct TreeView {
  bool has_parent = false, has_left = false, has_right = false, has_adjacent_root = false;
  Coord parent, left, right, adjacent_root;
  std::int64_t size = 0;  ///< the group's size
};

/// The testbench's checker: what a processor reports, never read back by the protocol.
class MeshObserver {
 public:
  virtual ~MeshObserver() = default;
  /// `label` is the processor's 0/1 state for a split (0 otherwise), `level` the nesting level
  /// of the group the operation runs in (0 = the whole mesh).
  virtual void entered(std::uint32_t node, std::uint32_t op, OpKind kind, std::uint32_t level,
                       int label, std::uint64_t slot) = 0;
  /// The tree the processor holds after the operation.
  virtual void left(std::uint32_t node, std::uint32_t op, std::uint64_t slot,
                    const TreeView& tree) = 0;
  /// The protocol ended with `unconsumed` messages it never used (0 in a correct run).
  virtual void finished(std::uint32_t node, std::size_t unconsumed) = 0;
};

/// What a node's protocol sees.
class MeshContext {
 public:
  virtual ~MeshContext() = default;
  virtual Coord coord() const = 0;
  /// The node's number (y * n + x), for reports to the observer.
  std::uint32_t node() const { return coord().y * indexing().n() + coord().x; }
  virtual const MeshIndexing& indexing() const = 0;
  virtual std::uint64_t slot() const = 0;
  virtual std::uint64_t run_seed() const = 0;
  virtual Rng& rng() = 0;
  /// Puts a message in this node's outbox (its processor memory); the router injects the
  /// outbox head (smallest priority key) when the first link has a free buffer.
  virtual void send(MeshMsg m) = 0;
  /// Blocks until a message has arrived; returns the oldest.
  virtual MeshMsg receive() = 0;
  virtual void set_phase(Phase p, std::uint32_t level) = 0;
  virtual MeshObserver& observer() = 0;
};

/// A protocol: the body of every processor's thread, one instance shared by all nodes.
class MeshProtocol {
 public:
  virtual ~MeshProtocol() = default;
  virtual void run(MeshContext& ctx) = 0;
};

}  // namespace optinet::mesh
