// The store-and-forward network's walk over its nodes (models/sf/sf_step_list.h): which
// nodes it steps or admits, in which order, and which nodes its look-ahead fetches before each.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "models/sf/sf_step_list.h"

namespace optinet {
namespace {

using sf::SfStepList;

/// One walk's calls, in order: (node, -1) for a step or an admission, (node, stage) for a fetch.
using Calls = std::vector<std::pair<NodeId, int>>;

/// The nodes visited, in order, and the look-ahead that every visit must have been given: the
/// node visited `distance` visits later, fetched at `stage` just before the visit.
void expect_fetches_ahead(const Calls& calls, const std::vector<NodeId>& visited) {
  std::vector<NodeId> steps;
  std::vector<std::vector<std::pair<NodeId, int>>> before;  // the fetches before each visit
  std::vector<std::pair<NodeId, int>> pending;
  for (const auto& c : calls) {
    if (c.second < 0) {
      steps.push_back(c.first);
      before.push_back(pending);
      pending.clear();
    } else {
      pending.push_back(c);
    }
  }
  ASSERT_TRUE(pending.empty());
  ASSERT_EQ(steps, visited);
  // Three stages, 8 visits apart: before visit p, stage 0 for visit p + 24, stage 1 for p + 16,
  // stage 2 for p + 8, each where that visit exists.
  for (std::size_t p = 0; p < visited.size(); ++p) {
    std::vector<std::pair<NodeId, int>> expected;
    for (int stage = 0; stage < 3; ++stage) {
      const std::size_t ahead = p + static_cast<std::size_t>(3 - stage) * 8;
      if (ahead < visited.size()) expected.emplace_back(visited[ahead], stage);
    }
    EXPECT_EQ(before[p], expected) << "before visit " << p << " (node " << visited[p] << ")";
  }
}

TEST(SfStepList, TheWalkFetchesForTheListedNodesAheadNotTheIdsAhead) {
  // A sparse list, as in a slot of a large network where part of the nodes have work: the
  // look-ahead counts listed nodes, so every listed node gets all three stages (but the first).
  SfStepList list(1000);
  std::vector<NodeId> listed;
  for (NodeId x = 3; x < 1000; x += 7 + (x % 5)) {
    list.list(x);
    listed.push_back(x);
  }
  ASSERT_GT(listed.size(), 30u);
  Calls calls;
  list.step_listed(
      [&](NodeId x) {
        calls.emplace_back(x, -1);
        return true;
      },
      [&](NodeId y, int stage) { calls.emplace_back(y, stage); });
  expect_fetches_ahead(calls, listed);
}

TEST(SfStepList, ANodeThatHasNothingLeftIsUnlistedAndAHandedNodeJoinsAfterTheWalk) {
  SfStepList list(200);
  for (NodeId x : {1u, 64u, 65u, 130u}) list.list(x);
  std::vector<NodeId> stepped;
  list.step_listed(
      [&](NodeId x) {
        stepped.push_back(x);
        if (x == 64) list.list_next(150);  // handed a packet: steps from the next walk on
        return x != 65;                    // 65 has nothing left
      },
      [](NodeId, int) {});
  EXPECT_EQ(stepped, (std::vector<NodeId>{1, 64, 65, 130}));
  stepped.clear();
  list.step_listed(
      [&](NodeId x) {
        stepped.push_back(x);
        return true;
      },
      [](NodeId, int) {});
  EXPECT_EQ(stepped, (std::vector<NodeId>{1, 64, 130, 150}));
}

TEST(SfStepList, AdmissionVisitsTheOfferedNodesWithTheSameLookAhead) {
  SfStepList list(500);
  std::vector<NodeId> offered;
  for (NodeId x = 2; x < 500; x += 9 + (x % 4)) {
    list.request(x, x % 3);
    offered.push_back(x);
  }
  Calls calls;
  list.admit_offered(
      [&](NodeId x) {
        calls.emplace_back(x, -1);
        EXPECT_NE(list.take_requests(x), 0u);
      },
      [&](NodeId y, int stage) {
        EXPECT_NE(list.requests(y), 0u) << "fetched for node " << y << ", which has no offer";
        calls.emplace_back(y, stage);
      });
  expect_fetches_ahead(calls, offered);
  // Every request was taken; a slot without requests makes no pass.
  calls.clear();
  list.admit_offered([&](NodeId x) { calls.emplace_back(x, -1); },
                     [&](NodeId y, int stage) { calls.emplace_back(y, stage); });
  EXPECT_TRUE(calls.empty());
}

}  // namespace
}  // namespace optinet
