#include "models/pops/pops_rtl_coupler.h"

#include <memory>
#include <string>

#include "models/core/rtl_models.h"
#include "models/pops/pops_rtl_coupler_models.h"

namespace optinet::pops {

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
}  // namespace

std::string PopsRtlCouplerLaw::Boundary::describe(const StarOutcome& o) {
  std::string s = "busy " + std::to_string(o.busy) + " collision " + std::to_string(o.collision);
  if (o.frame) s += " frame of packet " + std::to_string(o.frame->packet.id);
  return s;
}

bool PopsRtlCouplerLaw::Boundary::same(const StarOutcome& x, const StarOutcome& y) {
  if (x.busy != y.busy || x.collision != y.collision || x.frame.has_value() != y.frame.has_value())
    return false;
  return !x.frame || (x.frame->kind == y.frame->kind && x.frame->packet == y.frame->packet);
}

std::uint64_t PopsRtlCouplerLaw::Boundary::present() {
  std::uint64_t valid = 0;
  for (const StarSourceDrive& s : lane_->sources) {
    if (s.source >= kRtlMaxSources)
      SC_REPORT_ERROR(owner_.c_str(), "source beyond the RTL's D ports");
    valid |= std::uint64_t{1} << s.source;
    encode(s.frame, staged_, s.source * kWords);
  }
  valid_.write(valid);
  frame_.write(staged_);
  return lane_->slot;
}

StarOutcome PopsRtlCouplerLaw::Boundary::outcome() {
  StarOutcome rtl;
  rtl.busy = busy_.read();
  rtl.collision = collision_.read();
  if (out_valid_.read()) rtl.frame = decode(out_frame_.read());
  return rtl;
}

const std::vector<std::string>& rtl_coupler_models() {
  static const std::vector<std::string> models = rtl_model_names("coupler");
  return models;
}

PopsRtlCouplerLaw::PopsRtlCouplerLaw(const sc_core::sc_module& owner, const StarCoupler& coupler,
                                     bool lockstep)
    : coupler_(coupler), stage_(boundary_, lockstep, kRtlSettleDeltas) {
  boundary_.owner_ = owner.name();
  stage_.report_to(*this, owner.name());
}

PopsRtlCouplerLaw::PopsRtlCouplerLaw(const std::string& model, const sc_core::sc_module& owner,
                                     sc_core::sc_in<bool>& clk, const StarCoupler& coupler,
                                     bool lockstep)
    : PopsRtlCouplerLaw(owner, coupler, lockstep) {
  Boundary& b = boundary_;
  rtl_ = bind_rtl_model(model, RtlCouplerSignals{&clk, nullptr, b.valid_, b.frame_, b.out_valid_,
                                                 b.out_frame_, b.collision_, b.busy_});
}

PopsRtlCouplerLaw::PopsRtlCouplerLaw(const std::string& model, const sc_core::sc_module& owner,
                                     sc_core::sc_signal<bool>& clk, const StarCoupler& coupler,
                                     bool lockstep)
    : PopsRtlCouplerLaw(owner, coupler, lockstep) {
  Boundary& b = boundary_;
  b.clock_ = &clk;
  rtl_ = bind_rtl_model(model, RtlCouplerSignals{nullptr, &clk, b.valid_, b.frame_, b.out_valid_,
                                                 b.out_frame_, b.collision_, b.busy_});
}

PopsRtlCouplerLaw::~PopsRtlCouplerLaw() = default;

void PopsRtlCouplerLaw::present(const StarInputLane& lane) { stage(lane).present(); }

StarOutcome PopsRtlCouplerLaw::outcome(const StarInputLane& lane) { return stage(lane).read(); }

void PopsRtlCouplerLaw::on_mismatch(std::uint64_t slot, const std::string& where,
                                    const std::string& what) {
  if (coupler_.observer() != nullptr) coupler_.observer()->on_mismatch(slot, where, what);
}

PopsRtlCoupler::PopsRtlCoupler(const sc_core::sc_module_name& name,
                               const OpticalPassiveStarConfig& config, bool lockstep)
    : PassiveStar(name, config, kRtlSettleDeltas),
      law_(std::make_unique<PopsRtlCouplerLaw>("optical_passive_star", *this, clk, coupler(),
                                               lockstep)) {}

}  // namespace optinet::pops
