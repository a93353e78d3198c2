#pragma once
/// \file
/// The pins view's OCPC-family processor: an `OcpcProcessor` whose transmitters and receiver are
/// pins. Per bus j it lights (OCPC: one bus, pins tx_*; MOB-PC: tx0_* the row bus, tx1_* the
/// column bus) it drives valid, address (the local index of the receiver addressed) and the
/// message; its receiver's output (rx_valid, rx_collision, rx_*) is what its receiver module
/// drives. Pin contract (docs/cosimulation.md): a transmission drives at the rising edge that
/// starts its slot, and its valid line falls at the falling edge; the processor samples its
/// receiver before the next rising edge's outputs change (at the falling edge when traced, else
/// at the rising edge).
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/networks/ocpc_pins.h"
#include "models/networks/ocpc_processor.h"

namespace optinet::ocpc {

class PinOcpcProcessor : public OcpcProcessor {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  /// One transmitter per bus the processor lights.
  std::vector<std::unique_ptr<TransmitterPins<Out>>> tx_pins;
  ReceiverPins<In> rx_pins{"rx_"};

  OPTINET_HAS_PROCESS(PinOcpcProcessor);
  /// `buses`: the buses the processor lights (1: pins tx_*; more: tx<j>_*).
  /// `config.slot_wiring.clk` is ignored: the processor's own clock takes its place.
  PinOcpcProcessor(const sc_core::sc_module_name& name, OcpcProcessorConfig config,
                   std::uint32_t buses);

 private:
  /// Bus j's transmitter logic (what the port tx[j] is bound to), as OcpcProcessor drives it.
  class Transmitter : public sc_core::sc_object, public MessageBusIf {
   public:
    Transmitter(const char* name, PinOcpcProcessor& p, std::uint32_t bus)
        : sc_core::sc_object(name), p_(p), bus_(bus) {}
    void drive(std::uint32_t sender, std::uint32_t receiver, const Message& message,
               std::uint64_t slot) override;

   private:
    PinOcpcProcessor& p_;
    std::uint32_t bus_;
  };
  /// The receiver's pins (what the port rx is bound to), as OcpcProcessor samples them: the
  /// slot that just ended.
  class Receiver : public sc_core::sc_object, public MessageReceiversIf {
   public:
    explicit Receiver(PinOcpcProcessor& p) : sc_core::sc_object("receiver"), p_(p) {}
    std::optional<Message> sample(NodeId node, std::uint64_t slot) const override;
    bool collided(NodeId node, std::uint64_t slot) const override;

   private:
    PinOcpcProcessor& p_;
  };

  static OcpcProcessorConfig with_clock(OcpcProcessorConfig config, PinOcpcProcessor& self);
  /// Returns the lit transmitters to dark at the falling edge after a transmission.
  void clear_tx();

  std::vector<std::unique_ptr<Transmitter>> transmitters_;
  Receiver receiver_{*this};
  std::vector<std::uint32_t> lit_;  ///< buses lit in the current slot
  sc_core::sc_event lit_event_;
  bool clearing_ = false;
};

}  // namespace optinet::ocpc
