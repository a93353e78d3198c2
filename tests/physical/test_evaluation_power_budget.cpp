/// \file
/// Power budget and energy (models/optical/power_budget.h): hand-computed budgets at the
/// defaults, the largest fan-out at and around its boundary, energy per frame and the tally.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "models/optical/power_budget.h"

namespace optinet {
namespace {

constexpr double kTol = 1e-9;

// Defaults: launch 0 dBm, sensitivity -14.4 dBm, margin 3 dB, 2 connectors of 0.5 dB, 10 m of
// 0.4 dB/km fibre (0.004 dB): 10.396 dB are left for splitting and excess loss.
TEST(EvaluationPowerBudget, StarCouplerAtTheDefaultsByHand) {
  const DeviceParameters p;
  const LinkBudget b = link_budget(p, MediumKind::kStarCoupler, 8);
  EXPECT_NEAR(b.splitting_loss_db, 9.030899870, 1e-8);  // 10 log10 8
  EXPECT_NEAR(b.excess_loss_db, 0.7 + 0.25 * 3, kTol);  // base + 3 stages
  EXPECT_NEAR(b.connector_loss_db, 1.0, kTol);
  EXPECT_NEAR(b.fibre_loss_db, 0.004, kTol);
  EXPECT_NEAR(b.total_loss_db, 11.484899870, 1e-8);
  EXPECT_NEAR(b.received_power_dbm, -11.484899870, 1e-8);
  EXPECT_NEAR(b.margin_db, -11.484899870 + 14.4 - 3.0, 1e-8);  // -0.0849: does not close
  EXPECT_FALSE(b.closes());

  const LinkBudget seven = link_budget(p, MediumKind::kStarCoupler, 7);
  // 10 log10 7 = 8.450980400, log2 7 = 2.807354922
  EXPECT_NEAR(seven.total_loss_db, 8.450980400 + 0.7 + 0.25 * 2.807354922 + 1.004, 1e-8);
  EXPECT_TRUE(seven.closes());
  EXPECT_EQ(max_fanout(p, MediumKind::kStarCoupler), 7u);
}

TEST(EvaluationPowerBudget, BusAndPointToPointAtTheDefaultsByHand) {
  const DeviceParameters p;
  // Bus: 10 log10 k + 0.3 k <= 10.396: k = 6 gives 9.582, k = 7 gives 10.551.
  const LinkBudget six = link_budget(p, MediumKind::kBus, 6);
  EXPECT_NEAR(six.excess_loss_db, 1.8, kTol);
  EXPECT_NEAR(six.margin_db, 10.396 - (7.781512504 + 1.8), 1e-8);
  EXPECT_TRUE(six.closes());
  EXPECT_FALSE(link_budget(p, MediumKind::kBus, 7).closes());
  EXPECT_EQ(max_fanout(p, MediumKind::kBus), 6u);

  const LinkBudget link = link_budget(p, MediumKind::kPointToPoint, 1);
  EXPECT_EQ(link.splitting_loss_db, 0.0);
  EXPECT_EQ(link.excess_loss_db, 0.0);
  EXPECT_NEAR(link.margin_db, 10.396, kTol);
  EXPECT_EQ(max_fanout(p, MediumKind::kPointToPoint), 1u);
}

TEST(EvaluationPowerBudget, MaxFanoutIsZeroWhenNothingCloses) {
  DeviceParameters p;
  p.launch_power_dbm = -15.0;  // below the sensitivity before any loss
  EXPECT_EQ(max_fanout(p, MediumKind::kStarCoupler), 0u);
  EXPECT_EQ(max_fanout(p, MediumKind::kBus), 0u);
  EXPECT_EQ(max_fanout(p, MediumKind::kPointToPoint), 0u);
}

// Lossless apart from the split: 20.5 dB of budget allows 10^2.05 = 112.2 receivers on a star;
// a bus with 1 dB taps needs 10 log10 k + k <= 20.5: k = 10 (20.0), not 11 (21.41).
TEST(EvaluationPowerBudget, MaxFanoutOnHandMadeBudgets) {
  DeviceParameters p;
  p.launch_power_dbm = 0;
  p.receiver_sensitivity_dbm = -20.5;
  p.system_margin_db = 0;
  p.connectors_per_path = 0;
  p.fibre_length_m = 0;
  p.star_excess_base_db = 0;
  p.star_excess_per_stage_db = 0;
  p.bus_tap_loss_db = 1.0;
  EXPECT_EQ(max_fanout(p, MediumKind::kStarCoupler), 112u);
  EXPECT_EQ(max_fanout(p, MediumKind::kBus), 10u);
  // Excess per stage 1 dB: (3.0103 + 1) log2 k <= 20.5 -> log2 k <= 5.112 -> k <= 34.6.
  p.star_excess_per_stage_db = 1.0;
  EXPECT_EQ(max_fanout(p, MediumKind::kStarCoupler), 34u);
  // A budget beyond any device (130 dB; 2^30 receivers need 90.3 dB) is capped.
  p.star_excess_per_stage_db = 0;
  p.receiver_sensitivity_dbm = -100;
  p.launch_power_dbm = 30;
  EXPECT_EQ(max_fanout(p, MediumKind::kStarCoupler), kMaxFanout);
}

// The largest fan-out closes and the next does not, over a grid of budgets.
TEST(EvaluationPowerBudget, MaxFanoutIsTheBoundary) {
  for (double sensitivity : {-12.0, -14.4, -18.0, -24.0, -28.5, -35.0}) {
    for (double per_stage : {0.0, 0.25, 0.6}) {
      DeviceParameters p;
      p.receiver_sensitivity_dbm = sensitivity;
      p.star_excess_per_stage_db = per_stage;
      for (MediumKind kind : {MediumKind::kStarCoupler, MediumKind::kBus}) {
        const std::uint32_t k = max_fanout(p, kind);
        ASSERT_GE(k, 1u) << medium_kind_name(kind) << " at " << sensitivity;
        EXPECT_TRUE(link_budget(p, kind, k).closes());
        EXPECT_FALSE(link_budget(p, kind, k + 1).closes()) << medium_kind_name(kind) << " " << k;
      }
    }
  }
}

TEST(EvaluationPowerBudget, MarginFallsWithFanout) {
  const DeviceParameters p;
  for (MediumKind kind : {MediumKind::kStarCoupler, MediumKind::kBus}) {
    double previous = link_budget(p, kind, 1).margin_db;
    for (std::uint32_t k = 2; k <= 4096; ++k) {
      const double m = link_budget(p, kind, k).margin_db;
      ASSERT_LT(m, previous) << medium_kind_name(kind) << " k " << k;
      previous = m;
    }
  }
}

TEST(EvaluationPowerBudget, BadFanoutsAreRefused) {
  const DeviceParameters p;
  EXPECT_FALSE(fanout_unavailable(MediumKind::kStarCoupler, 0).empty());
  EXPECT_FALSE(fanout_unavailable(MediumKind::kPointToPoint, 2).empty());
  EXPECT_FALSE(fanout_unavailable(MediumKind::kBus, std::uint64_t{kMaxFanout} + 1).empty());
  EXPECT_TRUE(fanout_unavailable(MediumKind::kPointToPoint, 1).empty());
  EXPECT_TRUE(fanout_unavailable(MediumKind::kStarCoupler, 64).empty());
  EXPECT_THROW(link_budget(p, MediumKind::kBus, 0), std::invalid_argument);
  EXPECT_THROW(link_budget(p, MediumKind::kPointToPoint, 4), std::invalid_argument);
}

TEST(EvaluationPowerBudget, EnergyPerFrameAtTheDefaults) {
  DeviceParameters p;
  EXPECT_NEAR(frame_duration_ns(p), 51.2, kTol);        // 512 bits at 10 Gb/s
  EXPECT_NEAR(slot_duration_ns(p), 128.3, kTol);        // and G-PON's 25.7 ns guard, 51.4 lock
  EXPECT_NEAR(optical_frame_energy_pj(p), 51.2, kTol);  // 1 mW for 51.2 ns
  // An SFP+-class module's power is static: a frame costs no more.
  EXPECT_NEAR(tx_frame_energy_pj(p), 0.0, kTol);
  EXPECT_NEAR(rx_frame_energy_pj(p), 0.0, kTol);
  p.tx_energy_pj_per_bit = p.rx_energy_pj_per_bit = 50;
  EXPECT_NEAR(tx_frame_energy_pj(p), 25600.0, kTol);  // 512 bits * 50 pJ/bit
  EXPECT_NEAR(rx_frame_energy_pj(p), 25600.0, kTol);
  EXPECT_NEAR(dbm_to_mw(-10.0), 0.1, kTol);
  EXPECT_NEAR(dbm_to_mw(3.0), 1.995262315, 1e-8);
}

// 100-bit frames, 2 pJ/bit to send (200 pJ/frame), 1 pJ/bit to receive (100 pJ/frame).
TEST(EvaluationPowerBudget, EnergyTallyByHand) {
  DeviceParameters p;
  p.frame_bits = 100;
  p.tx_energy_pj_per_bit = 2;
  p.rx_energy_pj_per_bit = 1;
  EnergyTally tally(p);
  FrameCounts c;
  c.frames_transmitted = 10;  // 2000 pJ
  c.frames_received = 12;     // 1200 pJ (broadcast: more copies received than sent)
  c.frames_collided = 2;      // 400 pJ wasted
  c.ack_frames_transmitted = 3;
  c.ack_frames_received = 3;  // 3 * 200 + 3 * 100 = 900 pJ
  c.delivered_packets = 4;
  c.slots = 20;
  tally.add(c);
  EXPECT_NEAR(tally.transmit_pj(), 2000, kTol);
  EXPECT_NEAR(tally.receive_pj(), 1200, kTol);
  EXPECT_NEAR(tally.total_pj(), 3200, kTol);
  ASSERT_TRUE(tally.per_delivered_packet_pj().has_value());
  EXPECT_NEAR(*tally.per_delivered_packet_pj(), 800, kTol);
  EXPECT_NEAR(*tally.per_slot_pj(), 160, kTol);
  EXPECT_NEAR(tally.collision_share(), 0.125, kTol);
  EXPECT_NEAR(tally.acknowledgement_share(), 0.28125, kTol);

  // A second run with the same counts: totals double, ratios stay.
  tally.add(c);
  EXPECT_EQ(tally.counts().frames_transmitted, 20u);
  EXPECT_NEAR(tally.total_pj(), 6400, kTol);
  EXPECT_NEAR(*tally.per_delivered_packet_pj(), 800, kTol);
  EXPECT_NEAR(tally.collision_share(), 0.125, kTol);
}

TEST(EvaluationPowerBudget, EnergyTallyWithoutDeliveriesOrSlots) {
  EnergyTally empty{DeviceParameters{}};
  EXPECT_EQ(empty.total_pj(), 0.0);
  EXPECT_FALSE(empty.per_delivered_packet_pj().has_value());
  EXPECT_FALSE(empty.per_slot_pj().has_value());
  EXPECT_EQ(empty.collision_share(), 0.0);
  EXPECT_EQ(empty.acknowledgement_share(), 0.0);

  // Energy spent, nothing delivered: no per-packet figure, all of it wasted in collisions.
  DeviceParameters per_bit;
  per_bit.tx_energy_pj_per_bit = 50;
  EnergyTally wasted{per_bit};
  FrameCounts c;
  c.frames_transmitted = 2;
  c.frames_collided = 2;
  c.slots = 1;
  wasted.add(c);
  EXPECT_FALSE(wasted.per_delivered_packet_pj().has_value());
  EXPECT_NEAR(wasted.collision_share(), 1.0, kTol);
}

TEST(EvaluationPowerBudget, InconsistentCountsAreRefused) {
  EnergyTally tally{DeviceParameters{}};
  FrameCounts c;
  c.frames_transmitted = 1;
  c.frames_collided = 2;
  EXPECT_THROW(tally.add(c), std::invalid_argument);
  c = FrameCounts{};
  c.frames_transmitted = 1;
  c.ack_frames_transmitted = 2;
  EXPECT_THROW(tally.add(c), std::invalid_argument);
  c = FrameCounts{};
  c.ack_frames_received = 1;
  EXPECT_THROW(tally.add(c), std::invalid_argument);
  EXPECT_EQ(tally.counts().frames_transmitted, 0u);  // nothing was added
}

}  // namespace
}  // namespace optinet
