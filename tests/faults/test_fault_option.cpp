/// \file
/// --fault specs: parsing, validation against the network's names, and the scoreboard's
/// classification of losses (pure logic, no kernel).
#include <gtest/gtest.h>

#include <string>

#include "testbenches/faults/fault_option.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/run/scoreboard.h"

namespace {

using namespace optinet;

FaultTargets pops_targets() {
  FaultTargets t;
  t.network = "POPS(2,3)";
  t.coupler_groups = 3;
  t.nodes = 6;
  t.jammers = t.ber = true;
  return t;
}

std::string refusal(const std::string& spec, const FaultTargets& t) {
  try {
    parse_fault_spec(spec, t);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(FaultOption, ParsesEveryKind) {
  const FaultTargets t = pops_targets();
  Fault f = parse_fault_spec("coupler:2:0@17", t);
  EXPECT_EQ(f.kind, FaultKind::kCoupler);
  EXPECT_EQ(f.first, 2u);
  EXPECT_EQ(f.second, 0u);
  EXPECT_EQ(f.from_slot, 17u);
  EXPECT_FALSE(f.active(16));
  EXPECT_TRUE(f.active(17));
  f = parse_fault_spec("receiver:5", t);
  EXPECT_EQ(f.kind, FaultKind::kReceiver);
  EXPECT_EQ(f.first, 5u);
  EXPECT_EQ(f.from_slot, 0u);
  f = parse_fault_spec("jammer:0@3", t);
  EXPECT_EQ(f.kind, FaultKind::kJammer);
  EXPECT_EQ(f.from_slot, 3u);
  f = parse_fault_spec("ber:0.25", t);
  EXPECT_EQ(f.kind, FaultKind::kBer);
  EXPECT_DOUBLE_EQ(f.probability, 0.25);
  EXPECT_EQ(parse_fault_spec("ber:1", t).probability, 1.0);
}

TEST(FaultOption, ParsesBusesAndLinksOfNetworksThatHaveThem) {
  FaultTargets t;
  t.network = "OCPC";
  t.buses = {"row0", "row1"};
  t.nodes = 4;
  t.link = [](std::uint32_t u, std::uint32_t v) { return v == (u + 1) % 4; };
  t.links_text = "u -> u+1 mod 4";
  EXPECT_EQ(parse_fault_spec("bus:row1@9", t).name, "row1");
  EXPECT_EQ(parse_fault_spec("bus:row1@9", t).from_slot, 9u);
  const Fault l = parse_fault_spec("link:3:0", t);
  EXPECT_EQ(l.kind, FaultKind::kLink);
  EXPECT_EQ(l.first, 3u);
  EXPECT_EQ(l.second, 0u);
  EXPECT_NE(refusal("link:0:2", t).find("names no link; OCPC has links u -> u+1 mod 4"),
            std::string::npos);
  EXPECT_NE(refusal("bus:col0", t).find("OCPC has buses row0, row1"), std::string::npos);
}

TEST(FaultOption, RefusesWhatTheNetworkDoesNotHave) {
  const FaultTargets t = pops_targets();
  EXPECT_EQ(refusal("coupler:3:0", t),
            "--fault: 'coupler:3:0' names '3'; POPS(2,3) has couplers c(B,A) with B, A in 0..2");
  EXPECT_EQ(refusal("bus:row0", t), "--fault: 'bus:row0' names bus 'row0'; POPS(2,3) has no buses");
  EXPECT_EQ(refusal("link:0:1", t), "--fault: 'link:0:1' names '0'; POPS(2,3) has no links");
  EXPECT_EQ(refusal("receiver:6", t), "--fault: 'receiver:6' names '6'; POPS(2,3) has nodes 0..5");
  EXPECT_NE(refusal("ber:0", t).find("accepted: 0 < P <= 1"), std::string::npos);
  EXPECT_NE(refusal("ber:1.5", t).find("accepted: 0 < P <= 1"), std::string::npos);
  EXPECT_NE(refusal("ber:0.1@3", t).find("is not a fault"), std::string::npos);
  EXPECT_NE(refusal("coupler:1", t).find("is not a fault (accepted: coupler:B:A"),
            std::string::npos);
  EXPECT_NE(refusal("coupler:-1:0", t).find("names '-1'"), std::string::npos);
  EXPECT_NE(refusal("coupler:1:0@x", t).find("has slot 'x'"), std::string::npos);
  EXPECT_NE(refusal("coupler:1:0@", t).find("has slot ''"), std::string::npos);
  EXPECT_NE(refusal("", t).find("is not a fault"), std::string::npos);
  FaultTargets none = t;
  none.jammers = none.ber = false;
  EXPECT_EQ(refusal("jammer:0", none), "--fault: 'jammer:0' is not modelled on POPS(2,3)");
  EXPECT_EQ(refusal("ber:0.5", none), "--fault: 'ber:0.5' is not modelled on POPS(2,3)");
}

TEST(FaultOption, RefusesAFaultNamedTwice) {
  const FaultTargets t = pops_targets();
  EXPECT_EQ(parse_fault_plan({"coupler:1:0", "coupler:0:1", "ber:0.1"}, t).faults().size(), 3u);
  EXPECT_THROW(parse_fault_plan({"coupler:1:0", "coupler:1:0@5"}, t), UsageError);
  EXPECT_THROW(parse_fault_plan({"ber:0.1", "ber:0.2"}, t), UsageError);
}

TEST(FaultPlanDraws, DependOnSeedMediumAndSlotOnly) {
  FaultPlan plan(std::vector<Fault>{parse_fault_spec("ber:0.5", pops_targets())});
  plan.begin_run(7);
  std::vector<int> first;
  for (std::uint64_t slot = 0; slot < 200; ++slot) first.push_back(plan.garbles(3, slot));
  plan.begin_run(7);
  std::size_t garbled = 0;
  for (std::uint64_t slot = 200; slot-- > 0;) {  // another order, the same draws
    EXPECT_EQ(plan.garbles(3, slot), first[slot]);
    garbled += first[slot] >= 0 ? 1 : 0;
  }
  EXPECT_GT(garbled, 70u);  // 100 expected; binomial sd 7
  EXPECT_LT(garbled, 130u);
  plan.begin_run(8);
  std::size_t same = 0;
  for (std::uint64_t slot = 0; slot < 200; ++slot) same += plan.garbles(3, slot) == first[slot];
  EXPECT_LT(same, 150u);
}

// ---- the scoreboard's classification -------------------------------------------------------

std::vector<Packet> three_packets() {
  return {Packet{0, 0, 1, 10}, Packet{1, 1, 2, 11}, Packet{2, 2, 0, 12}};
}

FaultPlan one_coupler_fault() {
  return FaultPlan(std::vector<Fault>{parse_fault_spec("coupler:1:0", pops_targets())});
}

TEST(FaultScoreboard, APacketWhoseFrameAFaultLostIsLostToIt) {
  FaultPlan plan = one_coupler_fault();
  plan.begin_run(1);
  Scoreboard sb;
  sb.set_faults(&plan);
  sb.expect(three_packets());
  sb.deliver(1, three_packets()[0], 3);
  plan.log().lost(0, Frame::data(three_packets()[1]), 4);
  sb.deliver(0, three_packets()[2], 5);
  sb.finish();
  EXPECT_TRUE(sb.errors().empty());
  ASSERT_EQ(sb.fault_losses().size(), 1u);
  EXPECT_EQ(sb.fault_losses()[0],
            "packet 1 (1 -> 2): stopped by fault coupler:1:0 (first frame lost in slot 4)");
  EXPECT_EQ(sb.undelivered_to_faults(), 1u);
}

TEST(FaultScoreboard, EveryFaultThatLostAFrameOfAPacketIsNamed) {
  FaultPlan plan = parse_fault_plan({"coupler:1:0", "ber:0.5", "receiver:2"}, pops_targets());
  plan.begin_run(1);
  const std::vector<Packet> p = three_packets();
  plan.log().lost(2, Frame::data(p[1]), 7);
  plan.log().lost(0, Frame::data(p[1]), 9);
  Scoreboard sb;
  sb.set_faults(&plan);
  sb.expect(p);
  sb.deliver(1, p[0], 3);
  sb.deliver(0, p[2], 5);
  sb.finish();
  ASSERT_EQ(sb.fault_losses().size(), 1u);
  EXPECT_EQ(
      sb.fault_losses()[0],
      "packet 1 (1 -> 2): stopped by faults receiver:2, coupler:1:0 (first frame lost in slot "
      "7)");
  EXPECT_EQ(plan.log().frames_lost(), (std::vector<std::uint64_t>{1, 0, 1}));
}

TEST(FaultScoreboard, UntouchedPacketsAreHeldBackOnlyWhenAFaultActed) {
  FaultPlan plan = one_coupler_fault();
  plan.begin_run(1);
  Scoreboard sb;
  sb.set_faults(&plan);
  sb.expect(three_packets());
  sb.finish();  // nothing delivered, no fault acted: model errors
  EXPECT_EQ(sb.undelivered_to_faults(), 0u);
  ASSERT_EQ(sb.errors().size(), 1u);
  EXPECT_EQ(sb.errors()[0], "3 of 3 packets not delivered, with no fault to explain it");

  sb.expect(three_packets());
  plan.begin_run(2);
  plan.log().lost(0, Frame::data(three_packets()[0]), 1);
  sb.finish();
  EXPECT_TRUE(sb.errors().empty());
  ASSERT_EQ(sb.fault_losses().size(), 3u);
  EXPECT_NE(sb.fault_losses()[1].find("packet 1 (1 -> 2): held back"), std::string::npos);
}

TEST(FaultScoreboard, DuplicatesAfterALostAcknowledgementAreExplained) {
  FaultPlan plan = one_coupler_fault();
  plan.begin_run(1);
  Scoreboard sb;
  sb.set_faults(&plan);
  sb.expect(three_packets());
  const std::vector<Packet> p = three_packets();
  sb.deliver(1, p[0], 3);
  sb.deliver(1, p[0], 8);  // no acknowledgement lost: an error
  EXPECT_EQ(sb.errors().size(), 1u);
  plan.log().lost(0, Frame::ack(p[0]), 9);
  sb.deliver(1, p[0], 13);  // after a lost acknowledgement: explained
  EXPECT_EQ(sb.fault_duplicates(), 1u);
  EXPECT_EQ(sb.errors().size(), 1u);
}

TEST(FaultScoreboard, MisdeliveredOrCorruptedIsAlwaysAModelError) {
  FaultPlan plan = one_coupler_fault();
  plan.begin_run(1);
  const std::vector<Packet> p = three_packets();
  plan.log().lost(0, Frame::ack(p[0]), 1);
  plan.log().lost(0, Frame::data(p[1]), 1);
  Scoreboard sb;
  sb.set_faults(&plan);
  sb.expect(p);
  sb.deliver(2, p[0], 3);  // wrong node
  Packet corrupted = p[1];
  corrupted.payload ^= 1;
  sb.deliver(2, corrupted, 4);
  sb.deliver(0, p[2], 5);
  sb.deliver(0, p[2], 6);  // duplicate, no acknowledgement of it lost
  EXPECT_EQ(sb.errors().size(), 3u);
  EXPECT_EQ(sb.fault_duplicates(), 0u);
}

TEST(FaultScoreboard, WithoutFaultsEveryLossIsAnError) {
  Scoreboard sb;
  sb.set_faults(nullptr);
  sb.expect(three_packets());
  sb.finish();
  EXPECT_EQ(sb.errors().size(), 1u);
  EXPECT_EQ(sb.undelivered_to_faults(), 0u);
}

}  // namespace
