#include "models/pops/pops_pin_coupler.h"

namespace optinet::pops {

PopsPinCoupler::PopsPinCoupler(const sc_core::sc_module_name& name,
                               const OpticalPassiveStarConfig& config, std::uint32_t sources,
                               const sc_core::sc_port<RunControlIf>* control, CouplerKind kind,
                               const std::string& model)
    : sc_core::sc_module(name), coupler_(config), control_(control) {
  if (kind != CouplerKind::kBehavioural) {
    rtl_clk_ = std::make_unique<sc_core::sc_signal<bool>>("rtl_clk");
    law_ = make_coupler_law(kind, model, *this, *rtl_clk_, coupler_);
    // The model ticks a quarter slot after the slot clock's edge: with lockstep, the instants
    // the receivers sample the coupler are checked too.
    if (kind == CouplerKind::kLockstep) law_->stage(lane_).watch_samples(clk);
  }
  inputs.reserve(sources);
  for (std::uint32_t k = 0; k < sources; ++k) {
    const std::string in = "in" + std::to_string(k) + "_";
    inputs.push_back(std::make_unique<ValidFramePins<In>>(in + "valid", in));
  }
  lane_.sources.reserve(sources);
  // Woken by a source's valid line rising (a delta after the rising edge at which it drives);
  // silent sources cost nothing.
  SC_METHOD(step);
  for (const auto& input : inputs) sensitive << input->valid.pos();
  dont_initialize();
}

void PopsPinCoupler::step() {
  StarOutcome law;
  switch (phase_) {
    case Phase::kHolding:
      // The rising edge that ends the slot: receivers sample in this evaluation, and the outputs
      // go dark after it. Sources that drive in the new slot raise their valid lines in this
      // evaluation too, which wakes the method again a delta later.
      go_dark();
      phase_ = Phase::kIdle;
      return;  // static sensitivity: the next source that lights
    case Phase::kIdle:
      sample_inputs((*control_)->current_slot());
      if (lane_.drivers == 0) break;
      if (law_) {  // present the slot, clock the RTL a quarter slot on
        law_->stage(lane_).start(clk, RtlStage<PopsRtlCouplerLaw::Boundary>::Present::kAtStart);
        phase_ = Phase::kRtl;
        return;
      }
      resolve(resolve_behavioural(lane_));
      break;
    case Phase::kRtl:
      if (!law_->stage(lane_).advance(law)) return;
      resolve(law);
      break;
  }
  phase_ = Phase::kHolding;
  sc_core::next_trigger(clk.posedge_event());
}

PopsPinCoupler::~PopsPinCoupler() = default;

void PopsPinCoupler::resolve(const StarOutcome& law) {
  const StarOutcome o = coupler_.commit(lane_, law, outputs_);
  busy.write(o.busy);
  collision.write(o.collision);
}

void PopsPinCoupler::sample_inputs(std::uint64_t slot) {
  lane_.slot = slot;
  lane_.drivers = 0;
  lane_.sources.clear();
  for (std::uint32_t k = 0; k < inputs.size(); ++k) {
    const ValidFramePins<In>& in = *inputs[k];
    if (!in.valid.read()) continue;
    const Frame frame = in.frame.read();
    if (++lane_.drivers == 1) lane_.frame = frame;
    lane_.sources.push_back({k, frame});
  }
}

void PopsPinCoupler::go_dark() {
  busy.write(false);
  collision.write(false);
  output.valid.write(false);
  output.frame.write(Frame{});
  if (rtl_clk_) rtl_clk_->write(false);
  coupler_.go_dark();
}

}  // namespace optinet::pops
