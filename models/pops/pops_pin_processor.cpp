#include "models/pops/pops_pin_processor.h"

namespace optinet::pops {

PopsProcessorConfig PopsPinProcessor::with_pins(PopsProcessorConfig config,
                                                PopsPinProcessor& self) {
  // Only the addresses are taken here: the base class reads them after elaboration.
  config.slot_wiring.clk = &self.clk;
  config.fibres = &self.pins_;
  return config;
}

PopsPinProcessor::PopsPinProcessor(const sc_core::sc_module_name& name, PopsProcessorConfig config)
    : PopsProcessor(name, with_pins(config, *this)),
      tx_valid("tx_valid", config.shape.g),
      lit_event_("lit") {
  const std::uint32_t g = config.shape.g;
  rx.reserve(g);
  for (std::uint32_t s = 0; s < g; ++s) {
    const std::string prefix = "rx" + std::to_string(s) + "_";
    rx.push_back(std::make_unique<ValidFramePins<In>>(prefix + "valid", prefix));
  }
  lit_.reserve(g);
  SC_METHOD(clear_tx);
  sensitive << lit_event_;
  dont_initialize();
}

void PopsPinProcessor::Pins::drive(std::uint32_t coupler, std::uint32_t, const Frame& frame,
                                   std::uint64_t) {
  if (p_.lit_.empty()) {
    p_.tx.write(frame);
    p_.lit_event_.notify(sc_core::SC_ZERO_TIME);
  }
  p_.tx_valid[coupler].write(true);
  p_.lit_.push_back(coupler);
}

std::optional<Frame> PopsPinProcessor::Pins::sample(std::uint32_t source_group,
                                                    std::uint64_t) const {
  const ValidFramePins<In>& in = *p_.rx.at(source_group);
  if (!in.valid.read()) return std::nullopt;
  return in.frame.read();
}

void PopsPinProcessor::clear_tx() {
  if (!clearing_) {
    clearing_ = true;
    sc_core::next_trigger(clk.negedge_event());
    return;
  }
  clearing_ = false;
  for (std::uint32_t b : lit_) tx_valid[b].write(false);
  lit_.clear();
}

}  // namespace optinet::pops
