#pragma once
/// \file
/// A bus of a larger network seen as an OCPC, so that the OCPC's procedures (GJLR, thinning,
/// coin flips, parallel prefix) run on it unchanged: on an optical bus any attached node may
/// address any other, exactly the OCPC. `Host` is the node's own context (a split&hash node, a
/// node of the d-dimensional MOB); it must offer send(NodeId, const Message&), received() and
/// note_fallback(count) besides the NodeContext.
///
/// The adapter translates ids both ways: packets carry OCPC destinations while the OCPC
/// protocol runs and are handed to the host with their node restored; a received message's
/// sender is given as an OCPC id. Everything else (slots, the wired-OR line, the random
/// stream) is the host node's own. A derived class says which host node each OCPC processor is.
#include <cstdint>
#include <optional>
#include <vector>

#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

template <typename Host>
class HostBusAsOcpc : public OcpcNodeContext {
 public:
  // NodeContext
  NodeId id() const override { return local_; }
  std::uint64_t slot() const override { return node_.slot() - first_slot_; }
  std::uint64_t run_seed() const override { return node_.run_seed(); }
  Rng& rng() override { return node_.rng(); }
  const std::vector<Packet>& packets() const override { return packets_; }
  /// Ends the slot in which the host protocol handed over, so that the line raised for the
  /// OCPC protocol's packets is up in its slot 0.
  void begin_slots() override {
    node_.next_slot();
    first_slot_ = node_.slot();
  }
  void next_slot() override {
    node_.next_slot();
    received_ = node_.received();
    if (received_) received_->sender = local(received_->sender);
  }
  void skip_slots(std::uint32_t idle) override { node_.skip_slots(idle); }
  void deliver(const Packet& packet) override {
    Packet p = packet;
    p.destination = global(packet.destination);
    node_.deliver(p);
  }
  void raise_pending() override { node_.raise_pending(); }
  void release_pending() override { node_.release_pending(); }
  bool any_pending() const override { return node_.any_pending(); }
  void note_buffers(unsigned count) override { node_.note_buffers(count); }

  // OcpcNodeContext
  const OcpcShape& shape() const override { return shape_; }
  std::uint32_t h() const override { return h_; }
  void send(NodeId to, const Message& message) override { node_.send(global(to), message); }
  const std::optional<Message>& received() const override { return received_; }
  void note_fallback(std::uint32_t count) override { node_.note_fallback(count); }

 protected:
  /// `p` processors; this node is OCPC processor `local`; `packets` (with host destinations)
  /// are translated with local() once the derived class can translate: call load() from its
  /// constructor.
  HostBusAsOcpc(Host& node, std::uint32_t h, std::uint32_t p, NodeId local)
      : node_(node), h_(h), local_(local) {
    shape_.topology = Topology::kOcpc;
    shape_.p = p;
  }
  void load(const std::vector<Packet>& packets) {
    packets_ = packets;
    for (Packet& p : packets_) p.destination = local(p.destination);
  }
  /// The host id of OCPC processor `local` of this bus, and back.
  virtual NodeId global(NodeId local) const = 0;
  virtual NodeId local(NodeId global) const = 0;

  Host& node_;

 private:
  OcpcShape shape_;
  std::uint32_t h_;
  NodeId local_;
  std::uint64_t first_slot_ = 0;
  std::vector<Packet> packets_;
  std::optional<Message> received_;
};

}  // namespace optinet::ocpc
