/// \file
/// The limits of a design (models/optical/design_limits.h), derived by hand: the launch ceiling
/// (typical and worst case), receiver overload, the power density of a die and the part count.
#include <gtest/gtest.h>

#include <cmath>

#include "models/optical/design_limits.h"
#include "models/optical/device_sets.h"

namespace optinet {
namespace {

constexpr double kTol = 1e-8;

std::vector<std::string> names(const std::vector<LimitViolation>& v) {
  std::vector<std::string> out;
  for (const LimitViolation& x : v) out.push_back(x.name);
  return out;
}

std::vector<LimitViolation> violations(const DeviceParameters& p, MediumKind kind,
                                       std::uint32_t fanout, TransceiverCounts counts) {
  const LinkBudget link = link_budget(p, kind, fanout);
  return design_violations(p, link, physical_budget(p, link, counts));
}

TEST(DesignLimits, FibreStarsUnderTheLaunchCeiling) {
  const DeviceParameters p;  // fibre: ceiling +4 dBm, overload +0.5 dBm
  // d = 16: 10 log10 16 = 12.041199827 split, 0.7 + 4 * 0.25 excess, 2 connectors of 0.5 dB,
  // 10 m at 0.4 dB/km: 14.745199827 dB. Required -14.4 + 14.7452 + 3 = +3.3452 dBm; worst case
  // +0.5 dB: +3.8452 dBm. Both under +4: buildable.
  EXPECT_TRUE(violations(p, MediumKind::kStarCoupler, 16, {256, 256}).empty());
  // d = 32: 15.051499783 + 1.95 + 1.004 = 18.005499783 dB; required +6.6055 dBm > +4.
  auto v = violations(p, MediumKind::kStarCoupler, 32, {1024, 1024});
  ASSERT_EQ(names(v), (std::vector<std::string>{"launch_ceiling", "launch_ceiling_worst_case"}));
  EXPECT_NEAR(v[0].figure, -14.4 + 18.005499783 + 3, kTol);
  EXPECT_EQ(v[0].limit, 4.0);
  EXPECT_EQ(v[0].unit, "dBm");
  EXPECT_EQ(v[0].reason, "the budget needs a launch of +6.61 dBm, above the limit of +4.00 dBm");
  EXPECT_NEAR(v[1].figure, -14.4 + 18.005499783 + 0.5 + 3, kTol);
  // d = 16 with 1 dB of worst-case extra loss: +4.3452 dBm only in the worst case.
  DeviceParameters worse = p;
  worse.worst_case_extra_loss_db = 1.0;
  v = violations(worse, MediumKind::kStarCoupler, 16, {256, 256});
  ASSERT_EQ(names(v), (std::vector<std::string>{"launch_ceiling_worst_case"}));
  EXPECT_NEAR(v[0].figure, -14.4 + 14.745199827 + 1.0 + 3, kTol);
}

TEST(DesignLimits, ReceiverOverloadAtTheInstalledLaunch) {
  DeviceParameters p;
  p.launch_power_dbm = 2.0;
  // Point to point: 2 connectors (1 dB) and 10 m of fibre (0.004 dB): +0.996 dBm > +0.5.
  auto v = violations(p, MediumKind::kPointToPoint, 1, {1, 1});
  ASSERT_EQ(names(v), (std::vector<std::string>{"receiver_overload"}));
  EXPECT_NEAR(v[0].figure, 2.0 - 1.004, kTol);
  EXPECT_EQ(v[0].limit, 0.5);
  // A star of 4 takes 6.02 dB more: -5.52 dBm, no overload.
  EXPECT_TRUE(violations(p, MediumKind::kStarCoupler, 4, {16, 16}).empty());
}

TEST(DesignLimits, DiePowerDensityAndPartCount) {
  DeviceParameters p = *device_set("onchip");  // 400 mm^2 at 0.5 W/mm^2
  // POPS(16,16) on chip: 4096 transmitters and receivers. Loss 12.041199827 + 4 * 0.2 + 1 + 2 =
  // 15.841199827 dB; launch -20 + 15.8412 + 3 = -1.158800173 dBm = 0.765771 mW optical, 7.65771
  // mW at 10%; 4096 of them 31.3660 W. Static 4096 * (0.1 + 0.1) mW = 0.8192 W.
  const double laser_w = 4096 * std::pow(10.0, -1.158800173 / 10) / 0.1 / 1000;
  const double die_w = laser_w + 0.8192;
  const LinkBudget link = link_budget(p, MediumKind::kStarCoupler, 16);
  EXPECT_NEAR(die_power_w(physical_budget(p, link, {4096, 4096})), die_w, 1e-6);
  EXPECT_TRUE(violations(p, MediumKind::kStarCoupler, 16, {4096, 4096}).empty());  // 0.08 W/mm^2
  p.die_area_mm2 = 50;                                                             // 0.6437 W/mm^2
  auto v = violations(p, MediumKind::kStarCoupler, 16, {4096, 4096});
  ASSERT_EQ(names(v), (std::vector<std::string>{"die_power_density"}));
  EXPECT_NEAR(v[0].figure, die_w / 50, 1e-8);
  EXPECT_EQ(v[0].limit, 0.5);
  EXPECT_EQ(v[0].unit, "W/mm^2");
  // Part count: 8192 transceivers against a limit of 8000, and not against 8192.
  p.die_area_mm2 = 400;
  p.max_transceivers = 8000;
  v = violations(p, MediumKind::kStarCoupler, 16, {4096, 4096});
  ASSERT_EQ(names(v), (std::vector<std::string>{"transceivers"}));
  EXPECT_EQ(v[0].figure, 8192.0);
  EXPECT_EQ(v[0].reason, "the design has 8192 transceivers, above the limit of 8000 transceivers");
  p.max_transceivers = 8192;
  EXPECT_TRUE(violations(p, MediumKind::kStarCoupler, 16, {4096, 4096}).empty());
}

TEST(DesignLimits, DsentDefaultsTakeAnOnChipStarAboveTheWaveguideCeiling) {
  const DeviceParameters p = *device_set("onchip-dsent");
  // POPS(16,16): 12.041199827 dB split and as much combined, 8 stages of 1 dB, 1 dB coupler,
  // 2 cm at 1 dB/cm, ring drop 1 dB, two rings passed at 0.01 dB, modulator 2 dB and its 6 dB
  // extinction ratio's 2.229503712 dB, photodetector 1 dB.
  const double total = 2 * 12.041199827 + 8 + 1 + 2 + 1 + 0.02 + 2 + 2.229503712 + 1;
  const LinkBudget link = link_budget(p, MediumKind::kStarCoupler, 16);
  EXPECT_NEAR(link.total_loss_db, total, kTol);
  const auto v = violations(p, MediumKind::kStarCoupler, 16, {4096, 4096});
  ASSERT_GE(v.size(), 1u);
  EXPECT_EQ(v[0].name, "launch_ceiling");
  EXPECT_NEAR(v[0].figure, -20.0 + total + 3.0, kTol);  // +24.33 dBm > +20 dBm
  EXPECT_EQ(v[0].limit, 20.0);
}

TEST(DesignLimits, ABudgetNoLaserClosesIsNotBuildable) {
  // A fibre bus of 12,000 taps loses 3600 dB of excess: a launch beyond a double in mW.
  const DeviceParameters p;
  const auto v = violations(p, MediumKind::kBus, 12000, {12000, 12000});
  ASSERT_GE(v.size(), 1u);
  EXPECT_EQ(v[0].name, "launch_ceiling");
}

}  // namespace
}  // namespace optinet
