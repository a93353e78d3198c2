/// \file
/// The scoreboard that checks every run (testbenches/run/scoreboard.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testbenches/run/scoreboard.h"

namespace {

using namespace optinet;

const std::vector<Packet> kPackets = {
    {0, 0, 5, 1000},
    {1, 1, 3, 1001},
    {4, 4, 0, 1004},  // ids need not be dense: ids 2 and 3 are never sent
};

bool has_error_containing(const Scoreboard& sb, const std::string& text) {
  for (const auto& e : sb.errors()) {
    if (e.find(text) != std::string::npos) return true;
  }
  return false;
}

std::string all_errors(const Scoreboard& sb) {
  std::string out;
  for (const auto& e : sb.errors()) out += "\n  " + e;
  return out;
}

void deliver_all(Scoreboard& sb) {
  for (const Packet& p : kPackets) sb.deliver(p.destination, p, 10);
}

TEST(Scoreboard, CleanRunHasNoErrors) {
  Scoreboard sb;
  sb.expect(kPackets);
  deliver_all(sb);
  sb.finish();
  EXPECT_TRUE(sb.errors().empty()) << all_errors(sb);
  EXPECT_EQ(sb.expected(), 3u);
  EXPECT_EQ(sb.delivered(), 3u);
}

TEST(Scoreboard, APrefetchChangesNothingWhateverTheId) {
  // A hint before a delivery (DeliverySink::prefetch): an id it never sent, or past its
  // table, is no error and no access.
  Scoreboard sb;
  sb.expect(kPackets);
  for (const Packet& p : kPackets) sb.prefetch(p);
  sb.prefetch(Packet{3, 0, 0, 0});
  sb.prefetch(Packet{1u << 30, 0, 0, 0});
  EXPECT_EQ(sb.delivered(), 0u);
  deliver_all(sb);
  sb.finish();
  EXPECT_TRUE(sb.errors().empty()) << all_errors(sb);
}

TEST(Scoreboard, RecordsTheLastDeliverySlot) {
  Scoreboard sb;
  sb.expect(kPackets);
  sb.deliver(5, kPackets[0], 12);
  sb.deliver(3, kPackets[1], 30);
  sb.deliver(0, kPackets[2], 20);
  EXPECT_EQ(sb.last_delivery_slot(), 30u);
}

TEST(Scoreboard, DetectsADuplicateDelivery) {
  Scoreboard sb;
  sb.expect(kPackets);
  deliver_all(sb);
  sb.deliver(3, kPackets[1], 11);
  sb.finish();
  EXPECT_TRUE(has_error_containing(sb, "packet 1 delivered twice")) << all_errors(sb);
  EXPECT_EQ(sb.delivered(), 3u);
}

TEST(Scoreboard, DetectsDeliveryAtTheWrongNode) {
  Scoreboard sb;
  sb.expect(kPackets);
  sb.deliver(2, kPackets[0], 10);  // destination is 5
  EXPECT_TRUE(has_error_containing(sb, "packet 0 delivered at node 2, destination is 5"))
      << all_errors(sb);
}

TEST(Scoreboard, DetectsACorruptedPayload) {
  Scoreboard sb;
  sb.expect(kPackets);
  Packet bad = kPackets[2];
  bad.payload ^= 1;
  sb.deliver(bad.destination, bad, 10);
  EXPECT_TRUE(has_error_containing(sb, "packet 4 arrived corrupted")) << all_errors(sb);
}

TEST(Scoreboard, DetectsACorruptedHeader) {
  Scoreboard sb;
  sb.expect(kPackets);
  Packet bad = kPackets[1];
  bad.source = 2;
  sb.deliver(bad.destination, bad, 10);
  EXPECT_TRUE(has_error_containing(sb, "packet 1 arrived corrupted")) << all_errors(sb);
}

TEST(Scoreboard, DetectsAnInventedPacketBeyondTheKnownIds) {
  Scoreboard sb;
  sb.expect(kPackets);
  sb.deliver(1, Packet{9, 9, 1, 0}, 10);
  EXPECT_TRUE(has_error_containing(sb, "packet 9")) << all_errors(sb);
  EXPECT_TRUE(has_error_containing(sb, "invented")) << all_errors(sb);
  EXPECT_EQ(sb.delivered(), 0u);
}

TEST(Scoreboard, DetectsAnInventedPacketBetweenKnownIds) {
  Scoreboard sb;
  sb.expect(kPackets);
  sb.deliver(1, Packet{3, 3, 1, 0}, 10);  // id 3 < max id 4 but never sent
  EXPECT_TRUE(has_error_containing(sb, "packet 3")) << all_errors(sb);
  EXPECT_TRUE(has_error_containing(sb, "invented")) << all_errors(sb);
}

TEST(Scoreboard, ReportsMissingPacketsAtFinish) {
  Scoreboard sb;
  sb.expect(kPackets);
  sb.deliver(5, kPackets[0], 10);
  EXPECT_TRUE(sb.errors().empty()) << "missing packets are only known at finish()";
  sb.finish();
  EXPECT_TRUE(has_error_containing(sb, "2 of 3 packets not delivered")) << all_errors(sb);
}

TEST(Scoreboard, ExpectStartsAFreshRun) {
  Scoreboard sb;
  sb.expect(kPackets);
  sb.deliver(5, kPackets[0], 10);
  sb.deliver(5, kPackets[0], 10);
  sb.finish();
  ASSERT_FALSE(sb.errors().empty());
  sb.expect(kPackets);
  EXPECT_TRUE(sb.errors().empty());
  EXPECT_EQ(sb.delivered(), 0u);
  deliver_all(sb);  // packet 0 again: fine in the new run
  sb.finish();
  EXPECT_TRUE(sb.errors().empty()) << all_errors(sb);
}

TEST(Scoreboard, EmptyRunIsClean) {
  Scoreboard sb;
  sb.expect({});
  sb.finish();
  EXPECT_TRUE(sb.errors().empty()) << all_errors(sb);
  sb.deliver(0, Packet{0, 0, 0, 0}, 0);
  EXPECT_TRUE(has_error_containing(sb, "invented")) << all_errors(sb);
}

TEST(Scoreboard, ListsAtMostTwentyErrorsThenSaysMoreWereLeftOut) {
  Scoreboard sb;
  sb.expect(kPackets);
  for (std::uint32_t id = 100; id < 130; ++id) sb.deliver(0, Packet{id, 0, 0, 0}, 1);
  ASSERT_EQ(sb.errors().size(), 21u);
  EXPECT_NE(sb.errors().back().find("further errors"), std::string::npos) << all_errors(sb);
}

}  // namespace
