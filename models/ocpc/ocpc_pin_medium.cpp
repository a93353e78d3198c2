#include "models/ocpc/ocpc_pin_medium.h"

namespace optinet::ocpc {

OcpcPinBus::OcpcPinBus(const sc_core::sc_module_name& name, const OpticalBusConfig& config,
                       const sc_core::sc_port<RunControlIf>* control,
                       const std::vector<OcpcPinReceiver*>* receivers, std::vector<NodeId> members)
    : OpticalBus<Message>(name, config, std::move(members)),
      control_(control),
      receivers_(receivers) {
  transmitters.reserve(config.attached);
  for (std::uint32_t k = 0; k < config.attached; ++k) {
    transmitters.push_back(std::make_unique<TransmitterPins<In>>("in" + std::to_string(k) + "_"));
  }
  // Woken by a transmitter's valid line rising (a delta after the rising edge at which it
  // drives); a slot in which no transmitter lights costs nothing.
  SC_METHOD(sample_inputs);
  for (const auto& t : transmitters) sensitive << t->valid.pos();
  dont_initialize();
}

void OcpcPinBus::sample_inputs() {
  const std::uint64_t slot = (*control_)->current_slot();
  for (std::uint32_t k = 0; k < transmitters.size(); ++k) {
    const TransmitterPins<In>& t = *transmitters[k];
    if (!t.valid.read()) continue;
    const std::uint32_t to = t.line.read();
    drive(k, to, t.message.read(), slot);
    addressed_.push_back(global(to));
  }
}

OpticalBusBase::SlotSummary OcpcPinBus::resolve(std::uint64_t slot) {
  const SlotSummary s = OpticalBus<Message>::resolve(slot);
  for (NodeId r : addressed_) (*receivers_)[r]->lit(slot);
  addressed_.clear();
  return s;
}

OcpcPinReceiver::OcpcPinReceiver(const sc_core::sc_module_name& name, NodeId node,
                                 const ReceiverSampleIf<Message>& light,
                                 const ReceiverInstance* rtl, std::uint32_t transmitters,
                                 const sc_core::sc_port<RunControlIf>* control)
    : sc_core::sc_module(name), node_(node), light_(light), lit_event_("lit"), control_(control) {
  SC_METHOD(step);
  dont_initialize();
  if (rtl == nullptr) {
    sensitive << lit_event_;
    return;
  }
#ifdef OPTINET_HAVE_VERILATOR
  lanes.reserve(transmitters);
  for (std::uint32_t k = 0; k < transmitters; ++k) {
    lanes.push_back(std::make_unique<TransmitterPins<In>>("lane" + std::to_string(k) + "_"));
    sensitive << lanes.back()->valid.pos();
  }
  rtl_ = std::make_unique<OcpcRtlReceiver>(rtl->model, node);
  stage_ = std::make_unique<RtlStage<RtlBoundary>>(boundary_, rtl->lockstep);
  if (rtl->lockstep) stage_->watch_samples(clk);
#else
  (void)transmitters;
  SC_REPORT_ERROR(this->name(), "an RTL receiver needs a build with Verilator");
#endif
}

void OcpcPinReceiver::step() {
  ReceiverOutcome o;
  switch (phase_) {
    case Phase::kHolding:  // the rising edge after a lit slot: its processor sampled, go dark
      go_dark();
      phase_ = Phase::kIdle;
      sc_core::next_trigger();  // static sensitivity: the next slot that lights it
      return;
    case Phase::kIdle:
      if (!stage_) {
        drive(behavioural());
        return;
      }
      // A lane lit, a delta after the rising edge: present the slot, clock it a quarter slot on.
      stage_->start(clk, RtlStage<RtlBoundary>::Present::kAtStart);
      phase_ = Phase::kRtl;
      return;
    case Phase::kRtl:
      if (stage_->advance(o)) drive(o);
      return;
  }
}

ReceiverOutcome OcpcPinReceiver::behavioural() const {
  ReceiverOutcome o;
  const std::optional<Message> got = light_.sample(node_, slot_);
  o.valid = got.has_value();
  o.collision = light_.collided(node_, slot_);
  if (got) o.message = *got;
  return o;
}

void OcpcPinReceiver::drive(const ReceiverOutcome& o) {
  output.valid.write(o.valid);
  output.line.write(o.collision);
  output.message.write(o.message);
  phase_ = Phase::kHolding;
  sc_core::next_trigger(clk.posedge_event());
}

void OcpcPinReceiver::go_dark() {
  output.valid.write(false);
  output.line.write(false);
  output.message.write(Message{});
  if (rtl_) rtl_->clock().write(false);
}

void OcpcPinReceiver::report_mismatches_to(RtlMismatchSink& sink) {
  if (stage_) stage_->report_to(sink, name());
}

}  // namespace optinet::ocpc
