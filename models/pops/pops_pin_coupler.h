#pragma once
/// \file
/// The pins view's coupler c(b, a): a module with a clock, d source inputs (a valid line and a
/// frame each, from the d transmitters of group a) and one broadcast output (busy, collision, a
/// valid line and a frame, to the d receivers of group b). Pin contract (docs/cosimulation.md):
/// a source drives its frame and raises its valid line in the evaluation of the rising edge
/// that starts slot k, and lowers the line at the falling edge; the coupler resolves the slot a
/// delta later (combinationally) and holds its outputs until the rising edge of slot k + 1,
/// where receivers sample them before they go dark. A coupler swapped for RTL is resolved a
/// quarter slot later: its model's clock rtl_clk rises a quarter slot after the rising edge,
/// and the model's outputs are read two delta cycles after that (a design with registered
/// outputs fits). The coupler's law, faults and statistics are `StarCoupler`'s.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/frame_pins.h"
#include "models/core/run_control.h"
#include "models/pops/pops_coupler.h"
#include "models/pops/pops_coupler_factory.h"

namespace optinet::pops {

class PopsPinCoupler : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  /// Source k of group a: in<k>_valid and in<k>_kind, _packet, _source, _destination, _payload.
  std::vector<std::unique_ptr<ValidFramePins<In>>> inputs;
  sc_core::sc_out<bool> busy{"busy"};
  sc_core::sc_out<bool> collision{"collision"};
  /// The broadcast frame: valid and frame_kind, frame_packet, ... (one source lit, no fault).
  ValidFramePins<Out> output{"valid", "frame_"};

  OPTINET_HAS_PROCESS(PopsPinCoupler);
  /// `control`: the run control whose slot number stamps the coupler's statistics and faults,
  /// read when the coupler first resolves a slot. `kind`: the behavioural law, or verilated
  /// model `model` (alone, or in lockstep beside the behavioural law) as a child `rtl`, clocked
  /// by the signal rtl_clk.
  PopsPinCoupler(const sc_core::sc_module_name& name, const OpticalPassiveStarConfig& config,
                 std::uint32_t sources, const sc_core::sc_port<RunControlIf>* control,
                 CouplerKind kind = CouplerKind::kBehavioural, const std::string& model = "");
  ~PopsPinCoupler() override;

  StarCoupler& coupler() { return coupler_; }
  const StarCoupler& coupler() const { return coupler_; }

 private:
  /// Broadcasts a frame onto the output pins.
  class OutputPins : public StarOutputIf {
   public:
    explicit OutputPins(ValidFramePins<Out>& pins) : pins_(pins) {}
    void broadcast(std::uint32_t, const Frame& frame, std::uint64_t) override {
      pins_.valid.write(true);
      pins_.frame.write(frame);
    }

   private:
    ValidFramePins<Out>& pins_;
  };

  void step();
  /// The sources lit now, as a coupler's lane.
  void sample_inputs(std::uint64_t slot);
  /// The slot's outcome `law` committed onto the output pins.
  void resolve(const StarOutcome& law);
  void go_dark();

  enum class Phase { kIdle, kRtl, kHolding };
  StarCoupler coupler_;
  const sc_core::sc_port<RunControlIf>* control_;
  std::unique_ptr<sc_core::sc_signal<bool>> rtl_clk_;  ///< null: the behavioural law
  std::unique_ptr<PopsRtlCouplerLaw> law_;             ///< null: the behavioural law
  OutputPins outputs_{output};
  StarInputLane lane_;
  Phase phase_ = Phase::kIdle;
};

}  // namespace optinet::pops
