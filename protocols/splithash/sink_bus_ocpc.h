#pragma once
/// \file
/// A bus of the split&hash network seen as an OCPC, so that the OCPC's procedures (GJLR,
/// thinning, coin flips, parallel prefix: protocols/ocpc) run on it unchanged. On an optical
/// crossbar any attached node may address any other, exactly the OCPC.
///
/// - SinkBusAsOcpc: the bus of group g of level 1 joins its k sinks and its k level-1 nodes (an
///   optical crossbar of length 2k), the OCPC of p = 2k processors: OCPC processor c (c < k) is
///   sink g*k + c, OCPC processor k + c is level-1 node g*k + c.
/// - TopBusAsOcpc: the top nodes of the bus of h_j(x) below a group of level L >= 2 (the nodes
///   t of the group with h_j(t) = h_j(x)), the OCPC of their number: OCPC processor m is the top
///   node at local index k + m of that bus.
///
/// The adapter translates ids both ways: packets carry OCPC destinations while the OCPC
/// protocol runs and are handed to the host with their node restored; a received message's
/// sender is given as an OCPC id. Everything else (slots, the wired-OR line, the random
/// stream) is the split&hash node's own.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "models/networks/ocpc_node.h"
#include "models/networks/splithash_node.h"

namespace optinet::splithash {

class BusAsOcpc : public ocpc::OcpcNodeContext {
 public:
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

 protected:
  /// `p` processors; this node is OCPC processor `local`; `packets` (with split&hash
  /// destinations) are translated with local() once the derived class can translate: call
  /// load() from its constructor.
  BusAsOcpc(SplitHashNodeContext& node, std::uint32_t h, std::uint32_t p, NodeId local);
  void load(const std::vector<Packet>& packets);
  /// The split&hash id of OCPC processor `local` of this bus, and back.
  virtual NodeId global(NodeId local) const = 0;
  virtual NodeId local(NodeId global) const = 0;

  SplitHashNodeContext& node_;

 private:
  ocpc::OcpcShape shape_;
  std::uint32_t h_;
  NodeId local_;
  std::uint64_t first_slot_ = 0;
  std::vector<Packet> packets_;
  std::optional<Message> received_;
};

class SinkBusAsOcpc : public BusAsOcpc {
 public:
  /// `node` is a sink or a level-1 node; `packets` are its packets for sinks of its group (with
  /// their sinks as destinations); `h` is the h every node of the bus is given.
  SinkBusAsOcpc(SplitHashNodeContext& node, const std::vector<Packet>& packets, std::uint32_t h);

 protected:
  NodeId global(NodeId local) const override;
  NodeId local(NodeId global) const override;

 private:
  std::uint64_t group_;
};

class TopBusAsOcpc : public BusAsOcpc {
 public:
  /// `node` is a node of level >= 2; the bus is that of its function `j` (no packets: the
  /// procedures run on it exchange control words, or packets sent with global ids).
  TopBusAsOcpc(SplitHashNodeContext& node, std::uint32_t j);

 protected:
  NodeId global(NodeId local) const override;
  NodeId local(NodeId global) const override;

 private:
  std::uint32_t i_;  ///< the funnel level below the node (its level - 1)
  std::uint32_t j_;
  std::uint64_t group_;
  std::uint64_t l_;  ///< the bottom index of the bus
};

/// The last level of random-function and h-relation: the OCPC's `gjlr` (GJLR93's h-relation
/// algorithm) on every bus to the sinks at once.
class GjlrOnSinkBuses {
 public:
  GjlrOnSinkBuses();
  ~GjlrOnSinkBuses();
  /// Routes a level-1 node's `collected` packets (a sink passes none) over its bus, every node
  /// of the bus given `h`.
  void run(SplitHashNodeContext& node, const std::vector<Packet>& collected, std::uint32_t h) const;

 private:
  std::unique_ptr<ocpc::OcpcProtocol> gjlr_;
};

}  // namespace optinet::splithash
