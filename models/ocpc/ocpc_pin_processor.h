#pragma once
/// \file
/// The pins view's processor of the OCPC family (OCPC, MOB-PC, D-MOB, split&hash): a processor
/// with interface-method `tx`/`rx` ports (`OcpcProcessor`, `SplitHashProcessor`) whose
/// transmitters and receiver are pins. Per bus j it lights (one bus: pins tx_*; several:
/// tx<j>_*, in the order of its tx ports) it drives valid, address (the local index of the
/// receiver addressed) and the message; its receiver's output (rx_valid, rx_collision, rx_*) is
/// what its receiver module drives. Pin contract (docs/cosimulation.md): a transmission drives
/// at the rising edge that starts its slot, and its valid line falls at the falling edge; the
/// processor samples its receiver before the next rising edge's outputs change (at the falling
/// edge when traced, else at the rising edge).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/ocpc/ocpc_pins.h"
#include "models/ocpc/ocpc_processor.h"

namespace optinet::ocpc {

/// `Base`: the processor (ports tx[j] of BusTransmitIf<Message>, rx of ReceiverSampleIf<Message>);
/// `BaseConfig`: its configuration (with a `slot_wiring`). `OcpcPinProcessor<>` is the OCPC's,
/// the MOB-PC's and the D-MOB's; split&hash's is `splithash::SplitHashPinProcessor`.
template <class Base = OcpcProcessor, class BaseConfig = OcpcProcessorConfig>
class OcpcPinProcessor : public Base {
 public:
  using Config = BaseConfig;
  sc_core::sc_in<bool> clk{"clk"};
  /// One transmitter per bus the processor lights.
  std::vector<std::unique_ptr<TransmitterPins<Out>>> tx_pins;
  ReceiverPins<In> rx_pins{"rx_"};

  OPTINET_HAS_PROCESS(OcpcPinProcessor);
  /// `buses`: the buses the processor lights (1: pins tx_*; more: tx<j>_*).
  /// `config.slot_wiring.clk` is ignored: the processor's own clock takes its place.
  OcpcPinProcessor(const sc_core::sc_module_name& name, Config config, std::uint32_t buses)
      : Base(name, with_clock(config, *this)), lit_event_("lit") {
    for (std::uint32_t j = 0; j < buses; ++j) {
      const std::string prefix = buses == 1 ? "tx_" : "tx" + std::to_string(j) + "_";
      tx_pins.push_back(std::make_unique<TransmitterPins<Out>>(prefix));
      const std::string logic = buses == 1 ? "transmitter" : "transmitter" + std::to_string(j);
      transmitters_.push_back(std::make_unique<Transmitter>(logic.c_str(), *this, j));
      this->tx(*transmitters_.back());
    }
    this->rx(receiver_);
    lit_.reserve(buses);
    SC_METHOD(clear_tx);
    this->sensitive << lit_event_;
    this->dont_initialize();
  }

 private:
  /// Bus j's transmitter logic (what the port tx[j] is bound to), as the processor drives it.
  class Transmitter : public sc_core::sc_object, public BusTransmitIf<Message> {
   public:
    Transmitter(const char* name, OcpcPinProcessor& p, std::uint32_t bus)
        : sc_core::sc_object(name), p_(p), bus_(bus) {}
    void drive(std::uint32_t, std::uint32_t receiver, const Message& message,
               std::uint64_t) override {
      TransmitterPins<Out>& pins = *p_.tx_pins[bus_];
      pins.valid.write(true);
      pins.line.write(receiver);
      pins.message.write(message);
      if (p_.lit_.empty()) p_.lit_event_.notify(sc_core::SC_ZERO_TIME);
      p_.lit_.push_back(bus_);
    }

   private:
    OcpcPinProcessor& p_;
    std::uint32_t bus_;
  };
  /// The receiver's pins (what the port rx is bound to), as the processor samples them: the
  /// slot that just ended.
  class Receiver : public sc_core::sc_object, public ReceiverSampleIf<Message> {
   public:
    explicit Receiver(OcpcPinProcessor& p) : sc_core::sc_object("receiver"), p_(p) {}
    std::optional<Message> sample(NodeId, std::uint64_t) const override {
      if (!p_.rx_pins.valid.read()) return std::nullopt;
      return p_.rx_pins.message.read();
    }
    bool collided(NodeId, std::uint64_t) const override { return p_.rx_pins.line.read(); }

   private:
    OcpcPinProcessor& p_;
  };

  static Config with_clock(Config config, OcpcPinProcessor& self) {
    config.slot_wiring.clk = &self.clk;  // only the address: read after elaboration
    return config;
  }
  /// Returns the lit transmitters to dark at the falling edge after a transmission.
  void clear_tx() {
    if (!clearing_) {
      clearing_ = true;
      sc_core::next_trigger(clk.negedge_event());
      return;
    }
    clearing_ = false;
    for (std::uint32_t j : lit_) tx_pins[j]->valid.write(false);
    lit_.clear();
  }

  std::vector<std::unique_ptr<Transmitter>> transmitters_;
  Receiver receiver_{*this};
  std::vector<std::uint32_t> lit_;  ///< buses lit in the current slot
  sc_core::sc_event lit_event_;
  bool clearing_ = false;
};

}  // namespace optinet::ocpc
