/// \file
/// The D-dimensional MOB in simulation: its buses and single receivers (scripted nodes send in
/// slot 0; the test checks what every receiver got and the counters), the hierarchical names,
/// and dim-order on every traffic (conservation, steps = slots / 2, reproducibility).
/// Each TEST elaborates its own network (one process per TEST).
#include <gtest/gtest.h>

#include <string>

#include "models/ocpc/dmob_network.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "tests/ocpc/ocpc_checks.h"

namespace optinet {
namespace {

using test::ScriptedStep;

ocpc::OcpcExperimentConfig dmob_config(std::uint32_t k, std::uint32_t dim) {
  ocpc::OcpcExperimentConfig c;
  c.shape.topology = ocpc::Topology::kDmob;
  c.shape.p = k;
  c.shape.dim = dim;
  return c;
}

ocpc::OcpcExperimentConfig scripted(std::uint32_t k, std::uint32_t dim,
                                    const ocpc::OcpcProtocol& protocol) {
  ocpc::OcpcExperimentConfig c = test::scripted_config(ocpc::Topology::kDmob, k, protocol, 100);
  c.shape.dim = dim;
  return c;
}

ocpc::DmobNetwork& dmob(ocpc::OcpcExperiment& e) {
  auto* network = dynamic_cast<ocpc::DmobNetwork*>(&e.network());
  EXPECT_NE(network, nullptr);
  return *network;
}

TEST(DmobBus, ThreeBusesLightingOneReceiverGarbleIt) {
  // K = 3, D = 3, id = x0 + 3 x1 + 9 x2. 13 = (1,1,1) is lit by 12 = (0,1,1) on its dimension 0
  // bus, 10 = (1,0,1) on dimension 1 and 4 = (1,1,0) on dimension 2: one frame per bus, the
  // receiver garbled once (one cross-bus collision). 0 -> 2 alone on bus_d0_0: delivered.
  ScriptedStep script({{12, 13}, {10, 13}, {4, 13}, {0, 2}});
  ocpc::OcpcExperiment e(scripted(3, 3, script));
  const ocpc::OcpcRunResult r = e.run(3, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.slots, 2u);
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(r.cross_bus_collisions, 1u);
  EXPECT_FALSE(script.outcomes.at(13).received.has_value());
  EXPECT_TRUE(e.network().receivers().collided(13, 0));
  for (NodeId i : {12u, 10u, 4u}) EXPECT_FALSE(script.outcomes.at(i).acknowledged) << i;
  ASSERT_TRUE(script.outcomes.at(2).received.has_value());
  EXPECT_EQ(script.outcomes.at(2).received->sender, 0u);
  EXPECT_TRUE(script.outcomes.at(0).acknowledged);
  ocpc::DmobNetwork& net = dmob(e);
  // Data slot and ack slot: the three buses of 13 were busy in the data slot only (no ack).
  EXPECT_EQ(net.bus(0, 4).busy_slots(), 1u);  // line of 13 in dimension 0: x1 + 3 x2 = 4
  EXPECT_EQ(net.bus(1, 4).busy_slots(), 1u);  // dimension 1: x0 + 3 x2 = 4
  EXPECT_EQ(net.bus(2, 4).busy_slots(), 1u);  // dimension 2: x0 + 3 x1 = 4
  EXPECT_EQ(net.bus(0, 0).busy_slots(), 2u);  // 0 -> 2, then 2's acknowledgement
  for (ocpc::MessageBus* bus : net.buses()) EXPECT_EQ(bus->garbled_receivers(), 0u);
}

TEST(DmobBus, TwoOnOneBusOfTheHighestDimensionIsABusCollision) {
  // 4 = (1,1,0) and 22 = (1,1,2) -> 13 = (1,1,1) on bus_d2_4: garbled on the bus, not cross-bus.
  ScriptedStep script({{4, 13}, {22, 13}});
  ocpc::OcpcExperiment e(scripted(3, 3, script));
  const ocpc::OcpcRunResult r = e.run(4, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(r.cross_bus_collisions, 0u);
  EXPECT_EQ(dmob(e).bus(2, 4).garbled_receivers(), 1u);
  EXPECT_FALSE(script.outcomes.at(13).received.has_value());
}

TEST(DmobBus, NamesFollowCoordinatesAndLines) {
  ScriptedStep script({});
  ocpc::OcpcExperiment e(scripted(3, 3, script));
  ocpc::DmobNetwork& net = dmob(e);
  EXPECT_STREQ(net.processor(13).name(), "dmob.x2_1.x1_1.proc1");
  EXPECT_STREQ(net.processor(23).name(), "dmob.x2_2.x1_1.proc2");  // 23 = (2,1,2)
  ASSERT_EQ(net.buses().size(), 27u);
  EXPECT_STREQ(net.bus(1, 7).name(), "dmob.bus_d1_7");
  // Line 7 of dimension 1: x0 = 1, x2 = 2: nodes 19, 22, 25.
  EXPECT_EQ(net.bus(1, 7).config().first, 19u);
  EXPECT_EQ(net.bus(1, 7).config().stride, 3u);
  EXPECT_EQ(net.bus(1, 7).config().attached, 3u);
  EXPECT_EQ(net.bus(2, 5).config().first, 5u);
  EXPECT_EQ(net.bus(2, 5).config().stride, 9u);
  // Every node is attached, at local index x_j, to the bus DmobIndexing::bus names.
  const topology::DmobIndexing mesh = net.shape().mesh();
  for (NodeId i = 0; i < mesh.nodes(); ++i) {
    for (std::uint32_t j = 0; j < mesh.dim(); ++j) {
      const ocpc::MessageBus& b = *net.buses().at(mesh.bus(i, j));
      EXPECT_EQ(b.global(mesh.local_index(i, j)), i) << i << " " << j;
    }
  }
}

TEST(DmobBus, OneDimensionIsOneBusWithProcessorsAtTheTop) {
  ScriptedStep script({{0, 3}, {1, 3}});
  ocpc::OcpcExperiment e(scripted(5, 1, script));
  ocpc::DmobNetwork& net = dmob(e);
  EXPECT_STREQ(net.processor(4).name(), "dmob.proc4");
  ASSERT_EQ(net.buses().size(), 1u);
  const ocpc::OcpcRunResult r = e.run(1, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(net.bus(0, 0).garbled_receivers(), 1u);
}

struct Case {
  std::uint32_t k;
  std::uint32_t dim;
  std::uint32_t h;
  RelationKind traffic;
};

class DmobDimOrder : public testing::TestWithParam<Case> {};

TEST_P(DmobDimOrder, ConservesAndReproduces) {
  const Case& c = GetParam();
  ocpc::OcpcExperimentConfig config = dmob_config(c.k, c.dim);
  config.protocol = "dim-order";
  config.h = c.h;
  config.traffic = c.traffic;
  ocpc::OcpcExperiment e(config);
  std::uint64_t previous_slots = 0;
  for (std::uint64_t seed : {11u, 12u, 11u}) {
    const ocpc::OcpcRunResult r = e.run(seed);
    ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "slot limit" : r.errors.front());
    EXPECT_EQ(r.delivered, r.packets);
    if (c.traffic != RelationKind::kLowerBound) {  // Theorem 3's 2-relation has fewer packets
      EXPECT_EQ(r.packets, std::uint64_t{c.h} * e.network().shape().n());
    }
    EXPECT_GT(r.packets, 0u);
    EXPECT_EQ(r.steps * 2, r.slots);
    if (seed == 12u) continue;
    if (previous_slots != 0) {
      EXPECT_EQ(r.slots, previous_slots);  // seed 11 again
    }
    previous_slots = r.slots;
  }
}

INSTANTIATE_TEST_SUITE_P(Traffics, DmobDimOrder,
                         testing::Values(Case{3, 3, 1, RelationKind::kPermutation},
                                         Case{2, 6, 3, RelationKind::kRandom},
                                         Case{5, 1, 2, RelationKind::kRandom},
                                         Case{4, 4, 1, RelationKind::kRandom},
                                         Case{3, 4, 2, RelationKind::kLowerBound}),
                         [](const testing::TestParamInfo<Case>& info) {
                           return "k" + std::to_string(info.param.k) + "_d" +
                                  std::to_string(info.param.dim) + "_h" +
                                  std::to_string(info.param.h) + "_" + std::to_string(info.index);
                         });

TEST(DmobDimOrderPath, OnePacketAcrossEveryDimensionTakesAHopPerDimension) {
  // One packet from 0 = (0,0,0,0) to 80 = (2,2,2,2) on K = 3, D = 4: four hops, each a step of
  // its own at least (a coin flip each), kept by one relay at a time.
  ocpc::OcpcExperimentConfig config = dmob_config(3, 4);
  config.protocol = "dim-order";
  ocpc::OcpcExperiment e(config);
  Packet p;
  p.id = 0;
  p.source = 0;
  p.destination = 80;
  p.payload = 42;
  const ocpc::OcpcRunResult r = e.run(5, {p});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.delivered, 1u);
  EXPECT_GE(r.steps, 4u);
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_EQ(r.max_buffers, 1u);
}

}  // namespace
}  // namespace optinet
