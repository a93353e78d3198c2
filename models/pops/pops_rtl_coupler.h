#pragma once
/// \file
/// The coupler c(b, a) as verilated RTL (rtl/optical_passive_star.sv, built only with Verilator):
/// a drop-in for OpticalPassiveStar. The RTL is verilated once with kRtlMaxSources source ports;
/// ports d..kRtlMaxSources-1 are tied low. Timing: the wrapper drives the model's inputs in the
/// delta cycle after the sources light the lane, the model settles in the next, and its outputs
/// are read (and delivered) one delta later, all within the slot's rising edge.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/rtl_sample_watch.h"
#include "models/pops/optical_passive_star.h"

namespace optinet {

inline constexpr std::uint32_t kRtlMaxSources = 64;  ///< the RTL's D
inline constexpr std::uint32_t kRtlFrameBits = 192;  ///< the RTL's W: 6 words of 32 bits
inline constexpr unsigned kRtlSettleDeltas = 2;      ///< inputs driven, then the model settles

/// A verilated coupler as a coupler's law: the signals around the model (`rtl_valid`,
/// `rtl_frame`, `rtl_out_valid`, `rtl_out_frame`, `rtl_collision`, `rtl_busy`) and the model
/// `rtl` (VerilatedStarLaw), made children of the module being constructed. Its outcome is read
/// kRtlSettleDeltas delta cycles after present().
class RtlStarLaw : public StarLaw {
 public:
  void present(const StarInputLane& lane) override;
  StarOutcome outcome(const StarInputLane& lane) override;
  /// Lockstep at the processors' sampling instants too (RtlSampleWatch), on the slot clock
  /// `slot_clk` of the coupler's module.
  void watch_samples(const sc_core::sc_in<bool>& slot_clk);

 protected:
  /// `coupler`: its observer hears of a lockstep mismatch, named `owner`. `lockstep`: also
  /// resolve the lane behaviourally, report any difference, and return the behavioural outcome.
  RtlStarLaw(const sc_core::sc_module& owner, const StarCoupler& coupler, bool lockstep)
      : owner_(owner), coupler_(coupler), lockstep_(lockstep) {}

  sc_core::sc_signal<std::uint64_t> valid_{"rtl_valid"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits>> frame_{"rtl_frame"};
  sc_core::sc_signal<bool> out_valid_{"rtl_out_valid"}, collision_{"rtl_collision"},
      busy_{"rtl_busy"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlFrameBits>> out_frame_{"rtl_out_frame"};

 private:
  const sc_core::sc_module& owner_;
  const StarCoupler& coupler_;
  bool lockstep_;
  sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits> staged_;
  std::unique_ptr<RtlSampleWatch> sample_watch_;  ///< lockstep in the pins view
};

/// The coupler models this build has verilated, by their top modules' names: the coupler
/// (`optical_passive_star`), a coupler with a planted bug for lockstep's tests and example
/// (`star_drops_collisions`), and any model a user added (cmake/rtl.cmake).
const std::vector<std::string>& rtl_coupler_models();
/// The law of verilated model `model` (one of rtl_coupler_models()), clocked by `clk`: the
/// slot clock (the grouped view's RTL couplers) or a coupler's own rtl_clk (the pins view).
std::unique_ptr<StarLaw> make_rtl_star_law(const std::string& model,
                                           const sc_core::sc_module& owner,
                                           sc_core::sc_in<bool>& clk, const StarCoupler& coupler,
                                           bool lockstep);
std::unique_ptr<StarLaw> make_rtl_star_law(const std::string& model,
                                           const sc_core::sc_module& owner,
                                           sc_core::sc_signal<bool>& clk,
                                           const StarCoupler& coupler, bool lockstep);

/// The grouped view's RTL coupler module around an RtlStarLaw.
class RtlPassiveStar : public PassiveStar {
 public:
  RtlPassiveStar(const sc_core::sc_module_name& name, const OpticalPassiveStarConfig& config,
                 bool lockstep = false);

 protected:
  void present(const StarInputLane& lane) override { law_->present(lane); }
  StarOutcome outcome(const StarInputLane& lane) override { return law_->outcome(lane); }

 private:
  std::unique_ptr<StarLaw> law_;
};

}  // namespace optinet
