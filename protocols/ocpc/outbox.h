#pragma once
/// \file
/// A node's undelivered packets and its share of the machine's wired-OR "pending" line: the node
/// drives the line while it holds at least one packet that has not reached its destination, so
/// every node sees the line drop (one delta after the last packet is acknowledged) and all stop
/// on the same communication step.
#include <cstddef>
#include <optional>
#include <vector>

#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

class Outbox {
 public:
  /// Loads the node's own packets and raises the line if there are any (call in the prologue,
  /// before begin_slots(), so the line is up in slot 0).
  explicit Outbox(OcpcNodeContext& node) : node_(node) {
    for (const Packet& p : node.packets()) add(p);
  }
  ~Outbox() {
    if (!packets_.empty()) node_.release_pending();
  }
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  bool empty() const { return packets_.empty(); }
  std::size_t size() const { return packets_.size(); }
  const Packet& operator[](std::size_t i) const { return packets_[i]; }
  const std::vector<Packet>& packets() const { return packets_; }

  /// Takes a packet into the node's buffers (its own, or one relayed to it).
  void add(const Packet& p) {
    if (packets_.empty()) node_.raise_pending();
    packets_.push_back(p);
    node_.note_buffers(static_cast<unsigned>(packets_.size()));
  }
  /// Drops packet i (acknowledged by the next holder, or delivered here). Order is kept, so
  /// "the j-th undelivered message" stays well defined.
  void remove(std::size_t i) {
    packets_.erase(packets_.begin() + static_cast<std::ptrdiff_t>(i));
    if (packets_.empty()) node_.release_pending();
  }

  /// What arrived in a data slot: a packet for this node is delivered to the host, any other
  /// data packet is kept to be forwarded. Returns true if the message was a data packet.
  bool accept(const std::optional<Message>& received) {
    if (!received || received->kind != Message::Kind::kData) return false;
    if (received->packet.destination == node_.id()) {
      node_.deliver(received->packet);
    } else {
      add(received->packet);
    }
    return true;
  }

  /// A data message carrying packet i.
  Message message(std::size_t i) const {
    Message m;
    m.kind = Message::Kind::kData;
    m.packet = packets_[i];
    return m;
  }

 private:
  OcpcNodeContext& node_;
  std::vector<Packet> packets_;
};

}  // namespace optinet::ocpc
