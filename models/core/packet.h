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

enum class FrameKind : std::uint8_t { kNone = 0, kData = 1, kAck = 2, kControl = 3 };

/// One slot's worth of light on a medium: a data copy of a packet, an acknowledgement
/// carrying only the packet's header (the payload field is then unused), or a control word
/// of a protocol (two (tag, value) pairs in the header fields, no packet).
struct Frame {
  FrameKind kind = FrameKind::kNone;
  Packet packet;

  static Frame data(const Packet& p) { return {FrameKind::kData, p}; }
  static Frame ack(const Packet& p) {
    return {FrameKind::kAck, Packet{p.id, p.source, p.destination, 0}};
  }
  /// A control word: (tag, value) and an optional second pair (second_tag = kNoNode if none).
  static Frame control(std::uint32_t tag, std::uint32_t value, std::uint32_t second_tag = kNoNode,
                       std::uint32_t second_value = 0) {
    return {FrameKind::kControl, Packet{tag, value, second_tag, second_value}};
  }
};

/// The value a received control word pairs with `tag`, if it carries that tag.
inline std::optional<std::uint32_t> control_value(const std::optional<Frame>& f,
                                                  std::uint32_t tag) {
  if (!f || f->kind != FrameKind::kControl) return std::nullopt;
  if (f->packet.id == tag) return f->packet.source;
  if (f->packet.destination == tag) return static_cast<std::uint32_t>(f->packet.payload);
  return std::nullopt;
}

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
