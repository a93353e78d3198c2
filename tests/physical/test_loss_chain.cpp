/// \file
/// The whole loss chain of a path (models/optical/power_budget.h), derived by hand for one fibre
/// and one on-chip path with every element present, and the worst-case budget; the laser modes'
/// energy by hand on POPS(16,16) on chip and on fibre.
#include <gtest/gtest.h>

#include "models/optical/device_sets.h"
#include "models/optical/power_budget.h"

namespace optinet {
namespace {

constexpr double kTol = 1e-8;

// On chip, POPS coupler d = 16 built as a 16:1 combiner tree and a 1:16 splitter tree of Y
// junctions (DSENT's figures: 1 dB per splitter stage, 1 dB laser coupler, 1 dB/cm waveguide,
// ring drop 1 dB, through 0.01 dB, photodetector 1 dB, modulator insertion loss 2 dB and
// extinction ratio 6 dB), 2 cm of waveguide, 4 crossings of 0.05 dB.
DeviceParameters dsent_like_onchip() {
  DeviceParameters p = *device_set("onchip");
  p.star_excess_base_db = 0.0;
  p.star_excess_per_stage_db = 1.0;
  p.star_single_mode_combiner = 1;
  p.connector_loss_db = 1.0;
  p.connectors_per_path = 1;
  p.waveguide_loss_db_per_cm = 1.0;
  p.waveguide_length_cm = 2.0;
  p.crossing_loss_db = 0.05;
  p.crossings_per_path = 4;
  p.ring_drop_loss_db = 1.0;
  p.ring_through_loss_db = 0.01;
  p.modulator_insertion_loss_db = 2.0;
  p.modulator_extinction_ratio_db = 6.0;
  p.photodetector_loss_db = 1.0;
  p.launch_power_dbm = 0.0;
  p.launch_power_min_dbm = -1.0;
  p.worst_case_extra_loss_db = 1.5;
  return p;
}

TEST(LossChain, OnChipStarEveryElementByHand) {
  const DeviceParameters p = dsent_like_onchip();
  const LinkBudget b = link_budget(p, MediumKind::kStarCoupler, 16);
  // 10 log10 16 = 12.041199827 dB to split, and as much again to combine in single mode.
  EXPECT_NEAR(b.splitting_loss_db, 12.041199827, kTol);
  EXPECT_NEAR(b.combining_loss_db, 12.041199827, kTol);
  // log2 16 = 4 stages combining and 4 splitting, 1 dB each.
  EXPECT_NEAR(b.excess_loss_db, 8.0, kTol);
  EXPECT_NEAR(b.connector_loss_db, 1.0, kTol);
  EXPECT_NEAR(b.waveguide_loss_db, 2.0, kTol);
  EXPECT_NEAR(b.crossing_loss_db, 0.2, kTol);
  EXPECT_NEAR(b.ring_drop_loss_db, 1.0, kTol);
  // One wavelength: the modulator's ring and the filter's ring, 0.01 dB each.
  EXPECT_NEAR(b.ring_through_loss_db, 0.02, kTol);
  EXPECT_NEAR(b.modulator_insertion_loss_db, 2.0, kTol);
  // ER 6 dB: r = 10^0.6 = 3.981071706; (r + 1) / (r - 1) = 1.670905; 10 log10 = 2.229503712.
  EXPECT_NEAR(b.extinction_ratio_penalty_db, 2.229503712, kTol);
  EXPECT_NEAR(b.photodetector_loss_db, 1.0, kTol);
  const double total = 2 * 12.041199827 + 8 + 1 + 2 + 0.2 + 1 + 0.02 + 2 + 2.229503712 + 1;
  EXPECT_NEAR(b.total_loss_db, total, kTol);  // 41.531903366 dB
  EXPECT_NEAR(b.received_power_dbm, -total, kTol);
  EXPECT_NEAR(b.margin_db, -total + 20.0 - 3.0, kTol);
  EXPECT_FALSE(b.closes());
  // Worst case: launch -1 dBm through 1.5 dB more.
  EXPECT_NEAR(b.worst_total_loss_db, total + 1.5, kTol);
  EXPECT_NEAR(b.worst_received_power_dbm, -1.0 - total - 1.5, kTol);
  EXPECT_NEAR(b.worst_margin_db, -1.0 - total - 1.5 + 20.0 - 3.0, kTol);

  // Four wavelengths on the waveguide: 4 modulator rings and 4 filter rings passed.
  EXPECT_NEAR(link_budget(p, MediumKind::kStarCoupler, 16, 4).ring_through_loss_db, 0.08, kTol);

  // The laser is sized to the typical and to the worst-case loss.
  const PhysicalBudget pb = physical_budget(p, b, {256, 256});
  EXPECT_NEAR(pb.required_launch_dbm, -20.0 + total + 3.0, kTol);  // +24.53 dBm
  EXPECT_NEAR(pb.required_launch_worst_dbm, -20.0 + total + 1.5 + 3.0, kTol);
}

TEST(LossChain, FibreStarEveryElementByHand) {
  DeviceParameters p;        // the fibre set
  p.crossing_loss_db = 0.1;  // e.g. a fibre shuffle's splices, priced as crossings
  p.crossings_per_path = 3;
  p.modulator_insertion_loss_db = 4.0;  // an external Mach-Zehnder modulator
  p.modulator_extinction_ratio_db = 3.5;
  p.photodetector_loss_db = 0.3;
  const LinkBudget b = link_budget(p, MediumKind::kStarCoupler, 8);
  // An N x N planar star: no combining loss; 0.7 + 0.25 * 3 dB excess.
  EXPECT_NEAR(b.combining_loss_db, 0.0, kTol);
  EXPECT_NEAR(b.excess_loss_db, 1.45, kTol);
  // ER 3.5 dB: r = 10^0.35 = 2.238721139; (r + 1) / (r - 1) = 2.614556; 10 log10 = 4.174000070.
  EXPECT_NEAR(b.extinction_ratio_penalty_db, 4.174000070, kTol);
  EXPECT_NEAR(b.ring_drop_loss_db + b.ring_through_loss_db, 0.0, kTol);
  // 9.030899870 split + 1.45 + 1 connectors + 0.004 fibre + 0.3 crossings + 4 + 4.174000070
  // + 0.3.
  const double total = 9.030899870 + 1.45 + 1.0 + 0.004 + 0.3 + 4.0 + 4.174000070 + 0.3;
  EXPECT_NEAR(b.total_loss_db, total, kTol);
  // Worst case: the 10GBASE-LR least launch, -8.2 dBm, and 0.5 dB more.
  EXPECT_NEAR(b.worst_received_power_dbm, -8.2 - total - 0.5, kTol);
  EXPECT_NEAR(b.worst_margin_db, -8.2 - total - 0.5 + 14.4 - 3.0, kTol);
}

TEST(LossChain, ShippedSetsKeepTheirTypicalBudgets) {
  // The chain elements the shipped sets do not have add nothing: POPS(8,*) on fibre still
  // misses by 0.0849 dB, and the worst case by 8.2 + 0.5 dB more.
  const LinkBudget b = link_budget(DeviceParameters{}, MediumKind::kStarCoupler, 8);
  EXPECT_NEAR(b.margin_db, -11.484899870 + 14.4 - 3.0, kTol);
  EXPECT_NEAR(b.worst_margin_db, b.margin_db - 8.7, kTol);
}

// POPS(16,16) on the onchip set: 4096 transmitters and receivers; the coupler's path loses
// 10 log10 16 = 12.041199827 split, 4 stages of 0.2 dB, a 1 dB coupler and 2 cm of 1 dB/cm
// waveguide: 15.841199827 dB. The laser must launch -20 + 15.841199827 + 3 = -1.158800173 dBm,
// 10^-0.1158800173 = 0.765808148 mW, 7.65808148 mW electrical at 10% wall-plug efficiency.
// A slot is 512 bits at 10 Gb/s (51.2 ns) and a 0.2 ns guard: 51.4 ns.
// Stated load: 0.3 frames per node per slot, every one sent once, over 1000 slots: 256 nodes *
// 0.3 * 1000 = 76800 frames sent.
TEST(LaserModes, GatedIsContinuousTimesTheDutyCycleByHand) {
  const double laser_mw = 7.65808148;  // electrical, per transmitter
  FrameCounts counts;
  counts.frames_transmitted = 76800;
  counts.frames_received = 76800;
  counts.delivered_packets = 76800;
  counts.slots = 1000;
  const auto laser_pj = [&](LaserMode mode) {
    DeviceParameters p = *device_set("onchip");
    p.laser_mode = mode;
    const PhysicalBudget b =
        physical_budget(p, link_budget(p, MediumKind::kStarCoupler, 16), {4096, 4096});
    EXPECT_NEAR(b.laser_electrical_mw_per_transmitter, laser_mw, 1e-7);
    EnergyTally tally(p, b);
    tally.add(counts);
    return tally.parts().laser;
  };
  // Continuous: 4096 lasers * 7.65808148 mW * 1000 slots * 51.4 ns = 1.612290e9 pJ (1.61 mJ);
  // 31.368 W for all.
  const double continuous = 4096 * laser_mw * 1000 * 51.4;
  EXPECT_NEAR(laser_pj(LaserMode::kContinuous), continuous, continuous * 1e-8);
  // The duty cycle: each transmitter's laser is lit 51.2 ns for each frame it sends, and the
  // 4096 transmitters have 4096 * 1000 slots of 51.4 ns: 76800 * 51.2 / (4096000 * 51.4).
  const double duty = 76800 * 51.2 / (4096000 * 51.4);  // 0.018677
  EXPECT_NEAR(laser_pj(LaserMode::kGated), continuous * duty, continuous * 1e-8);
  // Throttled: lit every slot at the mean utilization, 76800 / 4096000 = 0.01875: it also
  // pays for the guard times.
  EXPECT_NEAR(laser_pj(LaserMode::kThrottled), continuous * 76800 / 4096000, continuous * 1e-8);
  // The device's own mode: onchip is continuous.
  EXPECT_NEAR(laser_pj(LaserMode::kDevice), continuous, continuous * 1e-8);
}

// POPS(16,16) on the fibre set: 4096 transmitters and receivers (SFP+-class modules); the
// coupler's path loses 10 log10 16 = 12.041199827 split, a star excess of 0.7 + 0.25 * 4 =
// 1.7 dB, two connector pairs of 0.5 dB and 10 m of fibre at 0.4 dB/km (0.004 dB):
// 14.745199827 dB. The laser must launch -14.4 + 14.745199827 + 3 = +3.345199827 dBm (above the
// 0 dBm installed launch, under the +4 dBm ceiling), 10^0.3345199827 = 2.160329433 mW,
// 43.206588661 mW electrical at 5% wall-plug efficiency. A slot is the 51.2 ns frame, the
// 25.7 ns guard and the 51.4 ns lock: 128.3 ns. Static power: 4096 * 485 mW (transmitters)
// + 4096 * 500 mW (receivers) + 4096 lasers' 15 mW bias = 4096 W, whatever the laser mode.
// Stated load 0.3: 256 nodes * 0.3 * 1000 slots = 76800 frames sent, received, delivered.
TEST(LaserModes, FibreGatedIsContinuousTimesTheDutyCycleByHand) {
  const double laser_mw = 43.206588661;  // electrical, per transmitter
  FrameCounts counts;
  counts.frames_transmitted = counts.frames_received = counts.delivered_packets = 76800;
  counts.slots = 1000;
  const double static_pj = 4096.0 * 1000 * 1000 * 128.3;  // 4096 W = 4.096e6 mW over 128.3 us
  const auto parts = [&](LaserMode mode) {
    DeviceParameters p = *device_set("fibre");
    p.laser_mode = mode;
    const LinkBudget link = link_budget(p, MediumKind::kStarCoupler, 16);
    EXPECT_NEAR(link.total_loss_db, 14.745199827, 1e-8);
    EXPECT_NEAR(link.margin_db, -3.345199827, 1e-8);  // at the installed 0 dBm launch
    const PhysicalBudget b = physical_budget(p, link, {4096, 4096});
    EXPECT_NEAR(b.required_launch_dbm, 3.345199827, 1e-8);
    EXPECT_NEAR(b.laser_mw_per_transmitter, 2.160329433, 1e-8);
    EXPECT_NEAR(b.laser_electrical_mw_per_transmitter, laser_mw, 1e-8);
    EXPECT_NEAR(b.laser_w, 4096 * laser_mw / 1000, 1e-8);  // 176.974 W, every laser lit
    EXPECT_NEAR(b.static_w, 4096.0, 1e-8);
    EnergyTally tally(p, b);
    tally.add(counts);
    EXPECT_NEAR(tally.parts().static_, static_pj, static_pj * 1e-10);
    EXPECT_NEAR(tally.parts().modulator + tally.parts().receiver, 0.0, 1e-9);  // all static
    return tally.parts().laser;
  };
  // Continuous: 4096 lasers * 43.206588661 mW * 1000 slots * 128.3 ns = 2.2705788e10 pJ.
  const double continuous = 4096 * laser_mw * 1000 * 128.3;
  EXPECT_NEAR(parts(LaserMode::kContinuous), continuous, continuous * 1e-8);
  // Gated: lit 51.2 ns per frame sent, of 4096 * 1000 slots of 128.3 ns: duty 0.0074825.
  const double duty = 76800 * 51.2 / (4096000 * 128.3);
  EXPECT_NEAR(parts(LaserMode::kGated), continuous * duty, continuous * 1e-8);
  // Throttled: every slot at the mean utilization 76800 / 4096000, guard and lock included.
  EXPECT_NEAR(parts(LaserMode::kThrottled), continuous * 76800 / 4096000, continuous * 1e-8);
  // The fibre set's own laser is burst-mode: gated.
  EXPECT_NEAR(parts(LaserMode::kDevice), continuous * duty, continuous * 1e-8);
}

TEST(LaserModes, NamesRoundTrip) {
  for (LaserMode m : {LaserMode::kContinuous, LaserMode::kGated, LaserMode::kThrottled}) {
    EXPECT_EQ(laser_mode_named(laser_mode_name(m)), m);
  }
  EXPECT_FALSE(laser_mode_named("device").has_value());
  EXPECT_FALSE(laser_mode_named("Gated").has_value());
  DeviceParameters fibre;
  EXPECT_EQ(effective_laser_mode(fibre), LaserMode::kGated);
  fibre.laser_mode = LaserMode::kThrottled;
  EXPECT_EQ(effective_laser_mode(fibre), LaserMode::kThrottled);
}

}  // namespace
}  // namespace optinet
