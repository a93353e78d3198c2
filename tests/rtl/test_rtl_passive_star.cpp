/// \file
/// The lockstep coupler (verilated RTL checked against the behavioural model) on a hand-built
/// bench: group a's transmit bundle, group b's receive bundle, one coupler c(1, 0). Built only
/// with Verilator. Each TEST elaborates the bench once (its own process).
#include <gtest/gtest.h>

#include <string>
#include <systemc>
#include <vector>

#include "models/pops/pops_rtl_coupler.h"

namespace {

using namespace optinet;
using namespace optinet::pops;

struct Mismatches : CollisionObserver {
  std::vector<std::string> seen;
  std::uint64_t collisions = 0;
  void on_collision(std::uint64_t, std::uint32_t, std::uint32_t) override { ++collisions; }
  void on_mismatch(std::uint64_t slot, const std::string& coupler,
                   const std::string& detail) override {
    seen.push_back(std::to_string(slot) + " " + coupler + ": " + detail);
  }
};

SC_MODULE(Driver) {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<StarTransmitIf> tx{"tx"};
  sc_core::sc_port<StarReceiveIf> rx{"rx"};
  std::vector<bool> delivered;  // per slot: the lone source's frame arrived intact

  SC_CTOR(Driver) { SC_THREAD(run); }

  void run() {
    // Slot s: sources 0..s-1 of group 0 drive coupler lane 1 (slot 0 idle, slot 1 one source,
    // then collisions); source 63 alone in the last slot.
    for (std::uint64_t slot = 0; slot < 5; ++slot) {
      wait(clk.posedge_event());
      const std::uint32_t count = slot == 4 ? 1 : static_cast<std::uint32_t>(slot);
      for (std::uint32_t k = 0; k < count; ++k) {
        const std::uint32_t source = slot == 4 ? 63 : k;
        tx->drive(1, source, Frame::data(Packet{10 + source, source, 7, 0xabcdef0123ULL}), slot);
      }
      wait(clk.negedge_event());
      const auto f = rx->sample(0, slot);
      delivered.push_back(f && count == 1 && f->packet.payload == 0xabcdef0123ULL &&
                          f->packet.id == (slot == 4 ? 73u : 10u));
    }
    sc_core::sc_stop();
  }
};

struct Bench {
  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  GroupTransmitBundle tx{"tx", 2};
  GroupReceiveBundle rx{"rx", 2};
  PopsRtlCoupler star{"coupler_b1_a0", OpticalPassiveStarConfig{1, 0}, true};
  Driver driver{"driver"};
  Mismatches observer;
  explicit Bench(bool record) {
    tx.record_sources(record);
    star.clk(clk);
    star.sources(tx);
    star.destinations(rx);
    star.coupler().set_observer(&observer);
    driver.clk(clk);
    driver.tx(tx);
    driver.rx(rx);
  }
};

TEST(PopsRtlCoupler, LockstepAgreesAndDelivers) {
  Bench bench(true);
  sc_core::sc_start();
  EXPECT_TRUE(bench.observer.seen.empty()) << bench.observer.seen.front();
  EXPECT_EQ(bench.driver.delivered, (std::vector<bool>{false, true, false, false, true}));
  EXPECT_EQ(bench.observer.collisions, 2u);
  EXPECT_EQ(bench.star.coupler().busy_slots(), 4u);
}

// A fault (the RTL's source ports left unwired: the bundle does not record them) is reported
// in the first slot the coupler is lit, with the coupler's name.
TEST(PopsRtlCoupler, LockstepReportsTheFirstMismatch) {
  Bench bench(false);
  sc_core::sc_start();
  ASSERT_FALSE(bench.observer.seen.empty());
  EXPECT_EQ(bench.observer.seen.front(),
            "1 coupler_b1_a0: behavioural: busy 1 collision 0 frame of packet 10; rtl: busy 0 "
            "collision 0");
}

}  // namespace
