#pragma once
/// \file
/// A bus to the sinks seen as an OCPC, so that the OCPC's h-relation algorithms (GJLR, thinning,
/// coin flips: protocols/ocpc) run on it unchanged. The bus of group g of level 1 joins its k
/// sinks and its k level-1 nodes, and any of them may address any other (an optical crossbar of
/// length 2k), exactly the OCPC of p = 2k processors: OCPC processor c (c < k) is sink g*k + c,
/// OCPC processor k + c is level-1 node g*k + c.
///
/// The adapter translates ids both ways: packets carry OCPC destinations while the OCPC
/// protocol runs and are handed to the host with their sink restored; a received message's
/// sender is given as an OCPC id. Everything else (slots, the wired-OR line, the random
/// stream) is the split&hash node's own.
#include <cstdint>
#include <optional>
#include <vector>

#include "models/networks/ocpc_node.h"
#include "models/networks/splithash_node.h"

namespace optinet::splithash {

class SinkBusAsOcpc : public ocpc::OcpcNodeContext {
 public:
  /// `node` is a sink or a level-1 node; `packets` are its packets for sinks of its group (with
  /// their sinks as destinations); `h` is the h every node of the bus is given.
  SinkBusAsOcpc(SplitHashNodeContext& node, const std::vector<Packet>& packets, std::uint32_t h);

  // NodeContext
  NodeId id() const override { return local_; }
  std::uint64_t slot() const override { return node_.slot() - first_slot_; }
  std::uint64_t run_seed() const override { return node_.run_seed(); }
  Rng& rng() override { return node_.rng(); }
  const std::vector<Packet>& packets() const override { return packets_; }
  /// Ends the slot in which the split&hash protocol handed over, so that the line raised for
  /// the OCPC protocol's packets is up in its slot 0.
  void begin_slots() override;
  void next_slot() override;
  void skip_slots(std::uint32_t idle) override { node_.skip_slots(idle); }
  void deliver(const Packet& packet) override;
  void raise_pending() override { node_.raise_pending(); }
  void release_pending() override { node_.release_pending(); }
  bool any_pending() const override { return node_.any_pending(); }
  void note_buffers(unsigned count) override { node_.note_buffers(count); }

  // OcpcNodeContext
  const ocpc::OcpcShape& shape() const override { return shape_; }
  std::uint32_t h() const override { return h_; }
  void send(NodeId to, const Message& message) override;
  const std::optional<Message>& received() const override { return received_; }
  void note_fallback(std::uint32_t count) override { node_.note_fallback(count); }

 private:
  /// The split&hash id of OCPC processor `local` of this node's bus.
  NodeId global(NodeId local) const;
  NodeId local(NodeId global) const;

  SplitHashNodeContext& node_;
  ocpc::OcpcShape shape_;
  std::uint32_t h_;
  std::uint64_t group_;
  NodeId local_;
  std::uint64_t first_slot_ = 0;
  std::vector<Packet> packets_;
  std::optional<Message> received_;
};

}  // namespace optinet::splithash
