#include "models/optical/control_channel.h"

#include <algorithm>
#include <stdexcept>

namespace optinet {

ControlChannel::ControlChannel(const sc_core::sc_module_name& name,
                               const ControlChannelConfig& config)
    : sc_core::sc_module(name),
      config_(config),
      limbs_(ControlWord::limbs_for(config.word_bits)),
      cells_(2 * std::size_t{config.minislots}),
      values_(cells_.size() * limbs_) {
  if (config.minislots == 0 || config.word_bits == 0 || config.listeners == 0) {
    throw std::invalid_argument(std::string(this->name()) + ": empty control channel");
  }
  reset();
}

std::uint64_t* ControlChannel::claim_cell(std::uint32_t minislot, std::uint64_t slot) {
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
  const std::size_t index = cell_index(minislot, slot);
  Word& w = cells_[index];
  if (w.slot == slot) {
    if (!w.garbled) ++counters_.collisions;
    w.garbled = true;
    current_collision_ = true;
    return nullptr;
  }
  w = Word{slot, false};
  return &values_[index * limbs_];
}

void ControlChannel::send(std::uint32_t minislot, const ControlWord& word, std::uint64_t slot) {
  // Every bit the word sets must be one of the channel's word_bits.
  for (std::size_t k = 0; k < word.limbs(); ++k) {
    const std::uint64_t first = std::uint64_t{k} * 64;
    const std::uint64_t valid = config_.word_bits > first ? config_.word_bits - first : 0;
    const std::uint64_t limb = word.data()[k];
    if (valid < 64 && (valid == 0 ? limb : limb >> valid) != 0) {
      SC_REPORT_ERROR(name(), "a control word wider than the channel's word");
    }
  }
  std::uint64_t* cell = claim_cell(minislot, slot);
  if (cell == nullptr) return;
  for (std::size_t k = 0; k < limbs_; ++k) cell[k] = k < word.limbs() ? word.data()[k] : 0;
}

void ControlChannel::send(std::uint32_t minislot, std::uint64_t word, std::uint64_t slot) {
  if (config_.word_bits < 64 && (word >> config_.word_bits) != 0) {
    SC_REPORT_ERROR(name(), "a control word wider than the channel's word");
  }
  std::uint64_t* cell = claim_cell(minislot, slot);
  if (cell == nullptr) return;
  cell[0] = word;
  for (std::size_t k = 1; k < limbs_; ++k) cell[k] = 0;
}

bool ControlChannel::heard(std::uint32_t minislot, std::uint64_t slot, ControlWord& out) const {
  if (out.bits() != config_.word_bits) out.resize(config_.word_bits);
  const std::size_t index = cell_index(minislot, slot);
  const Word& w = cells_[index];
  if (w.slot != slot || w.garbled) {
    out.clear();
    return false;
  }
  std::copy_n(&values_[index * limbs_], limbs_, out.data());
  return true;
}

std::optional<std::uint64_t> ControlChannel::heard(std::uint32_t minislot,
                                                   std::uint64_t slot) const {
  if (limbs_ != 1) SC_REPORT_ERROR(name(), "a wide control word read as 64 bits");
  const std::size_t index = cell_index(minislot, slot);
  const Word& w = cells_[index];
  if (w.slot != slot || w.garbled) return std::nullopt;
  return values_[index];
}

void ControlChannel::reset() {
  for (Word& w : cells_) w = Word{};
  std::fill(values_.begin(), values_.end(), 0);
  counters_ = ControlCounters{};
  counters_.slot_bits = std::uint64_t{config_.minislots} * config_.word_bits;
  memo_slot_ = ~std::uint64_t{0};
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
