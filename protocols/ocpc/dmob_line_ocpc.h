#pragma once
/// \file
/// A bus of dimension 0 of the d-dimensional MOB seen as an OCPC of K processors, so that the
/// OCPC's procedures (GJLR, parallel prefix) run on it unchanged: every node of the line can
/// address every other, exactly the OCPC. OCPC processor c is the node of the line with
/// coordinate 0 = c. Packets carry OCPC destinations while the OCPC protocol runs and are
/// handed to the host with their node restored; a received message's sender is given as an
/// OCPC id. Everything else (slots, the wired-OR line, the random stream) is the node's own.
///
/// On the embedded split&hash network (models/topology/split_hash_embedding.h) the line of node
/// v is the bus of v's group of level 1: the level-1 nodes and the sinks of one group differ in
/// coordinate 0 only, and MOB node v plays both level-1 node v and sink v.
#include <cstdint>
#include <optional>
#include <vector>

#include "models/networks/ocpc_node.h"

namespace optinet::ocpc {

class DmobLineAsOcpc : public OcpcNodeContext {
 public:
  /// `node` is a node of the mesh; `packets` are its packets for nodes of its line (mesh ids);
  /// `h` is the h every node of the line is given.
  DmobLineAsOcpc(OcpcNodeContext& node, const std::vector<Packet>& packets, std::uint32_t h);

  // NodeContext
  NodeId id() const override { return local(node_.id()); }
  std::uint64_t slot() const override { return node_.slot() - first_slot_; }
  std::uint64_t run_seed() const override { return node_.run_seed(); }
  Rng& rng() override { return node_.rng(); }
  const std::vector<Packet>& packets() const override { return packets_; }
  /// Ends the slot in which the host protocol handed over, so that the line raised for the
  /// OCPC protocol's packets is up in its slot 0.
  void begin_slots() override;
  void next_slot() override;
  void skip_slots(std::uint32_t idle) override { node_.skip_slots(idle); }
  void deliver(const Packet& packet) override;
  void raise_pending() override { node_.raise_pending(); }
  void release_pending() override { node_.release_pending(); }
  bool any_pending() const override { return node_.any_pending(); }
  void note_buffers(unsigned count) override { node_.note_buffers(count); }

  // OcpcNodeContext
  const OcpcShape& shape() const override { return shape_; }
  std::uint32_t h() const override { return h_; }
  void send(NodeId to, const Message& message) override;
  const std::optional<Message>& received() const override { return received_; }
  void note_fallback(std::uint32_t count) override { node_.note_fallback(count); }

 private:
  /// The mesh id of OCPC processor `local` of this line, and back.
  NodeId global(NodeId local) const;
  NodeId local(NodeId global) const;

  OcpcNodeContext& node_;
  topology::DmobIndexing mesh_;
  OcpcShape shape_;
  std::uint32_t h_;
  std::uint64_t first_slot_ = 0;
  std::vector<Packet> packets_;
  std::optional<Message> received_;
};

}  // namespace optinet::ocpc
