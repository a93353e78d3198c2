#pragma once
/// \file
/// The coupler c(b, a) as verilated RTL (rtl/optical_passive_star.sv and designs with its
/// ports; verilated only with Verilator): the coupler's boundary of an RtlStage. The RTL is
/// verilated once with kRtlMaxSources source ports; ports d..kRtlMaxSources-1 are tied low.
/// The grouped view's RTL coupler (PopsRtlCoupler) is clocked by the slot clock: it drives the
/// model's inputs in the delta cycle after the sources light the lane, the model settles in
/// the next, and its outputs are read (and delivered) one delta later, all within the slot's
/// rising edge. The pins view's coupler (PopsPinCoupler) runs the stage's phase machine.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/rtl_stage.h"
#include "models/pops/pops_coupler.h"

namespace optinet::pops {

inline constexpr std::uint32_t kRtlMaxSources = 64;  ///< the RTL's D
inline constexpr std::uint32_t kRtlFrameBits = 192;  ///< the RTL's W: 6 words of 32 bits
inline constexpr unsigned kRtlSettleDeltas = 2;      ///< inputs driven, then the model settles

/// A verilated coupler as a coupler's law: the signals around the model (`rtl_valid`,
/// `rtl_frame`, `rtl_out_valid`, `rtl_out_frame`, `rtl_collision`, `rtl_busy`) and the model
/// `rtl`, made children of the module being constructed. Its outcome is read kRtlSettleDeltas
/// delta cycles after the model's clock rose. Lockstep mismatches go to the coupler's
/// observer, named by `owner`.
class PopsRtlCouplerLaw : public StarLaw, private RtlMismatchSink {
 public:
  /// Model `model` (one of rtl_coupler_models()) clocked by the slot clock (the grouped view).
  PopsRtlCouplerLaw(const std::string& model, const sc_core::sc_module& owner,
                    sc_core::sc_in<bool>& clk, const StarCoupler& coupler, bool lockstep);
  /// Model `model` clocked by a coupler's own rtl_clk (the pins view).
  PopsRtlCouplerLaw(const std::string& model, const sc_core::sc_module& owner,
                    sc_core::sc_signal<bool>& clk, const StarCoupler& coupler, bool lockstep);
  ~PopsRtlCouplerLaw() override;

  void present(const StarInputLane& lane) override;
  StarOutcome outcome(const StarInputLane& lane) override;

  /// The coupler's boundary: the lane presented, the outcome read, the behavioural law's.
  class Boundary {
   public:
    using Outcome = StarOutcome;
    std::uint64_t present();
    Outcome outcome();
    Outcome expected() { return resolve_behavioural(*lane_); }
    static bool same(const Outcome& x, const Outcome& y);
    static std::string describe(const Outcome& o);
    sc_core::sc_signal<bool>& clock() { return *clock_; }

   private:
    friend class PopsRtlCouplerLaw;
    const StarInputLane* lane_ = nullptr;
    sc_core::sc_signal<bool>* clock_ = nullptr;  ///< the pins view's rtl_clk
    std::string owner_;
    sc_core::sc_signal<std::uint64_t> valid_{"rtl_valid"};
    sc_core::sc_signal<sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits>> frame_{"rtl_frame"};
    sc_core::sc_signal<bool> out_valid_{"rtl_out_valid"}, collision_{"rtl_collision"},
        busy_{"rtl_busy"};
    sc_core::sc_signal<sc_dt::sc_bv<kRtlFrameBits>> out_frame_{"rtl_out_frame"};
    sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits> staged_;
  };

  /// The stage (the pins view runs its phase machine on the lane `lane`).
  RtlStage<Boundary>& stage(const StarInputLane& lane) {
    boundary_.lane_ = &lane;
    return stage_;
  }

 private:
  PopsRtlCouplerLaw(const sc_core::sc_module& owner, const StarCoupler& coupler, bool lockstep);
  void on_mismatch(std::uint64_t slot, const std::string& where, const std::string& what) override;

  const StarCoupler& coupler_;
  Boundary boundary_;
  RtlStage<Boundary> stage_;
  std::unique_ptr<sc_core::sc_module> rtl_;
};

/// The coupler models this build has verilated, by their top modules' names (empty without
/// Verilator): the coupler (`optical_passive_star`), a coupler with a planted bug for
/// lockstep's tests and example (`star_drops_collisions`), and any model a user added
/// (cmake/rtl.cmake).
const std::vector<std::string>& rtl_coupler_models();

/// The grouped view's RTL coupler module around an PopsRtlCouplerLaw.
class PopsRtlCoupler : public PassiveStar {
 public:
  PopsRtlCoupler(const sc_core::sc_module_name& name, const OpticalPassiveStarConfig& config,
                 bool lockstep = false);

 protected:
  void present(const StarInputLane& lane) override { law_->present(lane); }
  StarOutcome outcome(const StarInputLane& lane) override { return law_->outcome(lane); }

 private:
  std::unique_ptr<PopsRtlCouplerLaw> law_;
};

}  // namespace optinet::pops
