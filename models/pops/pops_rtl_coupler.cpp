#include "models/pops/pops_rtl_coupler.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "models/core/rtl_model_names.h"
#include "models/pops/pops_rtl_coupler_models.h"

namespace optinet {

namespace {
constexpr unsigned kWords = kRtlFrameBits / 32;

/// A frame as the RTL's W bits: payload (words 0-1), destination, source, id, kind.
template <typename Bits>
void encode(const Frame& f, Bits& bits, unsigned first_word) {
  const std::uint32_t w[kWords] = {static_cast<std::uint32_t>(f.packet.payload),
                                   static_cast<std::uint32_t>(f.packet.payload >> 32),
                                   f.packet.destination,
                                   f.packet.source,
                                   f.packet.id,
                                   static_cast<std::uint32_t>(f.kind)};
  for (unsigned k = 0; k < kWords; ++k) bits.set_word(first_word + k, w[k]);
}

Frame decode(const sc_dt::sc_bv<kRtlFrameBits>& bits) {
  Frame f;
  f.packet.payload = (std::uint64_t{bits.get_word(1)} << 32) | bits.get_word(0);
  f.packet.destination = bits.get_word(2);
  f.packet.source = bits.get_word(3);
  f.packet.id = bits.get_word(4);
  f.kind = static_cast<FrameKind>(bits.get_word(5));
  return f;
}

std::string describe(const StarOutcome& o) {
  std::string s = "busy " + std::to_string(o.busy) + " collision " + std::to_string(o.collision);
  if (o.frame) s += " frame of packet " + std::to_string(o.frame->packet.id);
  return s;
}

bool same(const StarOutcome& x, const StarOutcome& y) {
  if (x.busy != y.busy || x.collision != y.collision || x.frame.has_value() != y.frame.has_value())
    return false;
  return !x.frame || (x.frame->kind == y.frame->kind && x.frame->packet == y.frame->packet);
}
}  // namespace

const std::vector<std::string>& rtl_coupler_models() {
  static const std::vector<std::string> models = rtl_model_names(rtl_coupler_registry());
  return models;
}

namespace {
const RtlCouplerModel& find_model(const std::string& model) {
  for (const RtlCouplerModel& m : rtl_coupler_registry()) {
    if (model == m.name) return m;
  }
  throw std::invalid_argument("no verilated coupler model '" + model + "'");
}
}  // namespace

std::unique_ptr<StarLaw> make_rtl_star_law(const std::string& model,
                                           const sc_core::sc_module& owner,
                                           sc_core::sc_in<bool>& clk, const StarCoupler& coupler,
                                           bool lockstep) {
  return find_model(model).on_port(owner, clk, coupler, lockstep);
}

std::unique_ptr<StarLaw> make_rtl_star_law(const std::string& model,
                                           const sc_core::sc_module& owner,
                                           sc_core::sc_signal<bool>& clk,
                                           const StarCoupler& coupler, bool lockstep) {
  std::unique_ptr<StarLaw> law = find_model(model).on_signal(owner, clk, coupler, lockstep);
  // The pins view's coupler ticks its model a quarter slot after the slot clock's edge: with
  // lockstep, the instants its receivers sample it are checked too (its module's port "clk").
  const auto* slot_clk = dynamic_cast<const sc_core::sc_in<bool>*>(
      sc_core::sc_find_object((std::string(owner.name()) + ".clk").c_str()));
  if (lockstep && slot_clk != nullptr) static_cast<RtlStarLaw&>(*law).watch_samples(*slot_clk);
  return law;
}

void RtlStarLaw::watch_samples(const sc_core::sc_in<bool>& slot_clk) {
  sample_watch_ = std::make_unique<RtlSampleWatch>(
      slot_clk, [this](std::uint64_t slot, const std::string& what) {
        if (coupler_.observer() != nullptr)
          coupler_.observer()->on_mismatch(slot, owner_.name(), what);
      });
}

void RtlStarLaw::present(const StarInputLane& lane) {
  std::uint64_t valid = 0;
  for (const StarSourceDrive& s : lane.sources) {
    if (s.source >= kRtlMaxSources)
      SC_REPORT_ERROR(owner_.name(), "source beyond the RTL's D ports");
    valid |= std::uint64_t{1} << s.source;
    encode(s.frame, staged_, s.source * kWords);
  }
  valid_.write(valid);
  frame_.write(staged_);
  if (sample_watch_) sample_watch_->presented(lane.slot);
}

StarOutcome RtlStarLaw::outcome(const StarInputLane& lane) {
  StarOutcome rtl;
  rtl.busy = busy_.read();
  rtl.collision = collision_.read();
  if (out_valid_.read()) rtl.frame = decode(out_frame_.read());
  if (sample_watch_) sample_watch_->driven();  // the coupler drives it in this evaluation
  if (!lockstep_) return rtl;
  StarOutcome model = resolve_behavioural(lane);
  if (!same(rtl, model) && coupler_.observer() != nullptr) {
    coupler_.observer()->on_mismatch(lane.slot, owner_.name(),
                                     "behavioural: " + describe(model) + "; rtl: " + describe(rtl));
  }
  return model;
}

RtlPassiveStar::RtlPassiveStar(const sc_core::sc_module_name& name,
                               const OpticalPassiveStarConfig& config, bool lockstep)
    : PassiveStar(name, config, kRtlSettleDeltas),
      law_(make_rtl_star_law("optical_passive_star", *this, clk, coupler(), lockstep)) {}

}  // namespace optinet
