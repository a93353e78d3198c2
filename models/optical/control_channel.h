#pragma once
/// \file
/// A reservation control channel: a broadcast medium on its own wavelength whose slot is cut into
/// minislots, one control word per minislot (time-division minislots as in the control channel of
/// DT-WDMA). Every attached receiver hears every minislot; a word is heard in the slot after the
/// one it was sent in (the medium resolves within the slot). Two senders in one minislot garble
/// it: that is a collision, counted and flagged, and the word is lost. The channel runs beside
/// the data media and takes no data slots; its cost is its own transmitters, receivers, splitting
/// loss and bits (ControlCounters).
#include <cstdint>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/optical/control_word.h"

namespace optinet {

struct ControlChannelConfig {
  std::uint32_t minislots = 1;  ///< control words per slot
  std::uint32_t word_bits = 1;  ///< bits of one word (any width; held in 64-bit limbs)
  std::uint32_t listeners = 1;  ///< receivers attached (the splitting fan-out)
};

/// What a control channel carried during a run.
struct ControlCounters {
  std::uint64_t words = 0;          ///< words sent (each heard by every listener)
  std::uint64_t busy_slots = 0;     ///< slots with at least one word
  std::uint64_t collisions = 0;     ///< minislots with two or more senders
  std::uint64_t bits_sent = 0;      ///< words * word_bits
  std::uint64_t bits_received = 0;  ///< bits_sent * listeners: every receiver decodes every word
  /// minislots * word_bits: what the channel carries in one slot when every minislot is used
  /// (the largest of the channels when counters are added).
  std::uint64_t slot_bits = 0;

  ControlCounters& operator+=(const ControlCounters& o) {
    words += o.words;
    busy_slots += o.busy_slots;
    collisions += o.collisions;
    bits_sent += o.bits_sent;
    bits_received += o.bits_received;
    if (o.slot_bits > slot_bits) slot_bits = o.slot_bits;
    return *this;
  }
};

class ControlChannel : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  OPTINET_HAS_PROCESS(ControlChannel);
  ControlChannel(const sc_core::sc_module_name& name, const ControlChannelConfig& config);

  const ControlChannelConfig& config() const { return config_; }
  /// Sends `word` in `minislot` of `slot` (the sender's current slot). A word with a bit set at
  /// or past word_bits is a run error: the channel carries word_bits bits.
  void send(std::uint32_t minislot, const ControlWord& word, std::uint64_t slot);
  /// The same for a word of at most 64 bits.
  void send(std::uint32_t minislot, std::uint64_t word, std::uint64_t slot);
  /// Copies into `out` (resized to word_bits) the word minislot `minislot` carried in `slot`
  /// and returns true, if exactly one sender used it; otherwise clears `out` and returns false.
  /// Valid during the slot after `slot` (words of the two latest slots are kept).
  bool heard(std::uint32_t minislot, std::uint64_t slot, ControlWord& out) const;
  /// The same for a channel of at most 64-bit words.
  std::optional<std::uint64_t> heard(std::uint32_t minislot, std::uint64_t slot) const;
  /// A result every listener derives identically from what the channel carried in `slot`: the
  /// first listener that asks for (`slot`, `tag`) runs `derive` (which reads the words through
  /// heard(), as its receiver does) and the others read its result. Every listener hears the
  /// same words, so this is a memo of what each of them computes, not an arbiter; `derive` must
  /// be a pure function of the words, `slot` and `tag`. One result is kept (another slot or tag
  /// derives again).
  template <typename Derive>
  const std::vector<std::uint32_t>& derived(std::uint64_t slot, std::uint32_t tag,
                                            Derive&& derive) {
    if (memo_slot_ != slot || memo_tag_ != tag) {
      memo_slot_ = ~std::uint64_t{0};
      derive(memo_);
      memo_slot_ = slot;
      memo_tag_ = tag;
    }
    return memo_;
  }
  /// Forgets every word and counter (slot numbers restart with each run).
  void reset();
  const ControlCounters& counters() const { return counters_; }
  /// Traces `busy`, `words` (words in the slot) and `collision` under `name`; the values of a
  /// slot are latched at its falling edge.
  void trace(sc_core::sc_trace_file* tf, const std::string& name);
  using sc_core::sc_module::trace;  // sc_object's own overload stays visible

 private:
  struct Word {
    std::uint64_t slot = ~std::uint64_t{0};
    bool garbled = false;
  };
  std::size_t cell_index(std::uint32_t minislot, std::uint64_t slot) const {
    return (slot & 1U) * config_.minislots + minislot;
  }
  /// Records a send in `minislot` of `slot`; the cell to write the word into, or null if the
  /// minislot is garbled.
  std::uint64_t* claim_cell(std::uint32_t minislot, std::uint64_t slot);
  void latch_trace();

  ControlChannelConfig config_;
  std::size_t limbs_;                  ///< 64-bit limbs of one word
  std::vector<Word> cells_;            ///< two slots (by parity) of `minislots` words
  std::vector<std::uint64_t> values_;  ///< the cells' words, `limbs_` each
  ControlCounters counters_;
  // derived(): the kept result, its slot and tag.
  std::vector<std::uint32_t> memo_;
  std::uint64_t memo_slot_ = ~std::uint64_t{0};
  std::uint32_t memo_tag_ = 0;
  std::uint64_t current_slot_ = ~std::uint64_t{0};
  std::uint32_t current_words_ = 0;
  bool current_collision_ = false;
  // Trace registers.
  bool busy_ = false;
  std::uint32_t words_ = 0;
  bool collision_ = false;
};

}  // namespace optinet
