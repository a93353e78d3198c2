#include "models/ocpc/ocpc_pin_medium.h"

#ifdef OPTINET_HAVE_VERILATOR
#include "models/core/rtl_model_names.h"
#include "models/ocpc/ocpc_rtl_receiver_models.h"
#endif

namespace optinet::ocpc {

const std::vector<std::string>& rtl_receiver_models() {
#ifdef OPTINET_HAVE_VERILATOR
  static const std::vector<std::string> models = rtl_model_names(rtl_receiver_registry());
#else
  static const std::vector<std::string> models;
#endif
  return models;
}

PinOcpcBus::PinOcpcBus(const sc_core::sc_module_name& name, const OpticalBusConfig& config,
                       const sc_core::sc_port<RunControlIf>* control,
                       const std::vector<PinOcpcReceiver*>* receivers, std::vector<NodeId> members)
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

void PinOcpcBus::sample_inputs() {
  const std::uint64_t slot = (*control_)->current_slot();
  for (std::uint32_t k = 0; k < transmitters.size(); ++k) {
    const TransmitterPins<In>& t = *transmitters[k];
    if (!t.valid.read()) continue;
    const std::uint32_t to = t.line.read();
    drive(k, to, t.message.read(), slot);
    addressed_.push_back(global(to));
  }
}

OpticalBusBase::SlotSummary PinOcpcBus::resolve(std::uint64_t slot) {
  const SlotSummary s = OpticalBus<Message>::resolve(slot);
  for (NodeId r : addressed_) (*receivers_)[r]->lit(slot);
  addressed_.clear();
  return s;
}

PinOcpcReceiver::PinOcpcReceiver(const sc_core::sc_module_name& name, NodeId node,
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
  lockstep_ = rtl->lockstep;
  lanes.reserve(transmitters);
  for (std::uint32_t k = 0; k < transmitters; ++k) {
    lanes.push_back(std::make_unique<TransmitterPins<In>>("lane" + std::to_string(k) + "_"));
    sensitive << lanes.back()->valid.pos();
  }
  rtl_ = std::make_unique<RtlReceiverStage>(rtl->model, node);
  if (lockstep_) {
    rtl_->watch_samples(clk, [this](std::uint64_t slot, const std::string& what) {
      if (!mismatch_.empty()) return;
      mismatch_ = what;
      mismatch_slot_ = slot;
    });
  }
#else
  (void)transmitters;
  SC_REPORT_ERROR(this->name(), "an RTL receiver needs a build with Verilator");
#endif
}

namespace {
std::string describe(const ReceiverOutcome& o) {
  std::string s = "valid " + std::to_string(o.valid) + " collision " + std::to_string(o.collision);
  if (o.valid) s += " frame of packet " + std::to_string(o.message.packet.id);
  return s;
}
bool same(const ReceiverOutcome& x, const ReceiverOutcome& y) {
  if (x.valid != y.valid || x.collision != y.collision) return false;
  const Message& a = x.message;
  const Message& b = y.message;
  return !x.valid || (a.kind == b.kind && a.sender == b.sender && a.packet == b.packet &&
                      a.control[0] == b.control[0] && a.control[1] == b.control[1]);
}
}  // namespace

void PinOcpcReceiver::step() {
  switch (phase_) {
    case Phase::kHolding:  // the rising edge after a lit slot: its processor sampled, go dark
      go_dark();
      phase_ = Phase::kIdle;
      sc_core::next_trigger();  // static sensitivity: the next slot that lights it
      return;
    case Phase::kIdle:
      if (!rtl_) {
        drive(behavioural());
        return;
      }
      // A lane lit, a delta after the rising edge: present the slot, clock it a quarter slot on.
      slot_ = (*control_)->current_slot();
      rtl_->present(lanes, slot_);
      phase_ = Phase::kEdge;
      sc_core::next_trigger(RtlClockEdge::quarter_slot(clk));
      return;
    case Phase::kEdge:
      edge_.raise(rtl_->clock());  // the clock edge reaches the model, then its outputs change
      phase_ = Phase::kSettling;
      return;
    case Phase::kSettling:
      if (!edge_.settled()) return;
      drive(rtl_outcome());
      return;
  }
}

ReceiverOutcome PinOcpcReceiver::behavioural() const {
  ReceiverOutcome o;
  const std::optional<Message> got = light_.sample(node_, slot_);
  o.valid = got.has_value();
  o.collision = light_.collided(node_, slot_);
  if (got) o.message = *got;
  return o;
}

ReceiverOutcome PinOcpcReceiver::rtl_outcome() {
  const ReceiverOutcome rtl = rtl_->outcome();
  if (!lockstep_) return rtl;
  const ReceiverOutcome model = behavioural();
  if (!same(rtl, model) && mismatch_.empty()) {
    mismatch_ = "behavioural: " + describe(model) + "; rtl: " + describe(rtl);
    mismatch_slot_ = slot_;
  }
  return model;
}

void PinOcpcReceiver::drive(const ReceiverOutcome& o) {
  output.valid.write(o.valid);
  output.line.write(o.collision);
  output.message.write(o.message);
  phase_ = Phase::kHolding;
  sc_core::next_trigger(clk.posedge_event());
}

void PinOcpcReceiver::go_dark() {
  output.valid.write(false);
  output.line.write(false);
  output.message.write(Message{});
  if (rtl_) rtl_->clock().write(false);
}

std::string PinOcpcReceiver::take_mismatch(std::uint64_t& slot) {
  slot = mismatch_slot_;
  std::string m;
  m.swap(mismatch_);
  return m;
}

}  // namespace optinet::ocpc
