/// \file
/// The optical bus and the receivers, in situ: scripted nodes send in slot 0 (data) and the
/// test checks what every receiver got, the collision flags and counters, and the
/// acknowledgements of slot 1. Each TEST elaborates its own network (one process per TEST).
#include <gtest/gtest.h>

#include <map>

#include "models/ocpc/mob_network.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "tests/ocpc/ocpc_checks.h"

namespace optinet {
namespace {

using test::ScriptedStep;

ocpc::OcpcExperimentConfig config(ocpc::Topology topology, std::uint32_t p,
                                  const ocpc::OcpcProtocol& protocol) {
  return test::scripted_config(topology, p, protocol, 100);
}

TEST(OcpcBus, OneSenderIsDeliveredTwoAreGarbledWithTheCollisionCounted) {
  // 1 -> 0 alone; 2 -> 3 and 0 -> 3 collide; 4 and 5 silent.
  ScriptedStep script({{1, 0}, {2, 3}, {0, 3}});
  ocpc::OcpcExperiment e(config(ocpc::Topology::kOcpc, 6, script));
  const ocpc::OcpcRunResult r = e.run(1, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.slots, 2u);
  EXPECT_EQ(r.steps, 1u);
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(r.cross_bus_collisions, 0u);
  const auto& o = script.outcomes;
  ASSERT_TRUE(o.at(0).received.has_value());
  EXPECT_EQ(o.at(0).received->sender, 1u);
  EXPECT_EQ(o.at(0).received->control[0], 1001u);
  EXPECT_FALSE(o.at(3).received.has_value());
  EXPECT_TRUE(e.network().receivers().collided(3, 0));
  EXPECT_FALSE(e.network().receivers().collided(0, 0));
  EXPECT_TRUE(o.at(1).acknowledged);
  EXPECT_FALSE(o.at(0).acknowledged);  // node 0's message to 3 was garbled
  EXPECT_FALSE(o.at(2).acknowledged);
  for (NodeId i : {1u, 2u, 4u, 5u}) EXPECT_FALSE(o.at(i).received.has_value()) << i;
  ocpc::MessageBus& bus = *e.network().buses().at(0);
  EXPECT_EQ(bus.garbled_receivers(), 1u);
  EXPECT_EQ(bus.busy_slots(), 2u);  // the data slot and the ack slot
}

TEST(OcpcBus, AnUntracedReceiverAcknowledgesWhileItsThreadSleeps) {
  // The acknowledgements of slot 1 come from the receivers' logic (HardwareAcks), one per
  // frame received alone, while every thread sleeps through slot 1; the outcome is the step's.
  ScriptedStep script({{1, 0}, {4, 5}, {2, 3}, {3, 2}});
  ocpc::OcpcExperiment e(config(ocpc::Topology::kOcpc, 6, script));
  ASSERT_TRUE(e.run(1, {}).ok());
  for (NodeId i = 0; i < 6; ++i) {
    const bool receives = i == 0 || i == 5 || i == 2 || i == 3;
    EXPECT_EQ(e.network().processor(i).hardware_acks(), receives ? 1u : 0u) << i;
  }
  for (NodeId i : {1u, 4u, 2u, 3u}) EXPECT_TRUE(script.outcomes.at(i).acknowledged) << i;
  EXPECT_EQ(script.outcomes.at(2).received->sender, 3u);  // sent and received in one step
  EXPECT_EQ(script.outcomes.at(3).received->sender, 2u);
  EXPECT_EQ(e.network().buses().at(0)->busy_slots(), 2u);
}

TEST(OcpcBus, ThreeSendersToOneReceiverAreOneCollision) {
  ScriptedStep script({{1, 0}, {2, 0}, {3, 0}, {4, 5}});
  ocpc::OcpcExperiment e(config(ocpc::Topology::kOcpc, 6, script));
  const ocpc::OcpcRunResult r = e.run(2, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_FALSE(script.outcomes.at(0).received.has_value());
  ASSERT_TRUE(script.outcomes.at(5).received.has_value());
  EXPECT_EQ(script.outcomes.at(5).received->sender, 4u);
  EXPECT_TRUE(script.outcomes.at(4).acknowledged);
}

TEST(MobBus, RowAndColumnLightOnOneReceiverGarbleIt) {
  // 3 x 3 MOB-PC, node (r, c) = 3r + c. (0,1)=1 -> (1,1)=4 on column bus 1; (1,0)=3 -> 4 on
  // row bus 1: one message on each bus, both into receiver 4: garbled. (2,2)=8 -> (2,0)=6 on
  // row bus 2 alone: delivered.
  ScriptedStep script({{1, 4}, {3, 4}, {8, 6}});
  ocpc::OcpcExperiment e(config(ocpc::Topology::kMob, 3, script));
  const ocpc::OcpcRunResult r = e.run(3, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(r.cross_bus_collisions, 1u);
  EXPECT_FALSE(script.outcomes.at(4).received.has_value());
  EXPECT_TRUE(e.network().receivers().collided(4, 0));
  ASSERT_TRUE(script.outcomes.at(6).received.has_value());
  EXPECT_EQ(script.outcomes.at(6).received->sender, 8u);
  EXPECT_FALSE(script.outcomes.at(1).acknowledged);
  EXPECT_FALSE(script.outcomes.at(3).acknowledged);
  EXPECT_TRUE(script.outcomes.at(8).acknowledged);
  for (ocpc::MessageBus* bus : e.network().buses()) EXPECT_EQ(bus->garbled_receivers(), 0u);
}

TEST(MobBus, RowCollisionPlusColumnLightIsOneCollisionNotCrossBus) {
  // (1,0)=3 and (1,2)=5 -> (1,1)=4 on row bus 1 (garbled there) and (0,1)=1 -> 4 on column
  // bus 1: receiver 4 is garbled once; the bus collided, so it is not a cross-bus collision.
  ScriptedStep script({{3, 4}, {5, 4}, {1, 4}});
  ocpc::OcpcExperiment e(config(ocpc::Topology::kMob, 3, script));
  const ocpc::OcpcRunResult r = e.run(5, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(r.cross_bus_collisions, 0u);
  EXPECT_FALSE(script.outcomes.at(4).received.has_value());
  for (NodeId i : {1u, 3u, 5u}) EXPECT_FALSE(script.outcomes.at(i).acknowledged) << i;
}

TEST(MobBus, TwoOnARowBusIsABusCollision) {
  // (1,0)=3 and (1,2)=5 -> (1,1)=4 on row bus 1; (0,0)=0 -> (0,2)=2 on row bus 0 alone;
  // (2,1)=7 -> (0,1)=1 on column bus 1 alone.
  ScriptedStep script({{3, 4}, {5, 4}, {0, 2}, {7, 1}});
  ocpc::OcpcExperiment e(config(ocpc::Topology::kMob, 3, script));
  const ocpc::OcpcRunResult r = e.run(4, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collisions, 1u);
  EXPECT_EQ(r.cross_bus_collisions, 0u);
  auto* mob = dynamic_cast<ocpc::MobNetwork*>(&e.network());
  ASSERT_NE(mob, nullptr);
  EXPECT_EQ(mob->row_bus(1).garbled_receivers(), 1u);
  EXPECT_EQ(mob->row_bus(0).garbled_receivers(), 0u);
  EXPECT_TRUE(script.outcomes.at(0).acknowledged);
  EXPECT_TRUE(script.outcomes.at(7).acknowledged);
  ASSERT_TRUE(script.outcomes.at(1).received.has_value());
  EXPECT_EQ(script.outcomes.at(1).received->sender, 7u);
}

}  // namespace
}  // namespace optinet
