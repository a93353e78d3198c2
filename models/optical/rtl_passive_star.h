#pragma once
/// \file
/// The coupler c(b, a) as verilated RTL (rtl/optical_passive_star.sv, built only with Verilator):
/// a drop-in for OpticalPassiveStar. The RTL is verilated once with kRtlMaxSources source ports;
/// ports d..kRtlMaxSources-1 are tied low. Timing: the wrapper drives the model's inputs in the
/// delta cycle after the sources light the lane, the model settles in the next, and its outputs
/// are read (and delivered) one delta later, all within the slot's rising edge.
#include <cstdint>
#include <memory>
#include <systemc>

#include "models/optical/optical_passive_star.h"

class Voptical_passive_star;

namespace optinet {

inline constexpr std::uint32_t kRtlMaxSources = 64;  ///< the RTL's D
inline constexpr std::uint32_t kRtlFrameBits = 192;  ///< the RTL's W: 6 words of 32 bits

class RtlPassiveStar : public PassiveStar {
 public:
  /// `lockstep`: also resolve the lane behaviourally, report any difference to the observer's
  /// on_mismatch, and deliver the behavioural outcome.
  RtlPassiveStar(const sc_core::sc_module_name& name, const OpticalPassiveStarConfig& config,
                 bool lockstep = false);
  ~RtlPassiveStar() override;

 protected:
  void present(const StarInputLane& lane) override;
  StarOutcome outcome(const StarInputLane& lane) override;

 private:
  bool lockstep_;
  std::unique_ptr<Voptical_passive_star> rtl_;
  sc_core::sc_signal<std::uint64_t> valid_{"valid"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits>> frame_{"frame"};
  sc_core::sc_signal<bool> out_valid_{"out_valid"}, collision_{"rtl_collision"}, busy_{"rtl_busy"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlFrameBits>> out_frame_{"out_frame"};
  sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits> staged_;
};

}  // namespace optinet
