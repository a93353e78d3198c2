/// \file
/// The class delivery of the `sorting` router (stage 2 for d >= g) without the SystemC kernel:
/// a lockstep model of POPS(d,g) couplers (one frame per coupler per slot, two garble each
/// other) runs every node's DeliveryNode after the sub-network sort, on every permutation and
/// partial permutation of small shapes and on random and adversarial ones of larger shapes.
/// Each run must deliver every packet exactly once to its destination, with no collision, in
/// delivery_slots(shape) slots, and no node may hold more than 3 packets.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "protocols/pops/class_delivery.h"
#include "protocols/pops/sorting_network.h"
#include "tests/pops/test_pops_sorting_common.h"
#include "tests/support/sanitized.h"

namespace {

using namespace optinet;
using pops::DeliveryNode;
using pops::PopsShape;

/// destination[i] = where source i's packet goes, kNoNode if it has none.
using Destinations = std::vector<NodeId>;

struct Outcome {
  std::uint64_t collisions = 0;
  std::vector<std::vector<Packet>> delivered;  // per node
  std::uint32_t max_buffers = 0;
};

/// Sorts every POPS(g,g) block by sort_key (empty positions last), as the sort stages do, and
/// runs the delivery in lockstep.
Outcome run_delivery(const PopsShape& s, const Destinations& destination) {
  const std::uint32_t n = s.n();
  const std::uint32_t block = pops::sort_block(s);
  std::vector<std::optional<Packet>> at(n);  // by position
  for (NodeId i = 0; i < n; ++i) {
    if (destination[i] != kNoNode) {
      at[pops::position_of_node(s, i)] = Packet{i, i, destination[i], 1000u + i};
    }
  }
  for (std::uint32_t base = 0; base < n; base += block) {
    std::sort(at.begin() + base, at.begin() + base + block, [&](const auto& a, const auto& b) {
      return a && (!b || pops::sort_key(s, a->destination) < pops::sort_key(s, b->destination));
    });
  }
  std::vector<DeliveryNode> nodes;
  nodes.reserve(n);
  for (NodeId i = 0; i < n; ++i) {
    const std::uint32_t p = pops::position_of_node(s, i);
    const std::optional<Packet> before = p % block == 0 ? std::nullopt : at[p - 1];
    nodes.emplace_back(s, i, at[p], before);
  }
  Outcome out;
  out.delivered.resize(n);
  for (std::uint32_t slot = 0; slot < pops::delivery_slots(s); ++slot) {
    // Coupler c(b, a) -> the frames on it this slot.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<Frame>> light;
    std::vector<std::uint32_t> listen(n, pops::kNoGroup);
    for (NodeId i = 0; i < n; ++i) {
      const DeliveryNode::Action a = nodes[i].action(slot);
      listen[i] = a.listen;
      if (!a.frame) continue;
      std::vector<std::uint32_t> to;
      if (a.to_all_groups) {
        for (std::uint32_t b = 0; b < s.g; ++b) to.push_back(b);
      } else {
        for (std::uint32_t b : a.to) {
          if (b != pops::kNoGroup) to.push_back(b);
        }
      }
      EXPECT_FALSE(to.empty()) << "a frame sent nowhere";
      for (std::uint32_t b : to) light[{b, s.group_of(i)}].push_back(*a.frame);
    }
    for (const auto& [coupler, frames] : light) out.collisions += frames.size() > 1 ? 1 : 0;
    for (NodeId i = 0; i < n; ++i) {
      std::optional<Frame> got;
      if (listen[i] != pops::kNoGroup) {
        auto it = light.find({s.group_of(i), listen[i]});
        if (it != light.end() && it->second.size() == 1) got = it->second.front();
      }
      nodes[i].heard(slot, got);
      out.max_buffers = std::max(out.max_buffers, nodes[i].buffers());
    }
  }
  for (NodeId i = 0; i < n; ++i) out.delivered[i] = nodes[i].delivered();
  return out;
}

std::string name(const PopsShape& s) { return test::sorting_shape_name(s); }

/// Every packet arrives once, intact, at its destination; nothing else arrives anywhere.
void expect_delivered(const PopsShape& s, const Destinations& destination, const Outcome& o) {
  EXPECT_EQ(o.collisions, 0u) << name(s);
  EXPECT_LE(o.max_buffers, 3u) << name(s);
  std::vector<int> arrivals(s.n(), 0);
  for (NodeId node = 0; node < s.n(); ++node) {
    for (const Packet& p : o.delivered[node]) {
      ASSERT_EQ(p.destination, node) << name(s);
      ASSERT_LT(p.source, s.n());
      EXPECT_EQ(destination[p.source], node) << name(s);
      EXPECT_EQ(p.payload, 1000u + p.source) << name(s);
      ++arrivals[p.source];
    }
  }
  for (NodeId i = 0; i < s.n(); ++i) {
    EXPECT_EQ(arrivals[i], destination[i] == kNoNode ? 0 : 1)
        << name(s) << " source " << i << " -> " << destination[i];
  }
}

Destinations random_destinations(const PopsShape& s, std::mt19937_64& rng, double empty) {
  Destinations d(s.n());
  std::iota(d.begin(), d.end(), 0);
  std::shuffle(d.begin(), d.end(), rng);
  std::bernoulli_distribution drop(empty);
  for (NodeId& x : d) {
    if (drop(rng)) x = kNoNode;
  }
  return d;
}

TEST(class_delivery, SlotCountIsEightKMinusOne) {
  EXPECT_EQ(pops::delivery_slots({4, 4}), 7u);
  EXPECT_EQ(pops::delivery_slots({8, 2}), 31u);
  EXPECT_EQ(pops::delivery_slots({1024, 64}), 127u);
}

TEST(class_delivery, EveryPermutationOfSmallShapes) {
  for (const PopsShape s :
       {PopsShape{1, 1}, PopsShape{2, 1}, PopsShape{4, 1}, PopsShape{2, 2}, PopsShape{4, 2}}) {
    Destinations d(s.n());
    std::iota(d.begin(), d.end(), 0);
    std::uint64_t cases = 0;
    do {
      expect_delivered(s, d, run_delivery(s, d));
      ++cases;
    } while (std::next_permutation(d.begin(), d.end()) && !HasFailure());
    std::uint64_t factorial = 1;
    for (std::uint32_t i = 2; i <= s.n(); ++i) factorial *= i;
    if (!HasFailure()) {
      EXPECT_EQ(cases, factorial) << name(s);
    }
  }
}

/// Every partial permutation of POPS(2,2) and POPS(4,1): every subset of sources, each with
/// every injective choice of destinations.
TEST(class_delivery, EveryPartialPermutationOfFourProcessors) {
  for (const PopsShape s : {PopsShape{2, 2}, PopsShape{4, 1}}) {
    const std::uint32_t n = s.n();
    std::uint64_t cases = 0;
    for (std::uint32_t sources = 0; sources < (1U << n); ++sources) {
      for (std::uint32_t targets = 0; targets < (1U << n); ++targets) {
        if (__builtin_popcount(sources) != __builtin_popcount(targets)) continue;
        std::vector<NodeId> t;
        for (NodeId x = 0; x < n; ++x) {
          if (targets >> x & 1U) t.push_back(x);
        }
        do {
          Destinations d(n, kNoNode);
          for (NodeId x = 0, k = 0; x < n; ++x) {
            if (sources >> x & 1U) d[x] = t[k++];
          }
          expect_delivered(s, d, run_delivery(s, d));
          ++cases;
        } while (std::next_permutation(t.begin(), t.end()));
      }
    }
    EXPECT_EQ(cases, 209u) << name(s);  // sum over m of C(4,m)^2 m!
  }
}

TEST(class_delivery, RandomFullAndPartialPermutations) {
  std::mt19937_64 rng(2026);
  for (const PopsShape s :
       {PopsShape{8, 2}, PopsShape{16, 4}, PopsShape{32, 2}, PopsShape{8, 8}, PopsShape{64, 8},
        PopsShape{128, 4}, PopsShape{16, 16}, PopsShape{256, 16}, PopsShape{64, 1}}) {
    const int trials = s.n() <= 512 ? 60 : 8;
    for (int trial = 0; trial < trials && !HasFailure();
         trial += static_cast<int>(test::kSanitizedStride)) {
      const double empty = trial % 3 == 0 ? 0.0 : (trial % 3 == 1 ? 0.3 : 0.9);
      const Destinations d = random_destinations(s, rng, empty);
      expect_delivered(s, d, run_delivery(s, d));
    }
  }
}

/// Traffic that loads one class or one sub-network as much as a permutation can: every packet
/// of a sub-network in one class, classes in reverse, and each sub-network sending to one
/// destination sub-network.
TEST(class_delivery, AdversarialPermutations) {
  for (const PopsShape s :
       {PopsShape{16, 4}, PopsShape{64, 8}, PopsShape{32, 2}, PopsShape{8, 8}}) {
    const std::uint32_t n = s.n();
    std::vector<Destinations> cases;
    Destinations identity(n), reverse(n), swap_halves(n), by_class(n);
    for (NodeId i = 0; i < n; ++i) {
      identity[i] = i;
      reverse[i] = n - 1 - i;
      swap_halves[i] = (i + n / 2) % n;
    }
    // Source i (sub-network order) goes to the i-th destination in class-major order, so the
    // sub-networks are filled class by class.
    std::vector<NodeId> class_major(n);
    std::iota(class_major.begin(), class_major.end(), 0);
    std::sort(class_major.begin(), class_major.end(),
              [&](NodeId a, NodeId b) { return pops::sort_key(s, a) < pops::sort_key(s, b); });
    for (std::uint32_t p = 0; p < n; ++p) by_class[pops::node_of_position(s, p)] = class_major[p];
    for (const Destinations& d : {identity, reverse, swap_halves, by_class}) {
      expect_delivered(s, d, run_delivery(s, d));
    }
  }
}

}  // namespace
