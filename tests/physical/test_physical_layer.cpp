/// \file
/// The physical layer (models/optical/power_budget.h, bit_errors.h, device_sets.h): the laser
/// power the budget requires against hand values, static power, a run's energy by part, the
/// bit-error relation, and ber:budget's frame losses against the relation (a distribution
/// test).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "models/core/fault_plan.h"
#include "models/optical/bit_errors.h"
#include "models/optical/device_sets.h"
#include "models/optical/power_budget.h"
#include "testbenches/faults/fault_option.h"

namespace optinet {
namespace {

// Fibre star of fan-out 4: splitting 10 log10(4) = 6.0206 dB, excess 0.7 + 0.25 * 2 = 1.2 dB,
// connectors 2 * 0.5 = 1 dB, fibre 0.004 dB: 8.2246 dB. Required launch = -14.4 + 8.2246 + 3
// = -3.1754 dBm = 0.481349 mW; at 5% wall-plug efficiency 9.62698 mW electrical.
TEST(PhysicalLayer, RequiredLaserPowerByHand) {
  const DeviceParameters p;
  const PhysicalBudget four =
      physical_budget(p, link_budget(p, MediumKind::kStarCoupler, 4), {32, 32});
  EXPECT_NEAR(four.required_launch_dbm, -3.17540, 1e-4);
  EXPECT_NEAR(four.laser_mw_per_transmitter, 0.481349, 1e-6);
  EXPECT_NEAR(four.laser_electrical_mw_per_transmitter, 9.62698, 1e-5);
  EXPECT_NEAR(four.laser_w, 32 * 9.62698e-3, 1e-6);
  // An SFP+-class module's 1 W, whether or not it sends: 485 mW and the laser's 15 mW bias per
  // transmitter, 500 mW per receiver.
  EXPECT_NEAR(four.static_w, (32 * (485 + 15) + 32 * 500) / 1000.0, 1e-12);
  // Doubling the fan-out adds 3.0103 dB of splitting loss and one stage (0.25 dB) of excess.
  const PhysicalBudget eight =
      physical_budget(p, link_budget(p, MediumKind::kStarCoupler, 8), {32, 32});
  EXPECT_NEAR(eight.required_launch_dbm - four.required_launch_dbm, 10 * std::log10(2.0) + 0.25,
              1e-12);
  EXPECT_NEAR(eight.laser_mw_per_transmitter / four.laser_mw_per_transmitter,
              std::pow(10.0, (10 * std::log10(2.0) + 0.25) / 10), 1e-12);
}

// On chip, fan-out 32: splitting 15.0515, excess 0.2 * 5 = 1, coupler 1, waveguide 2 cm at
// 1 dB/cm = 2: 19.0515 dB. Required = -20 + 19.0515 + 3 = 2.0515 dBm = 1.60380 mW; at 10%:
// 16.0380 mW. Static: 0.1 mW tuning per transmitter and per receiver.
TEST(PhysicalLayer, OnChipBudgetByHand) {
  const DeviceParameters p = *device_set("onchip");
  const LinkBudget link = link_budget(p, MediumKind::kStarCoupler, 32);
  EXPECT_NEAR(link.waveguide_loss_db, 2.0, 1e-12);
  EXPECT_NEAR(link.total_loss_db, 19.05150, 1e-4);
  const PhysicalBudget b = physical_budget(p, link, {1024, 1024});
  EXPECT_NEAR(b.required_launch_dbm, 2.05150, 1e-4);
  EXPECT_NEAR(b.laser_mw_per_transmitter, 1.60380, 1e-5);
  EXPECT_NEAR(b.laser_w, 1024 * 16.0380e-3, 1e-4);
  EXPECT_NEAR(b.static_w, 2048 * 0.1e-3, 1e-12);
}

// A tiny run on chip: 4 transmitters (continuous lasers) and 4 receivers, 20 slots of 51.4 ns
// (512 bits at 10 Gb/s and a 0.2 ns guard), 10 frames sent (2 collided), 8 received, 8 packets
// delivered. Fan-out 4: loss 6.0206 + 0.4 + 1 + 2 = 9.4206 dB, required -7.5794 dBm =
// 0.174606 mW, 1.74606 mW electrical.
TEST(PhysicalLayer, EnergyPerBitIsTheSumOfItsPartsByHand) {
  const DeviceParameters p = *device_set("onchip");
  const PhysicalBudget b = physical_budget(p, link_budget(p, MediumKind::kStarCoupler, 4), {4, 4});
  EXPECT_NEAR(b.laser_electrical_mw_per_transmitter, 1.746063, 1e-6);
  FrameCounts c;
  c.frames_transmitted = 10;
  c.frames_collided = 2;
  c.frames_received = 8;
  c.delivered_packets = 8;
  c.slots = 20;
  EnergyTally tally(p, b);
  tally.add(c);
  const EnergyParts e = tally.parts();
  const double run_ns = 20 * 51.4;
  EXPECT_NEAR(e.laser, 4 * 1.746063 * run_ns, 1e-2);  // lit in every slot
  EXPECT_NEAR(e.modulator, 10 * 512 * 0.04, 1e-9);    // 204.8 pJ
  EXPECT_NEAR(e.receiver, 8 * 512 * 0.45, 1e-9);      // 1843.2 pJ
  EXPECT_NEAR(e.serdes, 18 * 512 * 0.2, 1e-9);        // 1843.2 pJ
  EXPECT_NEAR(e.static_, 8 * 0.1 * run_ns, 1e-9);     // 822.4 pJ
  const double total = e.laser + e.modulator + e.receiver + e.serdes + e.static_;
  EXPECT_NEAR(tally.total_pj(), total, 1e-9);
  EXPECT_NEAR(*tally.per_delivered_bit_pj(), total / (8 * 512), 1e-12);
  // A collided frame wastes its modulator and SerDes energy (the laser burns anyway).
  EXPECT_NEAR(tally.collision_share(), 2 * 512 * (0.04 + 0.2) / total, 1e-12);
}

// Burst-mode lasers (fibre) cost only in the slots their transmitter sends.
TEST(PhysicalLayer, BurstModeLaserCostsOnlyLitFrames) {
  const DeviceParameters p;
  const PhysicalBudget b = physical_budget(p, link_budget(p, MediumKind::kStarCoupler, 4), {8, 8});
  FrameCounts c;
  c.frames_transmitted = 3;
  c.frames_received = 3;
  c.delivered_packets = 3;
  c.slots = 100;
  EnergyTally tally(p, b);
  tally.add(c);
  EXPECT_NEAR(tally.parts().laser, 3 * 9.62698 * 51.2, 1e-2);
  // 16 half-modules of 500 mW over 100 slots of 51.2 + 25.7 (guard) + 51.4 (lock) = 128.3 ns.
  EXPECT_NEAR(tally.parts().static_, 16 * 500.0 * 100 * 128.3, 1e-3);
}

// The relation: Q = 7.034 at 1e-12; BER = 1e-12 at the sensitivity; Q scales with the linear
// power ratio.
TEST(PhysicalLayer, BitErrorRelation) {
  EXPECT_NEAR(q_for_ber(1e-12), 7.0344, 1e-3);
  EXPECT_NEAR(ber_for_q(q_for_ber(1e-9)), 1e-9, 1e-15);
  const DeviceParameters p;
  EXPECT_NEAR(bit_error_rate(p, p.receiver_sensitivity_dbm) / 1e-12, 1.0, 1e-6);
  const double half = p.receiver_sensitivity_dbm - 10 * std::log10(2.0);
  EXPECT_NEAR(bit_error_rate(p, half), ber_for_q(q_for_ber(1e-12) / 2), 1e-15);
  EXPECT_LT(bit_error_rate(p, p.receiver_sensitivity_dbm + 3), 1e-40);
  EXPECT_NEAR(frame_loss_probability(1e-3, 512), 1 - std::pow(1 - 1e-3, 512), 1e-12);
  EXPECT_EQ(frame_loss_probability(1.0, 8), 1.0);
}

/// The ber:budget fault at received power `received_dbm` under the fibre devices.
FaultPlan budget_plan(double received_dbm) {
  const DeviceParameters p;
  FaultTargets t;
  t.network = "test";
  t.ber = true;
  const double ber = bit_error_rate(p, received_dbm);
  t.budget_errors = BudgetErrors{received_dbm, ber, frame_loss_probability(ber, p.frame_bits)};
  return parse_fault_plan({"ber:budget"}, t);
}

std::uint64_t garbled_frames(const FaultPlan& plan, std::uint64_t frames) {
  std::uint64_t lost = 0;
  for (std::uint64_t k = 0; k < frames; ++k) lost += plan.garbles(k % 64, k / 64) >= 0 ? 1 : 0;
  return lost;
}

TEST(PhysicalLayer, BudgetBitErrorsLoseNoFrameAtAPositiveMargin) {
  FaultPlan plan = budget_plan(DeviceParameters{}.receiver_sensitivity_dbm + 3);
  plan.begin_run(7);
  EXPECT_EQ(garbled_frames(plan, 200000), 0u);
}

// 3 dB below the sensitivity: Q = 7.034 / 2 = 3.517, BER = 2.18e-4, a 512-bit frame lost with
// probability 0.1056. Over 200000 frames the count is binomial: sd = sqrt(N p (1 - p)) = 137;
// the test accepts 5 sd.
TEST(PhysicalLayer, BudgetBitErrorsLoseFramesAtTheRelationsRate) {
  const double received = DeviceParameters{}.receiver_sensitivity_dbm - 10 * std::log10(2.0);
  FaultPlan plan = budget_plan(received);
  const double p = plan.faults()[0].probability;
  EXPECT_NEAR(p, 1 - std::pow(1 - ber_for_q(q_for_ber(1e-12) / 2), 512), 1e-12);
  EXPECT_NEAR(p, 0.1056, 1e-3);
  constexpr std::uint64_t kFrames = 200000;
  for (std::uint64_t seed : {1, 2, 3}) {
    plan.begin_run(seed);
    const double lost = double(garbled_frames(plan, kFrames));
    const double sd = std::sqrt(kFrames * p * (1 - p));
    EXPECT_NEAR(lost, kFrames * p, 5 * sd) << "seed " << seed;
  }
}

TEST(PhysicalLayer, BudgetBitErrorsNeedABudget) {
  FaultTargets t;
  t.network = "X";
  t.ber = true;
  try {
    parse_fault_plan({"ber:budget"}, t);
    ADD_FAILURE() << "accepted";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "--fault: 'ber:budget' needs a power budget, and X has none");
  }
}

}  // namespace
}  // namespace optinet
