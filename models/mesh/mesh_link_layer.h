#pragma once
/// \file
/// The mesh's link layer as its users see it, in either view: a processor reaches it through a
/// MeshNodePort (send, take, the delivery event), the testbench through MeshLinkLayer (the
/// packets in flight and unread, per link counters, reset between runs, tracing).
#include <cstdint>
#include <systemc>

#include "models/mesh/mesh_routing.h"

namespace optinet::mesh {

/// Packets entering and leaving the link layer (the testbench's conservation check).
class MeshFabricObserver {
 public:
  virtual ~MeshFabricObserver() = default;
  virtual void injected(const MeshMsg& m, std::uint64_t slot) = 0;
  virtual void delivered(std::uint32_t node, const MeshMsg& m, std::uint64_t slot) = 0;
};

/// Per link counters of a run.
struct MeshLinkCounters {
  std::uint64_t busy_slots = 0;
  std::uint32_t max_occupancy = 0;  ///< of its far buffer, at the ends of slots
};

/// A processor's side: its outbox and the memory its packets are delivered into.
class MeshNodePort {
 public:
  virtual ~MeshNodePort() = default;
  /// Queues a message in the node's outbox (ids and checksums are set here).
  virtual void send(std::uint32_t node, MeshMsg m) = 0;
  /// The oldest delivered message, if any.
  virtual bool take(std::uint32_t node, MeshMsg& out) = 0;
  /// Notified when packets are delivered to the node.
  virtual const sc_core::sc_event& delivery_event(std::uint32_t node) const = 0;
};

/// The testbench's side.
class MeshLinkLayer {
 public:
  virtual ~MeshLinkLayer() = default;
  virtual const MeshGeometry& geometry() const = 0;
  virtual void set_observer(MeshFabricObserver* o) = 0;
  /// Clears counters and sequence numbers for a new run (no packet may be in flight).
  virtual void reset() = 0;
  /// Messages delivered to processors and not taken by them.
  virtual std::uint64_t unread() const = 0;
  /// Drops every message (after a run stopped at the slot limit).
  virtual void discard() = 0;
  /// Messages in outboxes and link buffers.
  virtual std::uint64_t in_flight() const = 0;
  bool has_link(std::uint32_t node, std::uint32_t d) const { return geometry().has_link(node, d); }
  virtual MeshLinkCounters link_counters(std::uint32_t link) const = 0;
  /// Traces the links that leave nodes in [first, last].
  virtual void trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) = 0;
};

}  // namespace optinet::mesh
