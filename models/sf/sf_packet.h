#pragma once
/// \file
/// A store-and-forward packet: the host's packet plus the tickets it carries (Valiant and
/// Brebner, section 2 (b) and section 4). Routing at a node reads only this and the node's own
/// state.
#include <array>
#include <cstddef>
#include <cstdint>

#include "models/core/packet.h"

namespace optinet::sf {

/// Out-edge label meaning "the current sub-phase ends at this node".
inline constexpr int kNoEdge = -1;

/// The book-keeping a packet carries. A scheme's route is split into sub-phases (A and B for
/// the cube, shuffles, CCC and shuffle-exchange; A, Z, B for the 2-D grid; 2k-1 for the
/// k-dimensional grid); each sub-phase has its own ticket, prepared at the node where the
/// sub-phase starts.
struct Ticket {
  /// Longest step list a ticket holds (CCC with s <= 16: s cube + s-1 cycle + s/2 cycle steps).
  static constexpr unsigned kMaxSteps = 48;
  std::uint8_t subphase = 0;  ///< index of the current sub-phase
  std::uint8_t length = 0;    ///< steps[0..length) is the sub-phase's route (step-list schemes)
  std::uint8_t next = 0;      ///< steps already taken
  bool moved = false;         ///< has moved in the current sub-phase (grid precedence rule)
  NodeId target = kNoNode;    ///< node where the sub-phase ends (coordinate schemes)
  std::array<std::uint8_t, kMaxSteps> steps{};  ///< out-edge labels
};

/// Header fields a packet carries for the experiment's measurements (written by the nodes it
/// passes, read by the host at delivery): they never influence routing.
struct PacketClock {
  std::uint32_t start = 0;           ///< slot it entered its source node (0: loaded for the run)
  std::uint32_t subphase_start = 0;  ///< slot the current sub-phase started
  std::uint32_t phase_b_start = 0;   ///< slot its Phase B started
  std::uint32_t hops = 0;            ///< links traversed so far
};

/// Laid out for the slot work: a hop reads the ticket's header, target or step and
/// adds to clock.hops, which share the packet's first cache line (a packet never straddles
/// two lines there); the host's packet, read where the packet starts and ends, comes last.
/// A copy of the whole ticket would read the second line too: the router never copies one
/// (Scheme::edge_at_step).
struct alignas(64) SfPacket {
  PacketClock clock;
  Ticket ticket;
  Packet packet;
};
static_assert(sizeof(SfPacket) == 128, "a packet is two cache lines");
static_assert(offsetof(SfPacket, ticket) + offsetof(Ticket, steps) + 32 <= 64,
              "a packet's clock, ticket header, target and first 32 steps share its first line");

}  // namespace optinet::sf
