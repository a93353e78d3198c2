#include "models/optical/control_channel.h"

#include <stdexcept>

namespace optinet {

ControlChannel::ControlChannel(const sc_core::sc_module_name& name,
                               const ControlChannelConfig& config)
    : sc_core::sc_module(name), config_(config), cells_(2 * std::size_t{config.minislots}) {
  if (config.minislots == 0 || config.word_bits == 0 || config.listeners == 0) {
    throw std::invalid_argument(std::string(this->name()) + ": empty control channel");
  }
  reset();
}

void ControlChannel::send(std::uint32_t minislot, std::uint64_t word, std::uint64_t slot) {
  if (minislot >= config_.minislots) {
    SC_REPORT_ERROR(name(), "send in a minislot that does not exist");
  }
  if (slot != current_slot_) {
    if (current_slot_ == ~std::uint64_t{0} || slot > current_slot_) ++counters_.busy_slots;
    current_slot_ = slot;
    current_words_ = 0;
    current_collision_ = false;
  }
  ++counters_.words;
  counters_.bits_sent += config_.word_bits;
  counters_.bits_received += std::uint64_t{config_.word_bits} * config_.listeners;
  ++current_words_;
  Word& w = cell(minislot, slot);
  if (w.slot == slot) {
    if (!w.garbled) ++counters_.collisions;
    w.garbled = true;
    current_collision_ = true;
    return;
  }
  w = Word{slot, word, false};
}

std::optional<std::uint64_t> ControlChannel::heard(std::uint32_t minislot,
                                                   std::uint64_t slot) const {
  const Word& w = cells_[(slot & 1U) * config_.minislots + minislot];
  if (w.slot != slot || w.garbled) return std::nullopt;
  return w.value;
}

void ControlChannel::reset() {
  for (Word& w : cells_) w = Word{};
  counters_ = ControlCounters{};
  counters_.slot_bits = std::uint64_t{config_.minislots} * config_.word_bits;
  current_slot_ = ~std::uint64_t{0};
  current_words_ = 0;
  current_collision_ = false;
}

void ControlChannel::trace(sc_core::sc_trace_file* tf, const std::string& name) {
  sc_core::sc_trace(tf, busy_, name + ".busy");
  sc_core::sc_trace(tf, words_, name + ".words", 32);
  sc_core::sc_trace(tf, collision_, name + ".collision");
  sc_core::sc_spawn_options options;
  options.spawn_method();
  options.dont_initialize();
  options.set_sensitivity(&clk.neg());
  sc_core::sc_spawn([this] { latch_trace(); }, (std::string(basename()) + "_trace").c_str(),
                    &options);
}

void ControlChannel::latch_trace() {
  // Senders drive at the rising edge; by the falling edge the slot's words are all in.
  busy_ = current_words_ > 0;
  words_ = current_words_;
  collision_ = current_collision_;
  current_words_ = 0;
  current_collision_ = false;
}

}  // namespace optinet
