#pragma once
/// \file
/// The pins view's POPS processor: a `PopsProcessor` whose transmitter and receivers are pins.
/// Its transmitter has one fibre into each coupler c(b, a) of its group a (`tx_valid_<b>`) and
/// one frame (`tx_frame_kind`, `tx_frame_packet`, ...), the same on every lit fibre; its receivers
/// see each coupler c(a, s) into its group (`rx<s>_valid`, `rx<s>_kind`, ...), and the protocol's
/// listen() picks the one it reads. Pin contract (pops_pin_coupler.h): a transmission drives
/// at the rising edge that starts its slot and its valid lines fall at the falling edge; the
/// receivers sample the coupler's output before the next rising edge's outputs change (at the
/// falling edge when the processor is traced, else at the rising edge).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/core/frame_pins.h"
#include "models/pops/pops_processor.h"

namespace optinet::pops {

class PopsPinProcessor : public PopsProcessor {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_vector<sc_core::sc_out<bool>> tx_valid;  ///< tx_valid_<b>: lights c(b, a)
  FramePins<Out> tx{"tx_frame_"};
  /// rx<s>: the output of coupler c(a, s) into this processor's group a.
  std::vector<std::unique_ptr<ValidFramePins<In>>> rx;

  OPTINET_HAS_PROCESS(PopsPinProcessor);
  /// `config.slot_wiring.clk` and `config.fibres` are ignored: the processor's own clock and
  /// pins take their place.
  PopsPinProcessor(const sc_core::sc_module_name& name, PopsProcessorConfig config);

 private:
  /// The processor's side of the pins, as PopsProcessor drives and samples its fibres.
  class Pins : public StarNodeIf {
   public:
    explicit Pins(PopsPinProcessor& p) : p_(p) {}
    void drive(std::uint32_t coupler, std::uint32_t source, const Frame& frame,
               std::uint64_t slot) override;
    std::optional<Frame> sample(std::uint32_t source_group, std::uint64_t slot) const override;

   private:
    PopsPinProcessor& p_;
  };

  static PopsProcessorConfig with_pins(PopsProcessorConfig config, PopsPinProcessor& self);
  /// Returns the lit fibres to dark at the falling edge after a transmission.
  void clear_tx();

  Pins pins_{*this};
  std::vector<std::uint32_t> lit_;  ///< fibres lit in the current slot
  sc_core::sc_event lit_event_;
  bool clearing_ = false;
};

}  // namespace optinet::pops
