/// \file
/// Faults on the OCPC bus and on store-and-forward links, slot for slot, on tiny networks.
/// One experiment per test.
#include <gtest/gtest.h>

#include <cctype>
#include <memory>
#include <string>

#include "models/topology/hypercube.h"
#include "testbenches/faults/fault_option.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "testbenches/sf/sf_experiment.h"

namespace {

using namespace optinet;
using namespace optinet::ocpc;
using namespace optinet::sf;

// ---- OCPC(4), TDMA: the lone packet 0 -> 1 crosses the bus in slot 0 ----------------------

FaultTargets ocpc_targets() {
  FaultTargets t;
  t.network = "OCPC p = 4";
  t.buses = {"bus"};
  t.nodes = 4;
  t.jammers = t.ber = true;
  return t;
}

OcpcRunResult ocpc_run(const std::vector<std::string>& faults, std::string protocol = "tdma") {
  OcpcExperimentConfig c;
  c.shape = ocpc::OcpcShape{ocpc::Topology::kOcpc, 4};
  c.protocol = protocol;
  c.faults = parse_fault_plan(faults, ocpc_targets());
  OcpcExperiment e(c);
  return e.run(1, {Packet{0, 0, 1, 77}});
}

class OcpcFault : public testing::TestWithParam<std::string> {};

TEST_P(OcpcFault, LosesTheFrameOfSlot0) {
  const OcpcRunResult r = ocpc_run({GetParam()});
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.delivered, 0u);
  ASSERT_EQ(r.faults.losses.size(), 1u);
  EXPECT_EQ(r.faults.losses[0],
            "packet 0 (0 -> 1): stopped by fault " + GetParam() + " (first frame lost in slot 0)");
  EXPECT_EQ(r.collisions, 0u);  // a fault's noise is not a collision
}

INSTANTIATE_TEST_SUITE_P(Kinds, OcpcFault,
                         testing::Values("bus:bus", "receiver:1", "jammer:2", "ber:1"),
                         [](const auto& info) {
                           return info.param.substr(0, info.param.find(':'));
                         });

TEST(OcpcFaults, ABusDeadFromSlot1ComesTooLate) {
  const OcpcRunResult r = ocpc_run({"bus:bus@1"});
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.delivered, 1u);
  EXPECT_TRUE(r.faults.losses.empty());
}

// Coinflip retries until acknowledged: a dead receiver makes that impossible, and the progress
// watch ends the run one window after the onset (0) instead of the slot limit.
TEST(OcpcFaults, RetriesIntoADeadReceiverEndWithoutHanging) {
  const OcpcRunResult r = ocpc_run({"receiver:1"}, "coinflip");
  EXPECT_TRUE(r.errors.empty());
  EXPECT_FALSE(r.hit_limit);
  EXPECT_TRUE(r.faults.stalled);
  EXPECT_EQ(r.slots, ProgressWatch::window_for(4));  // no delivery since slot 0
  ASSERT_EQ(r.faults.losses.size(), 1u);
}

// GJLR's bookkeeping checks acknowledgements its schedule guarantees; after bit errors a node
// whose check fails halts (recorded, not a model error) and the run still ends.
TEST(OcpcFaults, ANodeWhoseProtocolCheckFailsAfterAFaultHaltsAndIsReported) {
  OcpcExperimentConfig c;
  c.shape = ocpc::OcpcShape{ocpc::Topology::kOcpc, 64};
  c.protocol = "gjlr";
  FaultTargets t = ocpc_targets();
  t.nodes = 64;
  c.faults = parse_fault_plan({"ber:0.05"}, t);
  OcpcExperiment e(c);
  std::size_t halts = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const OcpcRunResult r = e.run(seed);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_FALSE(r.hit_limit);
    halts += e.faults().log().halts().size();
    for (const std::string& h : e.faults().log().halts()) {
      EXPECT_EQ(h.rfind("node ", 0), 0u) << h;
    }
  }
  EXPECT_GT(halts, 0u);  // 58 + 64 + 64 measured (docs/results/faults.md)
}

// ---- hypercube(2) ------------------------------------------------------------------------

struct SfFaultRun {
  SfRunResult r;
  std::uint64_t frames_lost = 0;
};

SfFaultRun sf_run(const std::vector<std::string>& faults, std::vector<Packet> packets) {
  SfExperimentConfig c;
  c.graph = std::make_shared<sf::HypercubeGraph>(2);
  c.protocol = "basic";
  FaultTargets t;
  t.network = "hypercube N = 4";
  t.nodes = 4;
  t.link = [](std::uint32_t u, std::uint32_t v) {
    const std::uint32_t x = u ^ v;
    return x != 0 && (x & (x - 1)) == 0;
  };
  t.jammers = t.ber = true;
  c.faults = parse_fault_plan(faults, t);
  SfExperiment e(c);
  SfFaultRun out{e.run_packets(1, packets)};
  for (std::uint64_t f : e.faults().log().frames_lost()) out.frames_lost += f;
  return out;
}

// The basic scheme routes 0 -> 1 over link 0 -> 1 (one hop, bit 0 fixed).
TEST(SfFaults, ADeadLinkBlocksItsPacketWhichIsNeverDropped) {
  const SfRunResult r = sf_run({"link:0:1"}, {Packet{0, 0, 1, 5}}).r;
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.delivered, 0u);
  ASSERT_EQ(r.faults.losses.size(), 1u);
  EXPECT_EQ(r.faults.losses[0],
            "packet 0 (0 -> 1): stopped by fault link:0:1 (first frame lost in slot 0)");
  EXPECT_TRUE(r.faults.stalled);
  EXPECT_EQ(r.slots, ProgressWatch::window_for(4));
}

class SfHarmlessFault : public testing::TestWithParam<std::string> {};

TEST_P(SfHarmlessFault, DoesNotTouchThePacket) {
  const SfFaultRun run = sf_run({GetParam()}, {Packet{0, 0, 1, 5}});
  EXPECT_TRUE(run.r.ok());
  EXPECT_EQ(run.r.delivered, 1u);
  EXPECT_EQ(run.r.slots, 1u);
  EXPECT_EQ(run.frames_lost, 0u);
}

INSTANTIATE_TEST_SUITE_P(Specs, SfHarmlessFault,
                         testing::Values("link:1:0", "link:0:1@1", "receiver:0", "jammer:1"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& ch : name) ch = std::isalnum(ch) ? ch : '_';
                           return name;
                         });

// Refused when garbled, offered again the next slot: delivered late, never dropped.
TEST(SfFaults, AGarbledPacketIsRefusedAndSentAgain) {
  const SfFaultRun run = sf_run({"ber:0.9"}, {Packet{0, 0, 1, 5}});
  EXPECT_TRUE(run.r.ok());
  EXPECT_EQ(run.r.delivered, 1u);
  EXPECT_EQ(run.r.slots, 1u + run.frames_lost);
  EXPECT_GT(run.frames_lost, 0u);
}

}  // namespace
