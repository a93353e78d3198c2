/// \file
/// Open-loop runs on the OCPC and the MOB-PC: tdma never garbles a receiver and accepts what
/// is offered below the capacity; coinflip and row-column deliver every labelled packet at a
/// light load; every labelled packet is checked (one elaboration per test).
#include <gtest/gtest.h>

#include "testbenches/ocpc/ocpc_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;
using namespace optinet::ocpc;

using test::expect_drained;

OcpcExperimentConfig open_config(ocpc::Topology topology, std::uint32_t p, const char* protocol,
                                 double rate, std::uint64_t max_slots = 50000) {
  OcpcExperimentConfig c;
  c.shape = ocpc::OcpcShape{topology, p};
  c.protocol = protocol;
  return test::short_open_loop(c, rate, max_slots);
}

TEST(OcpcOpenLoop, TdmaNeverGarblesAndAcceptsTheOfferedLoad) {
  OcpcExperiment e(open_config(ocpc::Topology::kOcpc, 16, "tdma", 0.6));
  const OcpcRunResult r = e.run(2);
  expect_drained(r);
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.01);
  for (const MediumCounters& bus : r.buses) EXPECT_EQ(bus.collision_slots, 0u);
}

TEST(OcpcOpenLoop, MobTdmaNeverGarblesBelowItsCapacity) {
  // MOB-PC p = 4: capacity 0.625 (relays); at 0.4 everything drains.
  OcpcExperiment e(open_config(ocpc::Topology::kMob, 4, "tdma", 0.4));
  const OcpcRunResult r = e.run(3);
  expect_drained(r);
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.015);
}

TEST(OcpcOpenLoop, CoinflipDeliversEveryLabelledPacketAtALightLoad) {
  OcpcExperiment e(open_config(ocpc::Topology::kOcpc, 16, "coinflip", 0.03));
  const OcpcRunResult r = e.run(4);
  expect_drained(r);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.005);
}

TEST(OcpcOpenLoop, RowColumnDeliversEveryLabelledPacketAtALightLoad) {
  OcpcExperiment e(open_config(ocpc::Topology::kMob, 4, "row-column", 0.02));
  const OcpcRunResult r = e.run(5);
  expect_drained(r);
}

}  // namespace

namespace {

TEST(OcpcOpenLoop, ASaturatedCoinflipRunStillCountsTheWholeOfferedLoad) {
  // Saturated coinflip nodes never empty their box, so they stop asking for packets; the host
  // creates the rest of the window at the end, so offered load and labelled packets are whole.
  OcpcExperiment e(open_config(ocpc::Topology::kOcpc, 16, "coinflip", 0.3, 2000));
  const OcpcRunResult r = e.run(6);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  EXPECT_TRUE(r.saturated);
  EXPECT_NEAR(r.open_loop->offered, 0.3, 0.02);
  EXPECT_NEAR(static_cast<double>(r.open_loop->labelled), 0.3 * 16 * 3000, 0.02 * 16 * 3000);
  EXPECT_LT(r.open_loop->labelled_delivered, r.open_loop->labelled);
}

}  // namespace
