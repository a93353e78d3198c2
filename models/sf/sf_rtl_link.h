#pragma once
/// \file
/// A verilated store-and-forward link stage (rtl/sf_link_stage.sv and designs with its ports;
/// built only with Verilator) in place of one link of the pins view. The models are verilated
/// with W = 224-bit packets: 7 words of 32 bits (payload low, payload high, destination,
/// source, packet id, kind, handle).
///
/// Timing (docs/cosimulation.md): a quarter slot after each edge of the slot clock the stage
/// presents its input pins (the source's offer and the far end's ready) to the model, raises
/// the model's clock `rtl_clk` a delta later, and two delta cycles after that drives the model's
/// outputs onto its output pins. The offer of slot k is then at the far end from k + T/4 until
/// k + 3T/4 (the far end samples it at the falling edge, k + T/2), and the far end's ready
/// at the source from k + 3T/4 until k + 5T/4 (the source samples it at rising edge k + 1).
///
/// Lockstep compares twice: at each tick the RTL's outputs with what a wire would pass from the
/// same input pins, and at the instants the nodes sample the link (falling edge k: the far end
/// reads the offer; rising edge k + 1: the source reads the ready) what the stage drives with
/// what the source offered and the far end granted, so that a stage whose ticks miss those
/// instants fails the run too.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/rtl_stage.h"
#include "models/core/run_control.h"
#include "models/sf/sf_pin_link.h"

namespace optinet::sf {

inline constexpr unsigned kRtlLinkWords = 7;  ///< the RTL's W / 32

/// One link swapped for RTL: source -> target, the model's top module, lockstep or not.
struct LinkInstance {
  NodeId source = 0;
  NodeId target = 0;
  std::string model;
  bool lockstep = false;
};

/// The link stage models this build has verilated, by their top modules' names (empty without
/// Verilator): sf_link_stage, sf_link_drops_source (a planted bug: the source field is lost),
/// and any model a user added (cmake/rtl.cmake).
const std::vector<std::string>& rtl_link_models();

/// What a link stage drives after a tick: the offer towards the far end, the ready back.
struct LinkOutcome {
  bool valid = false;
  Packet packet;
  std::uint32_t kind = 0;
  std::uint32_t handle = 0;
  bool ready = false;
};

/// What a link stage drives, compared and described for lockstep.
bool same_outcome(const LinkOutcome& x, const LinkOutcome& y);
std::string describe_outcome(const LinkOutcome& o);

class SfRtlLink : public LinkStage {
 public:
  OPTINET_HAS_PROCESS(SfRtlLink);
  /// `control`: the run control of the source node (for slot numbers).
  SfRtlLink(const sc_core::sc_module_name& name, const LinkInstance& instance,
            const sc_core::sc_port<RunControlIf>& control);
  ~SfRtlLink() override;
  /// Lockstep mismatches go to `sink`, named by this stage and its link.
  void report_mismatches_to(RtlMismatchSink& sink);
  const LinkInstance& instance() const { return instance_; }

 private:
  /// The link's boundary of its RTL stage: the input pins presented (what a wire would pass
  /// is the behavioural outcome), the model's outcome.
  class RtlBoundary {
   public:
    using Outcome = LinkOutcome;
    explicit RtlBoundary(SfRtlLink& stage) : s_(stage) {}
    std::uint64_t present() {
      s_.presented_ = s_.present();
      return s_.control_->current_slot();
    }
    Outcome outcome() const { return s_.rtl_outcome(); }
    Outcome expected() const { return s_.presented_; }
    static bool same(const Outcome& x, const Outcome& y) { return same_outcome(x, y); }
    static std::string describe(const Outcome& o) { return describe_outcome(o); }
    sc_core::sc_signal<bool>& clock() { return s_.rtl_clk_; }

   private:
    SfRtlLink& s_;
  };

  void step();
  /// Lockstep: at each edge of a running slot clock, what the nodes read against a wire's.
  void watch_samples();
  /// Drives the model's inputs from the stage's input pins; returns what a wire would pass.
  LinkOutcome present();
  LinkOutcome rtl_outcome() const;
  void drive(const LinkOutcome& o);

  sc_core::sc_signal<bool> rtl_clk_{"rtl_clk"};
  sc_core::sc_signal<bool> in_valid_{"rtl_in_valid"}, in_ready_{"rtl_in_ready"};
  sc_core::sc_signal<bool> out_valid_{"rtl_out_valid"}, out_ready_{"rtl_out_ready"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlLinkWords * 32>> in_data_{"rtl_in_data"};
  sc_core::sc_signal<sc_dt::sc_bv<kRtlLinkWords * 32>> out_data_{"rtl_out_data"};
  std::unique_ptr<sc_core::sc_module> rtl_;
  const sc_core::sc_port<RunControlIf>& control_;
  LinkInstance instance_;
  RtlBoundary boundary_{*this};
  RtlStage<RtlBoundary> stage_;
  bool ticking_ = false;  ///< the stage's phase machine is between start() and its outcome
  LinkOutcome presented_;
  bool watching_ = false;  ///< a run is going (watch_samples)
  bool offered_ = false;   ///< the source offered on this link in the last slot
  std::uint64_t offer_slot_ = 0;
};

}  // namespace optinet::sf
