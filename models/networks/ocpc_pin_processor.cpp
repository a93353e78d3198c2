#include "models/networks/ocpc_pin_processor.h"

#include <string>

namespace optinet::ocpc {

OcpcProcessorConfig PinOcpcProcessor::with_clock(OcpcProcessorConfig config,
                                                 PinOcpcProcessor& self) {
  config.slot_wiring.clk = &self.clk;  // only the address: read after elaboration
  return config;
}

PinOcpcProcessor::PinOcpcProcessor(const sc_core::sc_module_name& name, OcpcProcessorConfig config,
                                   std::uint32_t buses)
    : OcpcProcessor(name, with_clock(config, *this)), lit_event_("lit") {
  for (std::uint32_t j = 0; j < buses; ++j) {
    const std::string prefix = buses == 1 ? "tx_" : "tx" + std::to_string(j) + "_";
    tx_pins.push_back(std::make_unique<TransmitterPins<Out>>(prefix));
    const std::string logic = buses == 1 ? "transmitter" : "transmitter" + std::to_string(j);
    transmitters_.push_back(std::make_unique<Transmitter>(logic.c_str(), *this, j));
    tx(*transmitters_.back());
  }
  rx(receiver_);
  lit_.reserve(buses);
  SC_METHOD(clear_tx);
  sensitive << lit_event_;
  dont_initialize();
}

void PinOcpcProcessor::Transmitter::drive(std::uint32_t, std::uint32_t receiver,
                                          const Message& message, std::uint64_t) {
  TransmitterPins<Out>& pins = *p_.tx_pins[bus_];
  pins.valid.write(true);
  pins.line.write(receiver);
  pins.message.write(message);
  if (p_.lit_.empty()) p_.lit_event_.notify(sc_core::SC_ZERO_TIME);
  p_.lit_.push_back(bus_);
}

std::optional<Message> PinOcpcProcessor::Receiver::sample(NodeId, std::uint64_t) const {
  if (!p_.rx_pins.valid.read()) return std::nullopt;
  return p_.rx_pins.message.read();
}

bool PinOcpcProcessor::Receiver::collided(NodeId, std::uint64_t) const {
  return p_.rx_pins.line.read();
}

void PinOcpcProcessor::clear_tx() {
  if (!clearing_) {
    clearing_ = true;
    sc_core::next_trigger(clk.negedge_event());
    return;
  }
  clearing_ = false;
  for (std::uint32_t j : lit_) tx_pins[j]->valid.write(false);
  lit_.clear();
}

}  // namespace optinet::ocpc
