/// \file
/// The building blocks as OCPC communication steps: parallel prefix (power-of-two and other
/// group sizes, several disjoint groups at once, MOB-PC columns) and bitonic sort (whole
/// machine and sub-groups at once) give exact results in exactly the documented number of
/// steps. The bitonic comparator network itself is checked without SystemC (0-1 principle).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "protocols/ocpc/bitonic.h"
#include "protocols/ocpc/prefix.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "tests/ocpc/ocpc_checks.h"

namespace optinet {
namespace {

using ocpc::Message;
using ocpc::NodeGroup;

std::uint64_t value_of(NodeId id) { return (id * 37 + 11) % 23; }

/// Every node of `groups` scans (value_of(id), id) with (sum, max); nodes in no group idle.
class ScanAll : public ocpc::OcpcProtocol {
 public:
  explicit ScanAll(std::vector<NodeGroup> groups) : groups_(std::move(groups)) {}
  void run(ocpc::OcpcNodeContext& node) const override {
    node.begin_slots();
    for (const NodeGroup& g : groups_) {
      if (!g.contains(node.id())) continue;
      results[node.id()] = ocpc::scan(node, g, {value_of(node.id()), node.id()},
                                      {ocpc::ScanOp::kSum, ocpc::ScanOp::kMax});
    }
  }
  mutable std::map<NodeId, ocpc::ScanResult> results;

 private:
  std::vector<NodeGroup> groups_;
};

void expect_scans(const ScanAll& s, const std::vector<NodeGroup>& groups) {
  for (const NodeGroup& g : groups) {
    std::uint64_t sum = 0, max = 0, total = 0;
    for (std::uint32_t r = 0; r < g.size; ++r) total += value_of(g.node(r));
    for (std::uint32_t r = 0; r < g.size; ++r) {
      const NodeId id = g.node(r);
      sum += value_of(id);
      max = std::max<std::uint64_t>(max, id);
      ASSERT_EQ(s.results.count(id), 1u) << id;
      EXPECT_EQ(s.results.at(id).inclusive[0], sum) << "node " << id;
      EXPECT_EQ(s.results.at(id).inclusive[1], max) << "node " << id;
      EXPECT_EQ(s.results.at(id).total[0], total) << "node " << id;
      EXPECT_EQ(s.results.at(id).total[1], g.node(g.size - 1)) << "node " << id;
    }
  }
}

ocpc::OcpcExperimentConfig config(ocpc::Topology topology, std::uint32_t p,
                                  const ocpc::OcpcProtocol& protocol) {
  return test::scripted_config(topology, p, protocol, 1000);
}

/// Every member of `groups` scans at once on the machine (topology, p): exact prefixes and
/// totals, in exactly `steps` communication steps, without a collision.
void expect_exact_scans(ocpc::Topology topology, std::uint32_t p,
                        const std::vector<NodeGroup>& groups, std::uint32_t steps) {
  ScanAll s(groups);
  ocpc::OcpcExperiment e(config(topology, p, s));
  const ocpc::OcpcRunResult r = e.run(1, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.steps, steps);
  EXPECT_EQ(r.collisions, 0u);
  expect_scans(s, groups);
}

TEST(OcpcPrefix, StepCounts) {
  EXPECT_EQ(ocpc::scan_steps(1), 0u);
  EXPECT_EQ(ocpc::scan_steps(16), 4u);
  EXPECT_EQ(ocpc::scan_steps(12), 8u);
  EXPECT_EQ(ocpc::scan_steps(5), 6u);
}

TEST(OcpcPrefix, PowerOfTwoGroupsAtOnceExactInLog2Steps) {
  // Two interleaved groups of 16 (even and odd nodes) on a 32-OCPC, at the same time.
  expect_exact_scans(ocpc::Topology::kOcpc, 32, {{0, 2, 16}, {1, 2, 16}}, ocpc::scan_steps(16));
}

TEST(OcpcPrefix, OtherSizesExactInTwiceCeilLog2Steps) {
  expect_exact_scans(ocpc::Topology::kOcpc, 20, {{0, 1, 12}, {12, 1, 5}, {17, 1, 1}},
                     ocpc::scan_steps(12));
}

TEST(MobPrefix, EveryColumnScansAtOnce) {
  const std::uint32_t p = 8;
  std::vector<NodeGroup> groups;
  for (std::uint32_t c = 0; c < p; ++c) groups.push_back({c, p, p});
  expect_exact_scans(ocpc::Topology::kMob, p, groups, ocpc::scan_steps(p));
}

TEST(Bitonic, ComparatorNetworkSortsEveryZeroOneInput) {
  // 0-1 principle: a comparator network that sorts every 0/1 input sorts every input.
  for (std::uint32_t size : {2u, 4u, 8u, 16u}) {
    for (std::uint32_t bits = 0; bits < (1u << size); ++bits) {
      std::vector<int> v(size);
      for (std::uint32_t i = 0; i < size; ++i) v[i] = (bits >> i) & 1;
      for (std::uint32_t block = 2; block <= size; block <<= 1) {
        for (std::uint32_t d = block / 2; d >= 1; d >>= 1) {
          std::vector<int> next(size);
          for (std::uint32_t i = 0; i < size; ++i) {
            const ocpc::BitonicExchange x = ocpc::bitonic_exchange(i, block, d);
            next[i] = x.keep_smaller ? std::min(v[i], v[x.partner]) : std::max(v[i], v[x.partner]);
          }
          v = next;
        }
      }
      ASSERT_TRUE(std::is_sorted(v.begin(), v.end())) << "size " << size << " input " << bits;
    }
  }
  EXPECT_EQ(ocpc::bitonic_steps(16), 10u);
  EXPECT_EQ(ocpc::bitonic_steps(1024), 55u);
}

/// Every node of `groups` sorts one message keyed by key_of(id) (kNoKey for every fifth).
std::uint64_t key_of(NodeId id) { return id % 5 == 3 ? ocpc::kNoKey : (id * 7919) % 13; }

class SortAll : public ocpc::OcpcProtocol {
 public:
  explicit SortAll(std::vector<NodeGroup> groups) : groups_(std::move(groups)) {}
  void run(ocpc::OcpcNodeContext& node) const override {
    node.begin_slots();
    for (const NodeGroup& g : groups_) {
      if (!g.contains(node.id())) continue;
      Message m;
      m.kind = Message::Kind::kData;
      m.control[0] = key_of(node.id());
      m.control[1] = node.id();
      m.packet.id = node.id();
      results[node.id()] = ocpc::bitonic_sort(node, g, m);
    }
  }
  mutable std::map<NodeId, Message> results;

 private:
  std::vector<NodeGroup> groups_;
};

void expect_sorted(const SortAll& s, const std::vector<NodeGroup>& groups) {
  for (const NodeGroup& g : groups) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> want;
    for (std::uint32_t r = 0; r < g.size; ++r) want.push_back({key_of(g.node(r)), g.node(r)});
    std::sort(want.begin(), want.end());
    for (std::uint32_t r = 0; r < g.size; ++r) {
      const Message& got = s.results.at(g.node(r));
      EXPECT_EQ(got.control[0], want[r].first) << "rank " << r;
      EXPECT_EQ(got.control[1], want[r].second) << "rank " << r;
      EXPECT_EQ(got.packet.id, want[r].second) << "rank " << r;  // the message moved with its key
    }
  }
}

TEST(OcpcBitonic, WholeMachineExactInLogSquaredSteps) {
  const std::vector<NodeGroup> groups = {{0, 1, 32}};
  SortAll s(groups);
  ocpc::OcpcExperiment e(config(ocpc::Topology::kOcpc, 32, s));
  const ocpc::OcpcRunResult r = e.run(1, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.steps, ocpc::bitonic_steps(32));
  EXPECT_EQ(r.collisions, 0u);
  expect_sorted(s, groups);
}

TEST(OcpcBitonic, SubGroupsSortAtOnce) {
  // Four sub-groups of 8 on a 36-OCPC (nodes 32..35 idle), as gjlr's target sub-groups do.
  const std::vector<NodeGroup> groups = {{0, 1, 8}, {8, 1, 8}, {16, 1, 8}, {24, 1, 8}};
  SortAll s(groups);
  ocpc::OcpcExperiment e(config(ocpc::Topology::kOcpc, 36, s));
  const ocpc::OcpcRunResult r = e.run(1, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.steps, ocpc::bitonic_steps(8));
  EXPECT_EQ(r.collisions, 0u);
  expect_sorted(s, groups);
}

}  // namespace
}  // namespace optinet
