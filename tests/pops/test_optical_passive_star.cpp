/// \file
/// The behavioural coupler c(b, a) on a hand-built testbench: a slot clock, group a's transmit
/// bundle, the couplers group a lights (a PassiveStarGroup: c(0, a) and c(1, a)) with their
/// receive bundles, a driver that lights transmitters at rising edges and reads c(1, a)'s flags at
/// falling edges, and d receivers of group b that sample at falling edges.
/// Each TEST elaborates the bench once (gtest_discover_tests gives it its own process).
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <tuple>
#include <vector>

#include "models/pops/pops_bundles.h"
#include "models/pops/pops_coupler_group.h"

namespace {

using namespace optinet;
using namespace optinet::pops;

constexpr std::uint32_t kD = 4;       // processors per group
constexpr std::uint32_t kG = 2;       // groups (bundle widths)
constexpr std::uint32_t kSource = 0;  // a
constexpr std::uint32_t kDest = 1;    // b: the coupler under test is c(1, 0)

/// One lit transmitter of group a in a slot, and the coupler lane it drives; a late one drives
/// two delta cycles after the rising edge, when the couplers have resolved the slot.
struct Light {
  std::uint32_t transmitter = 0;
  std::uint32_t lane = kDest;
  bool late = false;
};
using Plan = std::vector<std::vector<Light>>;  // per slot

/// The distinct frame transmitter t sends in slot s.
Frame frame_of(std::uint32_t t, std::uint64_t s) {
  const auto id = static_cast<std::uint32_t>(100 * s + t);
  return Frame::data(Packet{id, NodeId{t}, NodeId{kD + t}, 0x5eed0000ULL + id});
}

struct Flags {
  bool busy = false;
  bool collision = false;
};

SC_MODULE(Driver) {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<StarTransmitIf> tx{"tx"};
  Plan plan;
  const StarCoupler* star = nullptr;
  std::vector<Flags> flags;  // sampled at the falling edge of each slot

  SC_CTOR(Driver) { SC_THREAD(run); }

  void run() {
    for (std::uint64_t slot = 0; slot < plan.size(); ++slot) {
      wait(clk.posedge_event());
      drive(slot, false);
      wait(sc_core::SC_ZERO_TIME);
      wait(sc_core::SC_ZERO_TIME);
      drive(slot, true);
      wait(clk.negedge_event());
      flags.push_back({star->busy(), star->collision()});
    }
    wait(clk.posedge_event());
    sc_core::sc_stop();
  }

  void drive(std::uint64_t slot, bool late) {
    for (const Light& l : plan[slot]) {
      if (l.late == late) tx->drive(l.lane, l.transmitter, frame_of(l.transmitter, slot), slot);
    }
  }
};

SC_MODULE(Receiver) {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<StarReceiveIf> rx{"rx"};
  std::vector<std::optional<Frame>> got;  // what c(b, a) delivered, per slot

  SC_CTOR(Receiver) { SC_THREAD(run); }

  void run() {
    for (std::uint64_t slot = 0;; ++slot) {
      wait(clk.posedge_event());
      wait(clk.negedge_event());
      got.push_back(rx->sample(kSource, slot));
    }
  }
};

struct Collision {
  std::uint64_t slot;
  std::uint32_t destination_group;
  std::uint32_t source_group;
  bool operator==(const Collision& o) const {
    return std::tie(slot, destination_group, source_group) ==
           std::tie(o.slot, o.destination_group, o.source_group);
  }
};

struct RecordingObserver : CollisionObserver {
  std::vector<Collision> seen;
  void on_collision(std::uint64_t slot, std::uint32_t b, std::uint32_t a) override {
    seen.push_back({slot, b, a});
  }
};

/// The testbench: built once per test, run once.
struct StarBench {
  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  GroupTransmitBundle tx{"tx_group0", kG};
  GroupReceiveBundle rx0{"rx_group0", kG};
  GroupReceiveBundle rx{"rx_group1", kG};
  PassiveStarGroup stars{"couplers", kSource, kG};  // c(0, 0) and c(1, 0)
  StarCoupler& star = stars.coupler(kDest);
  StarCoupler& other = stars.coupler(0);
  Driver driver{"driver"};
  std::vector<std::unique_ptr<Receiver>> receivers;
  RecordingObserver observer;
  RecordingObserver other_observer;

  explicit StarBench(Plan plan) {
    stars.clk(clk);
    stars.sources(tx);
    stars.destinations(rx0);  // binding 0: c(0, 0)
    stars.destinations(rx);   // binding 1: c(1, 0)
    star.set_observer(&observer);
    other.set_observer(&other_observer);
    driver.clk(clk);
    driver.tx(tx);
    driver.plan = std::move(plan);
    driver.star = &star;
    for (std::uint32_t k = 0; k < kD; ++k) {
      receivers.push_back(std::make_unique<Receiver>(("proc" + std::to_string(k)).c_str()));
      receivers.back()->clk(clk);
      receivers.back()->rx(rx);
    }
  }

  void run() {
    sc_core::sc_start();
    ASSERT_EQ(driver.flags.size(), driver.plan.size());
    for (const auto& r : receivers) ASSERT_GE(r->got.size(), driver.plan.size());
  }

  /// Every destination received nothing in `slot`.
  void expect_dark_at_all_destinations(std::uint64_t slot) const {
    for (std::uint32_t k = 0; k < kD; ++k) {
      EXPECT_FALSE(receivers[k]->got[slot].has_value()) << "destination " << k << ", slot " << slot;
    }
  }
  /// Every destination received exactly `frame` in `slot`.
  void expect_at_all_destinations(std::uint64_t slot, const Frame& frame) const {
    for (std::uint32_t k = 0; k < kD; ++k) {
      const auto& got = receivers[k]->got[slot];
      ASSERT_TRUE(got.has_value()) << "destination " << k << ", slot " << slot;
      EXPECT_EQ(got->kind, frame.kind) << "destination " << k;
      EXPECT_EQ(got->packet, frame.packet) << "destination " << k;
    }
  }
};

std::vector<Light> lights(std::initializer_list<std::uint32_t> transmitters) {
  std::vector<Light> v;
  for (auto t : transmitters) v.push_back(Light{t, kDest});
  return v;
}

TEST(OpticalPassiveStar, NoTransmitterDeliversNothingAndStaysDark) {
  StarBench bench({{}, {}, {}});
  bench.run();
  for (std::uint64_t s = 0; s < 3; ++s) {
    EXPECT_FALSE(bench.driver.flags[s].busy) << "slot " << s;
    EXPECT_FALSE(bench.driver.flags[s].collision) << "slot " << s;
    bench.expect_dark_at_all_destinations(s);
  }
  EXPECT_EQ(bench.star.busy_slots(), 0u);
  EXPECT_EQ(bench.star.collision_slots(), 0u);
  EXPECT_TRUE(bench.observer.seen.empty());
}

TEST(OpticalPassiveStar, OneTransmitterIsBroadcastToEveryDestination) {
  StarBench bench({{}, lights({2}), {}});
  bench.run();
  bench.expect_dark_at_all_destinations(0);
  bench.expect_at_all_destinations(1, frame_of(2, 1));
  bench.expect_dark_at_all_destinations(2);
}

TEST(OpticalPassiveStar, OneTransmitterRaisesBusyForItsSlotOnly) {
  StarBench bench({{}, lights({2}), {}});
  bench.run();
  EXPECT_FALSE(bench.driver.flags[0].busy);
  EXPECT_TRUE(bench.driver.flags[1].busy);
  EXPECT_FALSE(bench.driver.flags[1].collision);
  EXPECT_FALSE(bench.driver.flags[2].busy);
  EXPECT_EQ(bench.star.busy_slots(), 1u);
  EXPECT_EQ(bench.star.collision_slots(), 0u);
  EXPECT_TRUE(bench.observer.seen.empty());
}

TEST(OpticalPassiveStar, TwoTransmittersCollideAndDeliverNothing) {
  StarBench bench({{}, lights({0, 3}), {}});
  bench.run();
  bench.expect_dark_at_all_destinations(1);
  EXPECT_TRUE(bench.driver.flags[1].collision);
  EXPECT_TRUE(bench.driver.flags[1].busy);
  EXPECT_EQ(bench.star.collision_slots(), 1u);
}

TEST(OpticalPassiveStar, CollisionFlagAndBusyDropInTheFollowingSlot) {
  StarBench bench({{}, lights({0, 3}), {}});
  bench.run();
  EXPECT_FALSE(bench.driver.flags[0].collision);
  EXPECT_TRUE(bench.driver.flags[1].collision);
  EXPECT_FALSE(bench.driver.flags[2].collision);
  EXPECT_FALSE(bench.driver.flags[2].busy);
}

TEST(OpticalPassiveStar, AllDTransmittersCollideAndDeliverNothing) {
  StarBench bench({{}, lights({0, 1, 2, 3}), {}});
  bench.run();
  bench.expect_dark_at_all_destinations(1);
  EXPECT_TRUE(bench.driver.flags[1].collision);
  EXPECT_FALSE(bench.driver.flags[2].collision);
  EXPECT_FALSE(bench.driver.flags[2].busy);
  EXPECT_EQ(bench.star.collision_slots(), 1u);
  EXPECT_EQ(bench.star.busy_slots(), 1u);
}

TEST(OpticalPassiveStar, ObserverToldOfEachCollisionWithSlotAndGroups) {
  StarBench bench({{}, lights({0, 3}), lights({1}), {}, lights({0, 1, 2, 3})});
  bench.run();
  const std::vector<Collision> expected = {{1, kDest, kSource}, {4, kDest, kSource}};
  EXPECT_EQ(bench.observer.seen, expected);
  EXPECT_EQ(bench.star.collision_slots(), 2u);
}

TEST(OpticalPassiveStar, CollisionThenSingleTransmitterInTheNextSlotIsDelivered) {
  StarBench bench({lights({0, 1}), lights({2}), lights({1, 2, 3}), lights({0})});
  bench.run();
  bench.expect_dark_at_all_destinations(0);
  bench.expect_at_all_destinations(1, frame_of(2, 1));
  bench.expect_dark_at_all_destinations(2);
  bench.expect_at_all_destinations(3, frame_of(0, 3));
  const std::vector<bool> collision = {true, false, true, false};
  for (std::uint64_t s = 0; s < 4; ++s) {
    EXPECT_EQ(bench.driver.flags[s].collision, collision[s]) << "slot " << s;
    EXPECT_TRUE(bench.driver.flags[s].busy) << "slot " << s;
  }
  EXPECT_EQ(bench.star.busy_slots(), 4u);
  EXPECT_EQ(bench.star.collision_slots(), 2u);
}

TEST(OpticalPassiveStar, BackToBackSingleTransmittersAreEachDelivered) {
  StarBench bench({lights({1}), lights({2}), lights({3})});
  bench.run();
  for (std::uint32_t s = 0; s < 3; ++s) bench.expect_at_all_destinations(s, frame_of(s + 1, s));
  EXPECT_EQ(bench.star.busy_slots(), 3u);
  EXPECT_EQ(bench.star.collision_slots(), 0u);
}

TEST(OpticalPassiveStar, LightOnAnotherLaneDoesNotReachThisCoupler) {
  // Transmitter 0 drives lane 0 (coupler c(0, 0)), not c(1, 0).
  StarBench bench({{}, {Light{0, 0}}, {}});
  bench.run();
  bench.expect_dark_at_all_destinations(1);
  EXPECT_FALSE(bench.driver.flags[1].busy);
  EXPECT_EQ(bench.star.busy_slots(), 0u);
}

TEST(OpticalPassiveStar, OtherLaneDoesNotCountAsASecondDriver) {
  // Transmitter 1 on lane 0 and transmitter 2 on this coupler's lane: no collision here.
  StarBench bench({{}, {Light{1, 0}, Light{2, kDest}}, {}});
  bench.run();
  bench.expect_at_all_destinations(1, frame_of(2, 1));
  EXPECT_FALSE(bench.driver.flags[1].collision);
  // c(0, 0), resolved by the same method in the same slot, delivered its own frame to group 0.
  const std::optional<Frame> other = bench.rx0.sample(kSource, 1);
  ASSERT_TRUE(other.has_value());
  EXPECT_EQ(other->packet, frame_of(1, 1).packet);
  EXPECT_EQ(bench.other.busy_slots(), 1u);
}

TEST(OpticalPassiveStar, TwoLanesOfAGroupResolveEachOnItsOwn) {
  // Slot 1: c(0, 0) collides (transmitters 0 and 1), c(1, 0) delivers transmitter 3's frame.
  StarBench bench({{}, {Light{0, 0}, Light{3, kDest}, Light{1, 0}}, {}});
  bench.run();
  bench.expect_at_all_destinations(1, frame_of(3, 1));
  EXPECT_FALSE(bench.rx0.sample(kSource, 1).has_value());
  EXPECT_EQ(bench.other_observer.seen, (std::vector<Collision>{{1, 0, kSource}}));
  EXPECT_TRUE(bench.observer.seen.empty());
  EXPECT_EQ(bench.other.collision_slots(), 1u);
  EXPECT_EQ(bench.star.collision_slots(), 0u);
}

// The group resolves every lane of a slot at once: a source that drives after that would be
// missed, so it is an error rather than a lost frame.
TEST(OpticalPassiveStar, ADriveAfterTheCouplersResolvedIsAnError) {
  StarBench bench({{}, {Light{2, kDest}, Light{1, 0, true}}, {}});
  EXPECT_NONFATAL_FAILURE_ON_ALL_THREADS(
      EXPECT_THROW(sc_core::sc_start(), sc_core::sc_report),
      "SystemC error (tx_group0): a source drove after the couplers resolved the slot");
}

TEST(OpticalPassiveStar, ReceiveLatchIsStampedWithItsSlot) {
  StarBench bench({{}, lights({3}), {}});
  bench.run();
  // After the run the latch still holds slot 1's frame, readable only as slot 1's.
  EXPECT_TRUE(bench.rx.sample(kSource, 1).has_value());
  EXPECT_FALSE(bench.rx.sample(kSource, 2).has_value());
  EXPECT_FALSE(bench.rx.sample(kDest, 1).has_value());  // c(1, 1) carried nothing
}

}  // namespace
