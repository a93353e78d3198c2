#pragma once
/// \file
/// A verilated OCPC bus receiver stage (rtl/ocpc_bus_receiver.sv and designs with its ports;
/// verilated only with Verilator): the signals and model at the receiver's boundary of an
/// RtlStage (OcpcPinReceiver runs the stage). The models are verilated
/// with K = kRtlReceiverLanes transmitter ports (lanes p..K-1 tied low), 16-bit addresses and
/// W = 352-bit frames: a message as 11 words of 32 bits (payload low, payload high, destination,
/// source, packet id, kind, sender, control0 low and high, control1 low and high).
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/ocpc/ocpc_pins.h"

namespace optinet::ocpc {

inline constexpr std::uint32_t kRtlReceiverLanes = 64;  ///< the RTL's K
inline constexpr unsigned kRtlMessageWords = 11;        ///< the RTL's W / 32

/// What a receiver drives in a slot.
struct ReceiverOutcome {
  bool valid = false;      ///< exactly one frame arrived: `message`
  bool collision = false;  ///< two or more
  Message message;
};

/// The signals around a verilated receiver stage (`rtl_clk`, `rtl_my_addr`, `rtl_valid`,
/// `rtl_dest`, `rtl_frame`, `rtl_out_valid`, `rtl_out_frame`, `rtl_collision`,
/// `rtl_addressed`) and the model `rtl`, made children of the module being constructed.
class OcpcRtlReceiver {
 public:
  /// `model`: one of rtl_receiver_models(); `address`: the receiver's local index on its bus.
  OcpcRtlReceiver(const std::string& model, std::uint32_t address);
  ~OcpcRtlReceiver() = default;

  /// Drives the model's inputs from transmitter lanes (lane k on port k).
  void present(const std::vector<std::unique_ptr<TransmitterPins<In>>>& lanes);
  /// The model's clock: rises once in a slot after present(), falls at the slot's end.
  sc_core::sc_signal<bool>& clock() { return clk_; }
  /// The model's outputs (read two delta cycles after the clock rose), which the receiver
  /// drives onto its pins in the same evaluation.
  ReceiverOutcome outcome();

 private:
  sc_core::sc_signal<bool> clk_{"rtl_clk"};
  sc_core::sc_signal<std::uint32_t> my_addr_;
  sc_core::sc_signal<std::uint64_t> valid_{"rtl_valid"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlReceiverLanes * 16>> dest_{"rtl_dest"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlReceiverLanes * kRtlMessageWords * 32>> frame_{"rtl_frame"};
  sc_core::sc_signal<bool> out_valid_{"rtl_out_valid"}, collision_{"rtl_collision"},
      addressed_{"rtl_addressed"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlMessageWords * 32>> out_frame_{"rtl_out_frame"};
  std::unique_ptr<sc_core::sc_module> rtl_;
  sc_dt::sc_bv<kRtlReceiverLanes * 16> staged_dest_;
  sc_dt::sc_bv<kRtlReceiverLanes * kRtlMessageWords * 32> staged_frame_;
};

/// What a receiver drives, compared and described for lockstep.
bool same_outcome(const ReceiverOutcome& x, const ReceiverOutcome& y);
std::string describe_outcome(const ReceiverOutcome& o);

/// The receiver models this build has verilated, by their top modules' names (empty without
/// Verilator): ocpc_bus_receiver, ocpc_bus_receiver_registered (its outputs registered),
/// receiver_drops_collisions (registered, with a planted bug: collisions unflagged), and any
/// model a user added (cmake/rtl.cmake).
const std::vector<std::string>& rtl_receiver_models();

}  // namespace optinet::ocpc
