#pragma once
/// \file
/// The pins view's mesh processor: a MeshProcessor (its protocol's thread) whose outbox and
/// memory are its own, reached by its router through pins. Per lane E, W, N, S, L (L: the node
/// itself) it drives offer_<lane>_* (valid and the first outbox message whose first hop is
/// that output: the outbox head only, with one queue) and reads take_<lane> and
/// eject_<lane>_*. Pin contract (docs/cosimulation.md): the offers hold from the delta after
/// the outbox changes until the rising edge at which the router samples them; take_<lane> high
/// (a delta after that edge) drops the offered message; the processor's memory takes every
/// eject lane whose valid rises, L first, then E, W, N, S.
#include <cstdint>
#include <deque>
#include <memory>
#include <systemc>

#include "models/core/compat.h"
#include "models/mesh/mesh_link_layer.h"
#include "models/mesh/mesh_pins.h"
#include "models/mesh/mesh_processor.h"

namespace optinet::mesh {

/// What the pins view's processors share: the mesh, the outbox discipline, the observer of
/// the packets' entry and delivery, and the run control that stamps them with the slot.
struct MeshPinShared {
  MeshGeometry geometry;
  OutboxQueues outbox = OutboxQueues::kSingle;
  MeshFabricObserver* observer = nullptr;
  const RunControlIf* control = nullptr;
};

class MeshPinProcessor : public MeshProcessor, public MeshNodePort {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  /// By lane: E, W, N, S, L.
  std::unique_ptr<MeshLanePins<Out>> offer[kInputs];
  std::unique_ptr<sc_core::sc_in<bool>> take_pins[kInputs];
  std::unique_ptr<MeshLanePins<In>> eject[kInputs];

  OPTINET_HAS_PROCESS(MeshPinProcessor);
  /// `config.port` is ignored: the processor's own pins take its place.
  MeshPinProcessor(const sc_core::sc_module_name& name, MeshProcessorConfig config,
                   const MeshPinShared& shared);

  using MeshProcessor::send;  // the protocol's send(m) stays visible beside the port's

  // MeshNodePort
  void send(std::uint32_t node, MeshMsg m) override;
  bool take_delivered(MeshMsg& out);
  bool take(std::uint32_t, MeshMsg& out) override { return take_delivered(out); }
  const sc_core::sc_event& delivery_event(std::uint32_t) const override { return delivered_; }

  std::uint64_t outbox_size() const { return outbox_.size(); }
  std::uint64_t unread() const { return inbox_.size(); }
  void reset();
  /// Drops the outbox and the memory (after a run stopped at the slot limit).
  void discard();

 private:
  static MeshProcessorConfig with_port(MeshProcessorConfig config, MeshPinProcessor& self);
  /// The network interface: drops what the router took, takes what it ejected, offers anew.
  void interface();
  void drive_offers();
  std::uint64_t now() const;

  const MeshPinShared& shared_;
  MeshOutbox outbox_;
  OutboxKey offered_[kInputs];
  bool offering_[kInputs] = {false, false, false, false, false};
  std::deque<MeshMsg> inbox_;
  sc_core::sc_event delivered_;
  sc_core::sc_event outbox_changed_;
};

}  // namespace optinet::mesh
