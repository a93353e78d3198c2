/// \file
/// Injection queues taken by destination (testbenches/open_loop/destination_queues.h) and the
/// lists of models/core/destination_lists.h against a plain model of per-destination FIFOs, and the
/// open-loop host's memory when a node takes its packets by destination: it follows the packets in
/// flight, not the span from the oldest.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <vector>

#include "models/core/destination_lists.h"
#include "models/core/rng.h"
#include "testbenches/open_loop/destination_queues.h"
#include "testbenches/open_loop/open_loop.h"

namespace {

using namespace optinet;

// The oldest packet of the listed destinations, as a map of deques finds it.
std::optional<DestinationQueues::Taken> reference_take(
    std::map<NodeId, std::deque<DestinationQueues::Waiting>>& fifo,
    const std::vector<NodeId>& destinations) {
  NodeId best = kNoNode;
  for (NodeId d : destinations) {
    const auto it = fifo.find(d);
    if (it == fifo.end() || it->second.empty()) continue;
    if (best == kNoNode || it->second.front().seq < fifo[best].front().seq) best = d;
  }
  if (best == kNoNode) return std::nullopt;
  const DestinationQueues::Waiting w = fifo[best].front();
  fifo[best].pop_front();
  return DestinationQueues::Taken{w, best};
}

void expect_same(const std::optional<DestinationQueues::Taken>& got,
                 const std::optional<DestinationQueues::Taken>& want) {
  ASSERT_EQ(got.has_value(), want.has_value());
  if (!got) return;
  EXPECT_EQ(got->packet.seq, want->packet.seq);
  EXPECT_EQ(got->packet.created_slot, want->packet.created_slot);
  EXPECT_EQ(got->destination, want->destination);
}

// Random pushes and takes of three sources over n destinations, small and large (an array of
// pairs up to kDenseNodes nodes, a table per source above).
TEST(DestinationQueues, TakeTheOldestPerSourceAndDestinationAsPlainFifos) {
  for (std::uint32_t n : {3U, 64U, 5000U}) {
    SCOPED_TRACE(n);
    DestinationQueues queues(n);
    std::vector<std::map<NodeId, std::deque<DestinationQueues::Waiting>>> fifo(3);
    std::vector<std::size_t> waiting(3, 0);
    std::vector<std::uint32_t> seq(3, 0);
    Rng rng(7 + n);
    for (int step = 0; step < 40000; ++step) {
      const std::size_t k = rng.below(3);
      const NodeId from = static_cast<NodeId>(k * (n - 1) / 2);
      const double u = rng.unit();
      if (u < 0.5) {
        const auto d = static_cast<NodeId>(rng.below(n));
        const DestinationQueues::Waiting w{seq[k], seq[k] / 2};
        ++seq[k];
        queues.push(from, d, w);
        fifo[k][d].push_back(w);
        ++waiting[k];
      } else if (u < 0.97) {
        std::vector<NodeId> listed(1 + rng.below(3));
        for (NodeId& d : listed) d = static_cast<NodeId>(rng.below(n));
        const auto want = reference_take(fifo[k], listed);
        expect_same(queues.take_oldest_for(from, listed.data(), listed.size()), want);
        if (want) --waiting[k];
      } else if (waiting[k] > 0) {
        std::vector<NodeId> all;
        for (const auto& [d, q] : fifo[k]) all.push_back(d);
        expect_same(queues.take_oldest(from), reference_take(fifo[k], all));
        --waiting[k];
      } else {
        EXPECT_FALSE(queues.take_oldest(from).has_value());
      }
      ASSERT_EQ(queues.size(), waiting[0] + waiting[1] + waiting[2]);
    }
  }
}

TEST(DestinationQueues, PoolFollowsThePacketsWaiting) {
  DestinationQueues queues(100);
  const NodeId everyone[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (std::uint32_t seq = 0; seq < 1000000; ++seq) {
    queues.push(7, seq % 10, DestinationQueues::Waiting{seq, seq});
    if (seq % 100 != 99) queues.take_oldest_for(7, everyone, 10);
  }
  // 10,000 waiting (one push in 100 stays): 10,001 entries at most, whatever the 10^6 pushed.
  EXPECT_EQ(queues.size(), 10000U);
  EXPECT_GE(queues.pool_entries(), 10000U);
  EXPECT_LE(queues.pool_entries(), 10001U);
}

// The generic lists under DestinationQueues, holding whole packets: every destination's head is
// its oldest, and for_each_front lists exactly the destinations with packets waiting.
TEST(DestinationLists, FrontsAndPopsArePlainFifos) {
  for (std::uint32_t n : {5U, 4096U}) {
    SCOPED_TRACE(n);
    DestinationLists<Packet> lists(n);
    std::map<NodeId, std::deque<Packet>> fifo;
    Rng rng(11 + n);
    std::uint32_t id = 0;
    for (int step = 0; step < 30000; ++step) {
      const auto d = static_cast<NodeId>(rng.below(n));
      if (rng.unit() < 0.55) {
        const Packet p{id, id % 7, d, std::uint64_t{id} * 3};
        ++id;
        lists.push(d, p);
        fifo[d].push_back(p);
      } else if (!fifo[d].empty()) {
        ASSERT_NE(lists.front(d), nullptr);
        EXPECT_EQ(*lists.front(d), fifo[d].front());
        EXPECT_EQ(lists.pop(d), fifo[d].front());
        fifo[d].pop_front();
      } else {
        EXPECT_EQ(lists.front(d), nullptr);
      }
      if (fifo[d].empty()) fifo.erase(d);
    }
    std::size_t waiting = 0;
    for (const auto& [d, q] : fifo) waiting += q.size();
    EXPECT_EQ(lists.size(), waiting);
    std::map<NodeId, Packet> fronts;
    lists.for_each_front([&](NodeId d, const Packet& p) { fronts.emplace(d, p); });
    ASSERT_EQ(fronts.size(), fifo.size());
    for (const auto& [d, q] : fifo) EXPECT_EQ(fronts.at(d), q.front());
  }
}

// One packet stays in the network for the whole run while the node's others leave at once:
// records kept from the oldest undelivered packet on would grow with the run.
TEST(OpenLoopHostByDestination, KeepsThePacketsInFlightNotTheSpanFromTheOldest) {
  constexpr std::uint32_t n = 4;
  constexpr std::uint64_t slots = 50000;
  OpenLoopConfig config;
  config.rate = 1.0;
  config.steady.warmup = 10;
  config.steady.measure = 100;
  config.steady.fixed_warmup = true;
  config.steady.fixed_window = true;
  config.max_backlog = 0;
  OpenLoopHost host(config, n, 2 * slots);
  host.arm(1, nullptr);
  const NodeId others[] = {1, 2, 3};
  std::optional<Packet> pinned;
  for (std::uint64_t slot = 0; slot < slots; ++slot) {
    const auto p = host.take_created_for(0, slot, others, 3);
    ASSERT_TRUE(p.has_value());  // rate 1, three destinations: one waiting every slot
    if (!pinned) {
      pinned = p;
    } else {
      host.deliver(p->destination, *p, slot);
    }
    host.slot_ended(slot);
  }
  EXPECT_LT(host.packets_kept(), 2048U);
  host.deliver(pinned->destination, *pinned, slots);
  host.deliver(pinned->destination, *pinned, slots);
  host.finish();
  ASSERT_EQ(host.errors().size(), 1U);
  EXPECT_NE(host.errors()[0].find("was not in the network"), std::string::npos);
  EXPECT_EQ(host.result().delivered, slots);
}

}  // namespace
