#pragma once
/// \file
/// Packets (what a processor wants delivered) and frames (what crosses a medium in one slot).
#include <cstdint>
#include <limits>
#include <optional>

namespace optinet {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

/// A packet: routed from `source` to `destination` and delivered there exactly once.
struct Packet {
  std::uint32_t id = 0;
  NodeId source = kNoNode;
  NodeId destination = kNoNode;
  std::uint64_t payload = 0;
  bool operator==(const Packet& o) const {
    return id == o.id && source == o.source && destination == o.destination && payload == o.payload;
  }
};

enum class FrameKind : std::uint8_t { kNone = 0, kData = 1, kAck = 2 };

/// One slot's worth of light on a medium: a data copy of a packet, or an acknowledgement
/// carrying only the packet's header (the payload field is then unused).
struct Frame {
  FrameKind kind = FrameKind::kNone;
  Packet packet;

  static Frame data(const Packet& p) { return {FrameKind::kData, p}; }
  static Frame ack(const Packet& p) {
    return {FrameKind::kAck, Packet{p.id, p.source, p.destination, 0}};
  }
};

/// The data packet in a received frame, if the frame is data.
inline std::optional<Packet> data_in(const std::optional<Frame>& f) {
  if (f && f->kind == FrameKind::kData) return f->packet;
  return std::nullopt;
}

/// True if the received frame acknowledges packet `id`.
inline bool acknowledges(const std::optional<Frame>& f, std::uint32_t id) {
  return f && f->kind == FrameKind::kAck && f->packet.id == id;
}

}  // namespace optinet
