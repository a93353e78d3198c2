/// \file
/// The control plane in the books (models/optical/power_budget.h): its transmitters and
/// photodiodes in the transceiver counts and the static power, and its bits in the energy, by
/// hand for each laser mode.
#include <gtest/gtest.h>

#include <cmath>

#include "models/optical/device_sets.h"
#include "models/optical/power_budget.h"

namespace optinet {
namespace {

constexpr double kTol = 1e-9;

TEST(ControlPlaneEnergy, CountsAddTheControlTransceivers) {
  // POPS(8,8) reservation: 512 data transmitters and receivers; per node 1 control transmitter
  // and 9 photodiodes; the widest channel 8 * 9 = 72 bits fits one 512-bit frame.
  EXPECT_EQ(control_wavelengths(72, 512), 1u);
  EXPECT_EQ(control_wavelengths(512, 512), 1u);
  EXPECT_EQ(control_wavelengths(513, 512), 2u);
  EXPECT_EQ(control_wavelengths(4160, 512), 9u);  // POPS(64,64): 8.125 frames
  EXPECT_EQ(control_wavelengths(0, 512), 1u);
  TransceiverCounts c = with_control_plane({512, 512}, {64, 1, 9, 72}, 512);
  EXPECT_EQ(c.transmitters, 576u);
  EXPECT_EQ(c.receivers, 1088u);
  EXPECT_EQ(c.control_transmitters, 64u);
  EXPECT_EQ(c.control_receivers, 576u);
  // POPS(64,64): 4096 nodes, 9 wavelengths: 36,864 control transmitters, 4096 * 65 * 9
  // photodiodes.
  c = with_control_plane({262144, 262144}, {4096, 1, 65, 4160}, 512);
  EXPECT_EQ(c.control_transmitters, 36864u);
  EXPECT_EQ(c.control_receivers, 2396160u);
  EXPECT_EQ(c.transmitters, 262144u + 36864u);
  // No control plane: the counts unchanged.
  c = with_control_plane({16, 16}, {}, 512);
  EXPECT_EQ(c.transmitters, 16u);
  EXPECT_EQ(c.control_receivers, 0u);
  // The static power counts them: fibre, an SFP+-class module's 1 W, 500 mW a side (a
  // transmitter's 485 mW and its laser's 15 mW bias).
  const DeviceParameters p;
  const LinkBudget link = link_budget(p, MediumKind::kStarCoupler, 8);
  EXPECT_NEAR(
      physical_budget(p, link, with_control_plane({512, 512}, {64, 1, 9, 72}, 512)).static_w,
      (576 * 500.0 + 1088 * 500.0) / 1000, kTol);
}

TEST(ControlPlaneEnergy, ControlBitsPricedAsDataBitsInEveryLaserMode) {
  DeviceParameters p;  // fibre's laser and path, gated at 5%, with per-bit electronics
  p.tx_energy_pj_per_bit = p.rx_energy_pj_per_bit = 50;
  p.serdes_energy_pj_per_bit = 1.0;
  p.guard_time_ns = p.receiver_lock_ns = 0;  // a slot is the 51.2 ns frame
  const LinkBudget link = link_budget(p, MediumKind::kStarCoupler, 8);
  const PhysicalBudget budget = physical_budget(p, link, {100, 100});
  // Required launch -14.4 + 11.4848998698 + 3 = 0.0848998698 dBm: 1.019740 mW; 20.39481 mW
  // electrical. A bit lasts 0.1 ns: 2.039481 pJ of gated laser light per control bit.
  const double launch_dbm = -14.4 + 10 * std::log10(8.0) + 0.7 + 3 * 0.25 + 2 * 0.5 + 0.004 + 3;
  const double laser_mw = std::pow(10.0, launch_dbm / 10) / 0.05;
  FrameCounts counts;
  counts.frames_transmitted = 10;
  counts.frames_received = 10;
  counts.delivered_packets = 10;
  counts.slots = 100;
  counts.control_bits_sent = 1000;
  counts.control_bits_received = 8000;
  p.laser_mode = LaserMode::kGated;
  EnergyTally gated(p, budget);
  gated.add(counts);
  const double control = 1000 * (50 + 1 + laser_mw * 0.1) + 8000 * (50 + 1);
  EXPECT_NEAR(gated.control_pj(), control, 1e-6);
  const EnergyParts e = gated.parts();
  // Laser: 10 frames of 51.2 ns and 1000 control bits of 0.1 ns.
  EXPECT_NEAR(e.laser, laser_mw * (10 * 51.2 + 1000 * 0.1), 1e-6);
  EXPECT_NEAR(e.modulator, 10 * 512 * 50.0 + 1000 * 50.0, 1e-6);
  EXPECT_NEAR(e.receiver, 10 * 512 * 50.0 + 8000 * 50.0, 1e-6);
  EXPECT_NEAR(e.serdes, 20 * 512 + 9000, 1e-6);
  EXPECT_NEAR(gated.control_share(), control / gated.total_pj(), kTol);
  // Throttled: 100 transmitters lit over 100 slots at (10 + 1000 / 512) / 10,000 of the time.
  p.laser_mode = LaserMode::kThrottled;
  EnergyTally throttled(p, budget);
  throttled.add(counts);
  EXPECT_NEAR(throttled.parts().laser, 100 * laser_mw * 100 * 51.2 * (10 + 1000.0 / 512) / 10000,
              1e-6);
  EXPECT_NEAR(throttled.control_pj(), 1000 * 51.0 + 8000 * 51.0, 1e-6);
  // Continuous: every laser lit in every slot, the control's among them; its bits cost no light.
  p.laser_mode = LaserMode::kContinuous;
  EnergyTally continuous(p, budget);
  continuous.add(counts);
  EXPECT_NEAR(continuous.parts().laser, 100 * laser_mw * 100 * 51.2, 1e-6);
  EXPECT_NEAR(continuous.control_pj(), 1000 * 51.0 + 8000 * 51.0, 1e-6);
  // Without control bits, no control energy and no share.
  EnergyTally none(p, budget);
  counts.control_bits_sent = counts.control_bits_received = 0;
  none.add(counts);
  EXPECT_EQ(none.control_pj(), 0.0);
  EXPECT_EQ(none.control_share(), 0.0);
  // Negative control bits are refused.
  counts.control_bits_sent = -1;
  EXPECT_THROW(none.add(counts), std::invalid_argument);
}

}  // namespace
}  // namespace optinet
