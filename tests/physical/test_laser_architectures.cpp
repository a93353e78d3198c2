/// \file
/// The per-node laser behind a 1 x t ring switch and the shared comb laser with WDM
/// (models/optical/power_budget.h), their parts (models/optical/part_counts.h) and the limit a
/// per-node laser meets, derived by hand for POPS(16,16) on the fibre and on-chip sets; device
/// files refusing their fields.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "models/optical/design_limits.h"
#include "models/optical/device_sets.h"
#include "models/optical/part_counts.h"
#include "models/optical/power_budget.h"
#include "testbenches/io/device_file.h"
#include "testbenches/io/usage_error.h"

namespace optinet {
namespace {

constexpr double kTol = 1e-6;

// POPS(d,g): n = d g nodes, n g transmitters and receivers, g^2 couplers, g per source node.
TransceiverCounts pops_counts(std::uint64_t d, std::uint64_t g) {
  TransceiverCounts c;
  c.transmitters = c.receivers = d * g * g;
  c.nodes = d * g;
  c.media = g * g;
  c.media_per_source = g;
  return c;
}

PhysicalBudget priced(const DeviceParameters& p, std::uint32_t d, std::uint32_t g) {
  const TransceiverCounts c = pops_counts(d, g);
  return physical_budget(p, network_link_budget(p, MediumKind::kStarCoupler, d, c), c);
}

DeviceParameters with_laser(const std::string& set, LaserMode mode) {
  DeviceParameters p = *device_set(set);
  p.laser_mode = mode;
  return p;
}

bool has_violation(const std::vector<LimitViolation>& v, const std::string& name) {
  for (const LimitViolation& x : v) {
    if (x.name == name) return true;
  }
  return false;
}

// Fibre POPS(16,16), one laser per node behind a 1 x 16 ring switch. The path:
// split 10 log10 16 = 12.041199827, star excess 0.7 + 0.25 * 4 = 1.7, two connectors 1.0,
// 10 m of fibre at 0.4 dB/km 0.004, the external Mach-Zehnder 4 dB and its 20 dB extinction
// ratio (r = 100: 10 log10(101/99) = 0.086861792), the switch: one ring dropped (1 dB) and 15
// passed (0.15 dB). Total 19.982061618 dB; launch -14.4 + 19.982061618 + 3 = +8.582061618 dBm
// = 7.214498739 mW, 144.289974780 mW electrical at 5%.
TEST(LaserArchitectures, PerNodeOnFibreByHand) {
  const DeviceParameters p = with_laser("fibre", LaserMode::kPerNode);
  const TransceiverCounts c = pops_counts(16, 16);
  const LinkBudget link = network_link_budget(p, MediumKind::kStarCoupler, 16, c);
  EXPECT_EQ(link.switch_ports, 16u);
  EXPECT_NEAR(link.switch_loss_db, 1.15, kTol);
  EXPECT_NEAR(link.modulator_insertion_loss_db, 4.0, kTol);
  EXPECT_NEAR(link.extinction_ratio_penalty_db, 0.086861792, kTol);
  EXPECT_NEAR(link.wdm_loss_db, 0.0, kTol);
  EXPECT_NEAR(link.total_loss_db, 19.982061618, kTol);
  const PhysicalBudget b = physical_budget(p, link, c);
  EXPECT_NEAR(b.required_launch_dbm, 8.582061618, kTol);
  EXPECT_EQ(b.lasers, 256u);  // n, not n g = 4096
  EXPECT_NEAR(b.laser_electrical_mw_per_laser, 144.289974780, kTol);
  EXPECT_NEAR(b.laser_w, 256 * 144.289974780 / 1000, kTol);  // 36.938 W
  // Static: 4096 transmitters at 485 mW, 4096 receivers at 500 mW (an SFP+-class module's 1 W),
  // 256 lasers' 15 mW bias, 4096 switch rings at 0.1 mW: 4038.8096 W.
  EXPECT_NEAR(b.static_w, (4096 * 485.0 + 4096 * 500.0 + 256 * 15.0 + 4096 * 0.1) / 1000, kTol);
  const PartCounts parts = part_counts(p, b);
  EXPECT_EQ(parts.lasers, 256u);
  EXPECT_EQ(parts.modulators, 4096u);  // external, fed by the shared laser
  EXPECT_EQ(parts.photodetectors, 4096u);
  EXPECT_EQ(parts.rings, 4096u);  // the switches' only
  EXPECT_EQ(parts.stars, 256u);
  EXPECT_EQ(parts.fibres, 8192u);
  EXPECT_EQ(parts.waveguides, 0u);
  EXPECT_EQ(parts.transceivers, 8192u);
  // +8.58 dBm is above the +4 dBm ceiling; d = g: one laser per node can light every coupler.
  const std::vector<LimitViolation> v = design_violations(p, link, b);
  EXPECT_TRUE(has_violation(v, "launch_ceiling"));
  EXPECT_FALSE(has_violation(v, "per_node_laser_capacity"));
}

// Fibre POPS(16,16) on comb lasers of 16 lines, k = 4 wavelengths per coupler: the same path
// without a switch, with three 2.5 dB (de)multiplexers: 18.832061618 + 7.5 = 26.332061618 dB;
// a line launches +14.932061618 dBm = 31.131938356 mW; 256 combs of 16 lines at 5%:
// 16 * 31.131938356 / 0.05 = 9962.220274 mW each.
TEST(LaserArchitectures, CombOnFibreByHand) {
  const DeviceParameters p = with_laser("fibre", LaserMode::kComb);
  const TransceiverCounts c = pops_counts(16, 16);
  const LinkBudget link = network_link_budget(p, MediumKind::kStarCoupler, 16, c);
  EXPECT_EQ(link.wavelengths, 4u);
  EXPECT_NEAR(link.wdm_loss_db, 7.5, kTol);
  EXPECT_NEAR(link.switch_loss_db, 0.0, kTol);
  EXPECT_NEAR(link.total_loss_db, 26.332061618, kTol);
  const PhysicalBudget b = physical_budget(p, link, c);
  EXPECT_NEAR(b.laser_mw_per_transmitter, 31.131938356, kTol);
  EXPECT_EQ(b.lasers, 256u);  // ceil(4096 / 16)
  EXPECT_NEAR(b.laser_electrical_mw_per_laser, 9962.220274, 1e-5);
  EXPECT_NEAR(b.laser_w, 256 * 9.962220274, 1e-5);
  EXPECT_NEAR(b.static_w, (4096 * 485.0 + 4096 * 500.0 + 256 * 15.0) / 1000, kTol);
  const PartCounts parts = part_counts(p, b);
  // 16 source groups, each with its 16 couplers on 4 stars of 4 wavelengths; each node's 16
  // transmitters on 4 fibres, and 4 fibres in.
  EXPECT_EQ(parts.stars, 64u);
  EXPECT_EQ(parts.fibres, 2048u);
  EXPECT_EQ(parts.modulators, 4096u);
  EXPECT_EQ(parts.lasers, 256u);
}

// On chip (the onchip set) POPS(16,16): split 12.041199827, 4 stages of 0.2 dB, a 1 dB coupler,
// 2 cm of 1 dB/cm waveguide: 15.841199827 dB, and under per-node the 1 x 16 switch's 1.15 dB:
// 16.991199827 dB; launch -20 + 16.991199827 + 3 = -0.008800173 dBm = 0.997975737 mW,
// 9.979757367 mW electrical at 10%.
TEST(LaserArchitectures, PerNodeOnChipByHand) {
  const DeviceParameters p = with_laser("onchip", LaserMode::kPerNode);
  const PhysicalBudget b = priced(p, 16, 16);
  EXPECT_NEAR(b.required_launch_dbm, -0.008800173, kTol);
  EXPECT_EQ(b.lasers, 256u);
  EXPECT_NEAR(b.laser_w, 256 * 9.979757367 / 1000, kTol);  // 2.555 W, against 31.37 W
  // Tuning: 4096 modulator rings, 4096 filter rings, 4096 switch rings, 0.1 mW each.
  EXPECT_NEAR(b.static_w, 3 * 4096 * 0.1 / 1000, kTol);
  const PartCounts parts = part_counts(p, b);
  EXPECT_EQ(parts.rings, 3u * 4096);
  EXPECT_EQ(parts.waveguides, 8192u);
  EXPECT_EQ(parts.fibres, 0u);
  // The laser lit in every slot: 1000 slots of 51.4 ns (512 bits at 10 Gb/s, 0.2 ns guard).
  EnergyTally tally(p, b);
  FrameCounts counts;
  counts.slots = 1000;
  tally.add(counts);
  EXPECT_NEAR(tally.parts().laser, 256 * 9.979757367 * 51.4 * 1000, 1.0);
}

// On chip POPS(16,16) on combs: the onchip set prices no ring through loss and no multiplexer,
// so the path is the continuous laser's 15.841199827 dB: a line launches 0.765808148 mW;
// 256 combs of 16 lines at 5%: 16 * 0.765808148 / 0.05 = 245.058607 mW each.
TEST(LaserArchitectures, CombOnChipByHand) {
  const DeviceParameters p = with_laser("onchip", LaserMode::kComb);
  const PhysicalBudget b = priced(p, 16, 16);
  EXPECT_NEAR(b.laser_mw_per_transmitter, 0.765808148, kTol);
  EXPECT_EQ(b.lasers, 256u);
  EXPECT_NEAR(b.laser_w, 256 * 245.058607 / 1000, 1e-5);
  const PartCounts parts = part_counts(p, b);
  EXPECT_EQ(parts.stars, 64u);
  EXPECT_EQ(parts.waveguides, 2048u);
  // DSENT's ring through loss: 4 wavelengths pass 4 modulator and 4 filter rings, 0.08 dB.
  const DeviceParameters dsent = with_laser("onchip-dsent", LaserMode::kComb);
  const TransceiverCounts c = pops_counts(16, 16);
  EXPECT_NEAR(network_link_budget(dsent, MediumKind::kStarCoupler, 16, c).ring_through_loss_db,
              0.08, kTol);
  // k is at most the couplers a node reaches: POPS(128,2) carries 2 wavelengths per star.
  EXPECT_EQ(wavelengths_per_medium(dsent, pops_counts(128, 2)), 2u);
}

TEST(LaserArchitectures, PerNodeLaserCannotLightMoreMediaThanNodes) {
  // POPS(8,32): 256 nodes, 1024 couplers: at capacity 4 couplers per node are lit at once.
  const DeviceParameters p = with_laser("onchip", LaserMode::kPerNode);
  const TransceiverCounts c = pops_counts(8, 32);
  const LinkBudget link = network_link_budget(p, MediumKind::kStarCoupler, 8, c);
  const std::vector<LimitViolation> v = design_violations(p, link, physical_budget(p, link, c));
  ASSERT_TRUE(has_violation(v, "per_node_laser_capacity"));
  for (const LimitViolation& x : v) {
    if (x.name == "per_node_laser_capacity") {
      EXPECT_NEAR(x.figure, 4.0, kTol);
    }
  }
  // Continuous lasers have no such limit.
  const DeviceParameters q = with_laser("onchip", LaserMode::kContinuous);
  EXPECT_FALSE(has_violation(design_violations(q, link, physical_budget(q, link, c)),
                             "per_node_laser_capacity"));
}

TEST(PartCost, SumOfPricedPartsByHand) {
  DeviceParameters p = *device_set("fibre");
  const PhysicalBudget b = priced(p, 16, 16);  // gated, directly modulated: no modulators
  const PartCounts parts = part_counts(p, b);
  EXPECT_EQ(parts.modulators, 0u);
  EXPECT_EQ(parts.lasers, 4096u);
  EXPECT_FALSE(design_cost(p, parts).has_value());  // nothing priced
  p.cost_per_transceiver = 20.0;
  p.cost_per_star = 150.0;
  p.cost_per_fibre = 2.5;
  // 8192 modules, 256 stars, 8192 fibres: 163840 + 38400 + 20480.
  EXPECT_NEAR(*design_cost(p, parts), 222720.0, kTol);
}

std::string refusal(const std::string& json) {
  try {
    parse_device_json(json, "dev.json");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(LaserArchitectures, DeviceFileRefusesBadFields) {
  EXPECT_EQ(refusal(R"({"base": "fibre", "switch_ring_drop_loss_db": -0.5})"),
            "--device: dev.json: switch_ring_drop_loss_db: a number in [0, 100] (dB); got -0.5");
  EXPECT_EQ(refusal(R"({"base": "onchip", "comb_wall_plug_efficiency": 1.2})"),
            "--device: dev.json: comb_wall_plug_efficiency: a number > 0 and <= 1 (optical out / "
            "electrical in); got 1.2");
  EXPECT_EQ(refusal(R"({"base": "onchip", "comb_lines": 0})"),
            "--device: dev.json: comb_lines: an integer in [1, 1000000] (wavelengths per comb "
            "laser); got 0");
  EXPECT_EQ(refusal(R"({"base": "fibre", "cost_per_star": -1})"),
            "--device: dev.json: cost_per_star: a number in [0, 1e+12] (cost units); got -1");
  // A whole file (no base) must name every element of the chain, the new ones too.
  nlohmann::json whole;
  std::ifstream(std::string(OPTINET_SOURCE_DIR) + "/docs/devices/fibre.json") >> whole;
  ASSERT_TRUE(whole.contains("wdm_mux_loss_db"));
  whole.erase("wdm_mux_loss_db");
  const std::string missing = refusal(whole.dump());
  EXPECT_EQ(missing.rfind("--device: dev.json: wdm_mux_loss_db: missing; accepted: every field", 0),
            0u)
      << missing;
  EXPECT_EQ(missing.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace optinet
