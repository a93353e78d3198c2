/// \file
/// Messages of several frames (testbenches/open_loop/open_loop.h): the host segments each
/// message into frames taken in order, reassembles them at the destination, counts a message's
/// latency to its last frame, and checks conservation per message; runs on POPS and the grid
/// deliver every message whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "models/topology/grid.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/pops/pops_experiment.h"
#include "testbenches/sf/sf_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using namespace optinet::sf;

OpenLoopConfig messages_of(std::uint32_t frames, double rate, std::uint64_t warmup,
                           std::uint64_t measure) {
  OpenLoopConfig o;
  o.rate = rate;
  o.message = MessageSizes::fixed(frames);
  o.steady.fixed_warmup = true;
  o.steady.warmup = warmup;
  o.steady.fixed_window = true;
  o.steady.measure = measure;
  return o;
}

struct Taken {
  Packet packet;
  std::uint64_t slot;
};

/// Every packet the host creates on 2 nodes in slots 0..slots-1, taken in its creation slot.
std::vector<Taken> take_all(OpenLoopHost& host, std::uint64_t slots) {
  std::vector<Taken> taken;
  std::vector<Packet> out;
  for (std::uint64_t slot = 0; slot < slots; ++slot) {
    for (NodeId node = 0; node < 2; ++node) {
      out.clear();
      host.take_created(node, slot, 1000, out);
      for (const Packet& p : out) taken.push_back(Taken{p, slot});
    }
  }
  return taken;
}

TEST(Messages, ReassembledAndTimedToTheLastFrame) {
  // Two nodes sending to each other, messages of 4 frames, every slot of 0..199 in the window.
  // Each message's frames are delivered in reverse order, frame k at slot 500 + 4m + (3 - k):
  // the message is whole when frame 0 arrives, at 500 + 4m + 3.
  OpenLoopConfig o = messages_of(4, 0.5, 0, 200);
  o.rule = DestinationRule::kNeighbour;
  OpenLoopHost host(o, 2, 10000);
  host.arm(7, nullptr);
  const std::vector<Taken> taken = take_all(host, 200);
  std::map<std::pair<NodeId, std::uint32_t>, std::vector<Taken>> messages;  // (source, first seq)
  for (const Taken& t : taken) {
    const std::uint32_t seq = t.packet.id / 2;
    messages[{t.packet.source, seq - seq % 4}].push_back(t);
  }
  ASSERT_GT(messages.size(), 20u);
  std::uint64_t m = 0;
  double latency_sum = 0;
  std::uint64_t latency_max = 0;
  const auto last = std::prev(messages.end());
  for (auto it = messages.begin(); it != messages.end(); ++it, ++m) {
    const std::vector<Taken>& frames = it->second;
    ASSERT_EQ(frames.size(), 4u);
    for (const Taken& f : frames) {
      EXPECT_EQ(f.slot, frames[0].slot);  // taken together, in order
      EXPECT_EQ(f.packet.destination, 1 - f.packet.source);
    }
    for (int k = 3; k >= 0; --k) {
      if (it == last && k == 0) break;  // the last message's first frame stays in flight
      host.deliver(frames[k].packet.destination, frames[k].packet, 500 + 4 * m + (3 - k));
    }
    if (it == last) continue;
    const std::uint64_t latency = 500 + 4 * m + 3 - frames[0].slot;
    latency_sum += static_cast<double>(latency);
    latency_max = std::max(latency_max, latency);
  }
  host.finish();
  ASSERT_TRUE(host.errors().empty()) << host.errors().front();
  const OpenLoopResult& r = host.result();
  ASSERT_TRUE(r.messages.has_value());
  const MessageResult& msg = *r.messages;
  EXPECT_EQ(msg.created, messages.size());
  EXPECT_EQ(msg.labelled, messages.size());
  EXPECT_EQ(msg.delivered, messages.size() - 1);
  EXPECT_EQ(msg.labelled_delivered, messages.size() - 1);
  EXPECT_EQ(msg.open, 1u);
  EXPECT_EQ(msg.in_flight, 1u);
  EXPECT_EQ(r.in_flight, 1u);
  EXPECT_EQ(msg.out_of_order, 3 * (messages.size() - 1) + 2);
  EXPECT_NEAR(msg.latency.mean(), latency_sum / static_cast<double>(messages.size() - 1), 1e-9);
  EXPECT_EQ(msg.latency.max(), latency_max);
  EXPECT_EQ(r.created, 4 * messages.size());
}

TEST(Messages, AFrameDeliveredTwiceOrNeverSentIsAnError) {
  OpenLoopConfig o = messages_of(3, 0.6, 0, 100);
  o.rule = DestinationRule::kNeighbour;
  OpenLoopHost host(o, 2, 10000);
  host.arm(3, nullptr);
  const std::vector<Taken> taken = take_all(host, 100);
  ASSERT_GE(taken.size(), 3u);
  host.deliver(taken[0].packet.destination, taken[0].packet, 200);
  host.deliver(taken[0].packet.destination, taken[0].packet, 201);
  host.finish();
  EXPECT_FALSE(host.errors().empty());
}

TEST(Messages, TheRateStaysInFrames) {
  // Rate 0.4 frames per node per slot in messages of 8: 0.05 messages per node per slot.
  OpenLoopConfig o = messages_of(8, 0.4, 0, 20000);
  OpenLoopHost host(o, 2, 100000);
  host.arm(5, nullptr);
  const std::vector<Taken> taken = take_all(host, 20000);
  for (const Taken& t : taken) host.deliver(t.packet.destination, t.packet, t.slot + 1);
  host.finish();
  ASSERT_TRUE(host.errors().empty()) << host.errors().front();
  const OpenLoopResult& r = host.result();
  // Messages per node per slot: binomial over 40,000 node-slots, 6 standard errors.
  const double sd = std::sqrt(0.05 * 0.95 / 40000);
  EXPECT_NEAR(r.messages->offered, 0.05, 6 * sd);
  EXPECT_NEAR(r.offered, 8 * r.messages->offered, 1e-12);
  EXPECT_EQ(r.messages->out_of_order, 0u);
}

TEST(Messages, PopsTdmaDeliversEveryMessageWholeAndInOrder) {
  PopsExperimentConfig c;
  c.shape = pops::PopsShape{4, 4};
  c.protocol = "tdma";
  c.max_slots = 100000;
  c.open_loop = messages_of(8, 0.2, 500, 4000);
  PopsExperiment e(c);
  const PopsRunResult r = e.run(11);
  test::expect_drained(r);
  ASSERT_TRUE(r.open_loop->messages.has_value());
  const MessageResult& m = *r.open_loop->messages;
  EXPECT_GT(m.labelled, 50u);
  EXPECT_EQ(m.labelled_delivered, m.labelled);
  EXPECT_EQ(m.out_of_order, 0u);  // one destination's frames leave its queue in order
  // A message waits for its 8 frames: at least 7 slots more than its first frame.
  EXPECT_GE(m.latency.mean(), r.open_loop->latency.mean());
  EXPECT_GE(m.latency.p50(), 7u);
}

TEST(Messages, GridMixOfSizesDeliversEveryMessage) {
  SfExperimentConfig c;
  c.graph = std::make_shared<sf::GridGraph>(4, 2);
  c.protocol = "gridk";
  c.max_slots = 100000;
  c.open_loop = messages_of(1, 0.2, 500, 4000);
  c.open_loop->message = MessageSizes::parse("1:0.75,16:0.25", "--message-sizes");
  SfExperiment e(c);
  const SfRunResult r = e.run(2);
  test::expect_drained(r);
  const MessageResult& m = *r.open_loop->messages;
  EXPECT_EQ(m.labelled_delivered, m.labelled);
  EXPECT_EQ(m.lost, 0u);
  EXPECT_NEAR(m.frames_mean, 4.75, 1e-12);
}

}  // namespace
