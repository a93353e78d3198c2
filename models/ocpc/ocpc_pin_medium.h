#pragma once
/// \file
/// The pins view's OCPC-family optical medium: a bus whose transmitters are pins, and one
/// receiver module per processor whose output is pins. Pin contract (docs/cosimulation.md):
/// transmitters drive valid, address and message in the evaluation of the rising edge that
/// starts slot k; the bus samples its lit inputs a delta later and resolves the slot (the
/// law, faults and statistics are `OpticalBus`'s, and the network's `ReceiverArray` keeps
/// each receiver's light); each receiver the slot addressed drives its output a delta after
/// that and holds it until the rising edge of slot k + 1, where its processor samples it
/// before it goes dark.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/rtl_stage.h"
#include "models/core/run_control.h"
#include "models/ocpc/ocpc_pins.h"
#include "models/ocpc/ocpc_rtl_receiver.h"
#include "models/optical/optical_bus.h"

namespace optinet::ocpc {

class OcpcPinReceiver;

class OcpcPinBus : public OpticalBus<Message> {
 public:
  /// Transmitter k of the bus (local index k): in<k>_valid, in<k>_address, in<k>_kind, ...
  std::vector<std::unique_ptr<TransmitterPins<In>>> transmitters;

  OPTINET_HAS_PROCESS(OcpcPinBus);
  /// `control`: the run control whose slot number the bus stamps its drives with. `receivers`:
  /// the receiver modules by global node id, told when the slot lights them. `members`: as
  /// for OpticalBus.
  OcpcPinBus(const sc_core::sc_module_name& name, const OpticalBusConfig& config,
             const sc_core::sc_port<RunControlIf>* control,
             const std::vector<OcpcPinReceiver*>* receivers, std::vector<NodeId> members = {});

 protected:
  SlotSummary resolve(std::uint64_t slot) override;

 private:
  /// The lit inputs, as drives of the slot (in input order).
  void sample_inputs();

  const sc_core::sc_port<RunControlIf>* control_;
  const std::vector<OcpcPinReceiver*>* receivers_;
  std::vector<NodeId> addressed_;  ///< global ids of the receivers addressed this slot
};

/// A receiver swapped for a verilated model (`--rtl receiver:NODE=MODEL[:lockstep]`).
struct ReceiverInstance {
  NodeId node = 0;
  std::string model;      ///< by its top module's name (rtl_receiver_models())
  bool lockstep = false;  ///< beside the behavioural receiver: a difference fails the run
};

/// Processor `node`'s receiver: what the network's ReceiverArray holds for it in a slot that
/// lit it, on pins (valid, collision, kind, packet, ...), until the next rising edge. Swapped
/// for RTL, it also has the bus's lanes as inputs (lane<k>_valid, lane<k>_address, lane<k>_kind,
/// ...: transmitter k's wires) and the verilated stage as its child `rtl`, clocked by `rtl_clk`:
/// in a slot in which a lane lights, the stage's inputs are driven a delta after the rising
/// edge, rtl_clk rises a quarter slot later, and two delta cycles after that the stage's outputs
/// are read and driven onto the receiver's pins (with :lockstep, the behavioural outcome, after
/// comparing the two); they hold, and rtl_clk stays high, until the next rising edge.
class OcpcPinReceiver : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  ReceiverPins<Out> output{""};
  /// Swapped for RTL: transmitter k of the bus (empty for a behavioural receiver).
  std::vector<std::unique_ptr<TransmitterPins<In>>> lanes;

  OPTINET_HAS_PROCESS(OcpcPinReceiver);
  /// `light`: the network's receiver array. `rtl`: swapped for this model (null: behavioural),
  /// with `transmitters` lanes, the slot read from `control`.
  OcpcPinReceiver(const sc_core::sc_module_name& name, NodeId node,
                  const ReceiverSampleIf<Message>& light, const ReceiverInstance* rtl = nullptr,
                  std::uint32_t transmitters = 0,
                  const sc_core::sc_port<RunControlIf>* control = nullptr);

  /// A bus lit this receiver in `slot` (its light is in the array once the bus resolved).
  void lit(std::uint64_t slot) {
    slot_ = slot;
    lit_event_.notify(sc_core::SC_ZERO_TIME);
  }
  /// Swapped for RTL: lockstep mismatches go to `sink`, named by this receiver.
  void report_mismatches_to(RtlMismatchSink& sink);

 private:
  /// The receiver's boundary of its RTL stage: the lanes presented, the model's outcome, the
  /// array's light (the behavioural receiver).
  class RtlBoundary {
   public:
    using Outcome = ReceiverOutcome;
    explicit RtlBoundary(OcpcPinReceiver& receiver) : r_(receiver) {}
    std::uint64_t present() {
      r_.slot_ = (*r_.control_)->current_slot();
      r_.rtl_->present(r_.lanes);
      return r_.slot_;
    }
    Outcome outcome() { return r_.rtl_->outcome(); }
    Outcome expected() { return r_.behavioural(); }
    static bool same(const Outcome& x, const Outcome& y) { return same_outcome(x, y); }
    static std::string describe(const Outcome& o) { return describe_outcome(o); }
    sc_core::sc_signal<bool>& clock() { return r_.rtl_->clock(); }

   private:
    OcpcPinReceiver& r_;
  };

  enum class Phase { kIdle, kRtl, kHolding };
  void step();
  /// The behavioural outcome: the array's light for this receiver in slot_.
  ReceiverOutcome behavioural() const;
  void drive(const ReceiverOutcome& o);
  void go_dark();

  NodeId node_;
  const ReceiverSampleIf<Message>& light_;
  sc_core::sc_event lit_event_;
  std::uint64_t slot_ = 0;
  Phase phase_ = Phase::kIdle;
  std::unique_ptr<OcpcRtlReceiver> rtl_;  ///< null: behavioural
  const sc_core::sc_port<RunControlIf>* control_ = nullptr;
  RtlBoundary boundary_{*this};
  std::unique_ptr<RtlStage<RtlBoundary>> stage_;  ///< null: behavioural
};

}  // namespace optinet::ocpc
