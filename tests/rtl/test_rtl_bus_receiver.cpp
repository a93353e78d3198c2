/// \file
/// The verilated OCPC bus receiver stage (rtl/ocpc_bus_receiver.sv, K = 64, A = 16, W = 352)
/// against the bus rule: a receiver takes a frame only if exactly one transmitter addresses it in
/// the slot; two or more garble it and raise collision. Random slots with few receivers, so
/// that lone senders, collisions and idle slots all occur.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <systemc>

#include "Vocpc_bus_receiver.h"
#include "models/core/rng.h"

namespace {

constexpr unsigned kTransmitters = 64;
constexpr unsigned kAddressBits = 16;
constexpr unsigned kFrameWords = 11;  // 352 bits

struct Slot {
  std::uint32_t me = 0;
  std::uint64_t valid = 0;
  std::array<std::uint32_t, kTransmitters> dest{};
  std::array<std::array<std::uint32_t, kFrameWords>, kTransmitters> frame{};
};

/// The reference rule, written independently of the RTL.
struct Expected {
  unsigned addressed_by = 0;
  unsigned first = 0;
};

Expected expected(const Slot& s) {
  Expected e;
  for (unsigned k = 0; k < kTransmitters; ++k) {
    if ((s.valid >> k & 1) && s.dest[k] == s.me) {
      if (e.addressed_by++ == 0) e.first = k;
    }
  }
  return e;
}

TEST(RtlBusReceiver, TakesALoneFrameAndGarblesTwoOrMore) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  sc_core::sc_signal<std::uint32_t> my_addr("my_addr");
  sc_core::sc_signal<std::uint64_t> valid("valid");
  sc_core::sc_signal<sc_dt::sc_bv<kTransmitters * kAddressBits>> dest("dest");
  sc_core::sc_signal<sc_dt::sc_bv<kTransmitters * kFrameWords * 32>> frame("frame");
  sc_core::sc_signal<bool> out_valid("out_valid"), collision("collision"), addressed("addressed");
  sc_core::sc_signal<sc_dt::sc_bv<kFrameWords * 32>> out_frame("out_frame");
  Vocpc_bus_receiver rtl("rtl");
  rtl.clk(clk);
  rtl.my_addr(my_addr);
  rtl.valid(valid);
  rtl.dest(dest);
  rtl.frame(frame);
  rtl.out_valid(out_valid);
  rtl.out_frame(out_frame);
  rtl.collision(collision);
  rtl.addressed(addressed);

  optinet::Rng rng = optinet::Rng::stream(2026, 9, 0);
  unsigned lone = 0, garbled = 0, idle = 0;
  for (int slot = 0; slot < 2000; ++slot) {
    Slot s;
    const std::uint32_t receivers = 2 + rng.below(6);  // few receivers: collisions are common
    s.me = rng.below(receivers);
    sc_dt::sc_bv<kTransmitters * kAddressBits> dest_bits;
    sc_dt::sc_bv<kTransmitters * kFrameWords * 32> frame_bits;
    for (unsigned k = 0; k < kTransmitters; ++k) {
      if (rng.below(8) == 0) s.valid |= std::uint64_t{1} << k;
      s.dest[k] = rng.below(receivers);
      dest_bits.range((k + 1) * kAddressBits - 1, k * kAddressBits) = s.dest[k];
      for (unsigned w = 0; w < kFrameWords; ++w) {
        s.frame[k][w] = static_cast<std::uint32_t>(rng.next());
        frame_bits.set_word(k * kFrameWords + w, s.frame[k][w]);
      }
    }
    my_addr.write(s.me);
    valid.write(s.valid);
    dest.write(dest_bits);
    frame.write(frame_bits);
    sc_core::sc_start(1, sc_core::SC_NS);

    const Expected e = expected(s);
    ASSERT_EQ(addressed.read(), e.addressed_by >= 1) << "slot " << slot;
    ASSERT_EQ(collision.read(), e.addressed_by >= 2) << "slot " << slot;
    ASSERT_EQ(out_valid.read(), e.addressed_by == 1) << "slot " << slot;
    for (unsigned w = 0; w < kFrameWords; ++w) {
      const std::uint32_t want = e.addressed_by == 1 ? s.frame[e.first][w] : 0;
      ASSERT_EQ(out_frame.read().get_word(w), want) << "slot " << slot << " word " << w;
    }
    lone += e.addressed_by == 1;
    garbled += e.addressed_by >= 2;
    idle += e.addressed_by == 0;
  }
  // The random slots exercised every case.
  EXPECT_GT(lone, 100u);
  EXPECT_GT(garbled, 100u);
  EXPECT_GT(idle, 100u);
}

}  // namespace
