#include "models/sf/sf_rtl_link.h"

#include "models/core/rtl_models.h"
#include "models/sf/sf_rtl_link_models.h"

namespace optinet::sf {

namespace {

std::uint64_t join(std::uint32_t lo, std::uint32_t hi) { return (std::uint64_t{hi} << 32) | lo; }

}  // namespace

std::string describe_outcome(const LinkOutcome& o) {
  std::string s = "valid " + std::to_string(o.valid);
  if (o.valid) {
    s += " packet " + std::to_string(o.packet.id) + " source " + std::to_string(o.packet.source) +
         " destination " + std::to_string(o.packet.destination) + " handle " +
         std::to_string(o.handle);
  }
  return s + " ready " + std::to_string(o.ready);
}

bool same_outcome(const LinkOutcome& x, const LinkOutcome& y) {
  if (x.valid != y.valid || x.ready != y.ready) return false;
  return !x.valid || (x.packet == y.packet && x.kind == y.kind && x.handle == y.handle);
}

const std::vector<std::string>& rtl_link_models() {
  static const std::vector<std::string> models = rtl_model_names("link");
  return models;
}

SfRtlLink::SfRtlLink(const sc_core::sc_module_name& name, const LinkInstance& instance,
                     const sc_core::sc_port<RunControlIf>& control)
    : LinkStage(name),
      control_(control),
      instance_(instance),
      stage_(boundary_, instance.lockstep) {
  rtl_ = bind_rtl_model(instance.model, RtlLinkSignals{rtl_clk_, in_valid_, in_data_, in_ready_,
                                                       out_valid_, out_data_, out_ready_});
  // Woken by each edge of the slot clock; a quarter slot later it ticks the model.
  SC_METHOD(step);
  sensitive << clk;
  dont_initialize();
  if (instance.lockstep) {
    SC_METHOD(watch_samples);  // its first activation waits for a run's start
  }
}

SfRtlLink::~SfRtlLink() = default;

void SfRtlLink::step() {
  if (!ticking_) {  // an edge of the slot clock: present the input pins a quarter slot on
    stage_.start(clk, RtlStage<RtlBoundary>::Present::kAtTick);
    ticking_ = true;
    return;
  }
  LinkOutcome o;
  if (!stage_.advance(o)) return;
  rtl_clk_.write(false);
  ticking_ = false;
  drive(o);  // static sensitivity: the next edge of the slot clock
}

void SfRtlLink::report_mismatches_to(RtlMismatchSink& sink) {
  stage_.report_to(sink, std::string(name()) + ", link " + std::to_string(instance_.source) + "->" +
                             std::to_string(instance_.target));
}

void SfRtlLink::watch_samples() {
  // Woken as the nodes are (SfPinNode::on_edge): by a run's start and, while running, by each
  // edge of the slot clock, in the delta in which the nodes read the link's pins.
  if (control_->start_event().triggered()) watching_ = true;
  if (watching_ && clk.posedge()) {
    // The source takes back its offer of the last slot if src_ready is high: a wire passes the
    // far end's ready.
    if (offered_ && src_ready.read() != dst_ready.read()) {
      LinkOutcome wire, stage;
      wire.ready = dst_ready.read();
      stage.ready = src_ready.read();
      stage_.mismatch(offer_slot_, wire, stage);
    }
    offered_ = false;
    if (control_->abort_requested()) watching_ = false;
  } else if (watching_ && clk.negedge()) {
    // The far end admits what dst_* holds: a wire passes the source's offer of this slot.
    LinkOutcome wire, stage;
    wire.valid = src.offer.valid.read();
    stage.valid = dst.offer.valid.read();
    if (wire.valid) {
      wire.packet = src.offer.frame.read().packet;
      wire.kind = static_cast<std::uint32_t>(src.offer.frame.read().kind);
      wire.handle = src.handle.read();
    }
    if (stage.valid) {
      stage.packet = dst.offer.frame.read().packet;
      stage.kind = static_cast<std::uint32_t>(dst.offer.frame.read().kind);
      stage.handle = dst.handle.read();
    }
    offered_ = wire.valid;
    offer_slot_ = control_->current_slot();
    stage_.mismatch(offer_slot_, wire, stage);
  }
  if (watching_) {
    sc_core::next_trigger(clk.value_changed_event() | control_->start_event());
  } else {
    sc_core::next_trigger(control_->start_event());
  }
}

LinkOutcome SfRtlLink::present() {
  LinkOutcome o;
  o.valid = src.offer.valid.read();
  const Frame f = src.offer.frame.read();
  o.packet = f.packet;
  o.kind = static_cast<std::uint32_t>(f.kind);
  o.handle = src.handle.read();
  o.ready = dst_ready.read();
  const std::uint32_t words[kRtlLinkWords] = {static_cast<std::uint32_t>(o.packet.payload),
                                              static_cast<std::uint32_t>(o.packet.payload >> 32),
                                              o.packet.destination,
                                              o.packet.source,
                                              o.packet.id,
                                              o.kind,
                                              o.handle};
  sc_dt::sc_bv<kRtlLinkWords * 32> data;
  for (unsigned w = 0; w < kRtlLinkWords; ++w) data.set_word(w, words[w]);
  in_valid_.write(o.valid);
  in_data_.write(data);
  out_ready_.write(o.ready);
  return o;
}

LinkOutcome SfRtlLink::rtl_outcome() const {
  LinkOutcome o;
  o.valid = out_valid_.read();
  o.ready = in_ready_.read();
  const sc_dt::sc_bv<kRtlLinkWords* 32>& d = out_data_.read();
  o.packet.payload = join(d.get_word(0), d.get_word(1));
  o.packet.destination = d.get_word(2);
  o.packet.source = d.get_word(3);
  o.packet.id = d.get_word(4);
  o.kind = d.get_word(5);
  o.handle = d.get_word(6);
  return o;
}

void SfRtlLink::drive(const LinkOutcome& o) {
  dst.offer.valid.write(o.valid);
  dst.offer.frame.write(Frame{static_cast<FrameKind>(o.kind), o.packet});
  dst.handle.write(o.handle);
  src_ready.write(o.ready);
}

}  // namespace optinet::sf
