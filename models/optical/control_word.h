#pragma once
/// \file
/// A control word of any width: `bits` bits held in 64-bit limbs, bit i in limb i / 64 at
/// position i % 64. A control channel carries words up to its width; the POPS reservation maps
/// (a bit per group or receiver, and a flag) are as wide as the shape needs.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace optinet {

class ControlWord {
 public:
  ControlWord() = default;
  explicit ControlWord(std::uint32_t bits) { resize(bits); }

  static std::size_t limbs_for(std::uint32_t bits) { return (std::size_t{bits} + 63) / 64; }

  /// `bits` wide, every bit clear.
  void resize(std::uint32_t bits) {
    bits_ = bits;
    limbs_.assign(limbs_for(bits), 0);
  }
  std::uint32_t bits() const { return bits_; }
  std::size_t limbs() const { return limbs_.size(); }
  const std::uint64_t* data() const { return limbs_.data(); }
  std::uint64_t* data() { return limbs_.data(); }

  void clear() { std::fill(limbs_.begin(), limbs_.end(), 0); }
  /// Clears the word and sets its low bits to `value` (a word of at least one limb).
  void assign(std::uint64_t value) {
    clear();
    limbs_.at(0) = value;
  }
  void set(std::uint32_t i) { limbs_[i / 64] |= std::uint64_t{1} << (i % 64); }
  void reset(std::uint32_t i) { limbs_[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }
  bool test(std::uint32_t i) const { return (limbs_[i / 64] >> (i % 64) & 1U) != 0; }
  bool any() const {
    return std::any_of(limbs_.begin(), limbs_.end(), [](std::uint64_t l) { return l != 0; });
  }
  /// The low 64 bits.
  std::uint64_t low() const { return limbs_.empty() ? 0 : limbs_[0]; }
  /// Keeps only the bits also set in `mask` (bits past `mask`'s limbs are cleared).
  void and_with(const ControlWord& mask) {
    for (std::size_t k = 0; k < limbs_.size(); ++k) {
      limbs_[k] &= k < mask.limbs_.size() ? mask.limbs_[k] : 0;
    }
  }
  /// Also sets the bits set in `other` (those past this word's limbs are dropped).
  void or_with(const ControlWord& other) {
    for (std::size_t k = 0; k < limbs_.size() && k < other.limbs_.size(); ++k) {
      limbs_[k] |= other.limbs_[k];
    }
  }
  /// The first set bit at or after bit `start` among bits 0..width-1, wrapping round to bit 0;
  /// `width` if none.
  std::uint32_t first_from(std::uint32_t start, std::uint32_t width) const {
    if (const std::uint32_t i = next_set(start, width); i < width) return i;
    const std::uint32_t i = next_set(0, start);
    return i < start ? i : width;
  }
  bool operator==(const ControlWord& o) const { return bits_ == o.bits_ && limbs_ == o.limbs_; }

 private:
  /// The first set bit in [from, to), or `to`.
  std::uint32_t next_set(std::uint32_t from, std::uint32_t to) const {
    for (std::uint32_t k = from / 64; std::size_t{k} * 64 < to && k < limbs_.size(); ++k) {
      std::uint64_t l = limbs_[k];
      if (k == from / 64) l &= ~std::uint64_t{0} << (from % 64);
      if (l == 0) continue;
      const std::uint32_t i = k * 64 + static_cast<std::uint32_t>(__builtin_ctzll(l));
      return i < to ? i : to;
    }
    return to;
  }

  std::uint32_t bits_ = 0;
  std::vector<std::uint64_t> limbs_;
};

}  // namespace optinet
