/// \file
/// Open-loop runs on the store-and-forward networks: below the capacity every labelled packet
/// drains and accepted equals offered on a grid and a hypercube; a link carries at most one
/// packet per slot; bounded buffers take only what they admit; a saturating load is reported as
/// saturated, and its queue work per slot does not grow with its backlog; the capacity bounds
/// against brute force over the whole traffic matrix.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "testbenches/open_loop/capacity.h"
#include "testbenches/sf/sf_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;
using namespace optinet::sf;

// ---- capacity against brute force (pure) ---------------------------------------------------

/// Probability that a packet of source i goes to j (self-addressed packets are not created).
std::vector<std::vector<double>> traffic_matrix(std::uint32_t n, const OpenLoopConfig& o) {
  std::vector<std::vector<double>> t(n, std::vector<double>(n, 0.0));
  const DestinationTable table = destination_table(o, n);
  for (NodeId i = 0; i < n; ++i) {
    for (NodeId j = 0; j < n; ++j) {
      if (i == j) continue;
      switch (o.rule) {
        case DestinationRule::kUniform:
          t[i][j] = 1.0 / (n - 1);
          break;
        case DestinationRule::kHotspot:
          t[i][j] = i == o.hotspot
                        ? 1.0 / (n - 1)
                        : (1 - o.fraction) / (n - 1) + (j == o.hotspot ? o.fraction : 0.0);
          break;
        case DestinationRule::kTranspose:
          t[i][j] = transpose_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kBitReversal:
          t[i][j] = bit_reversal_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kNeighbour:
          t[i][j] = neighbour_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kTornado:
          t[i][j] = tornado_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kShuffle:
          t[i][j] = shuffle_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kBitComplement:
          t[i][j] = bit_complement_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kRandomPermutation:
        case DestinationRule::kMatrix:
          for (const auto* share = table.begin(i); share != table.end(i); ++share) {
            if (share->destination == j) t[i][j] = share->share;
          }
          break;
      }
    }
  }
  return t;
}

/// Coordinate j of x: base `side` digits (the hypercube: side 2, dimension 1 the top bit).
unsigned coordinate(const sf::SfGraph& g, NodeId x, unsigned j) {
  if (const auto* grid = dynamic_cast<const sf::GridGraph*>(&g)) return grid->coordinate(x, j);
  const auto& cube = dynamic_cast<const sf::HypercubeGraph&>(g);
  return (x >> (cube.n() - 1 - j)) & 1U;
}

/// The neighbour one step closer to coordinate `to` in dimension j, found among x's out-edges.
NodeId step(const sf::SfGraph& g, unsigned dims, NodeId x, unsigned j, unsigned to) {
  for (unsigned label = 0; label < g.degree(); ++label) {
    const NodeId y = g.neighbor(x, label);
    if (y == kNoNode) continue;
    bool others_same = true;
    for (unsigned i = 0; i < dims; ++i) {
      if (i != j) others_same = others_same && coordinate(g, x, i) == coordinate(g, y, i);
    }
    const unsigned cx = coordinate(g, x, j);
    const unsigned cy = coordinate(g, y, j);
    if (others_same && (to > cx ? cy == cx + 1 : cy + 1 == cx)) return y;
  }
  ADD_FAILURE() << "no step from " << x << " in dimension " << j;
  return x;
}

struct BruteForce {
  double routing_rate;
  double bisection_rate;
};

/// Every pair routed hop by hop (dimensions in `order`), every link's load summed; every
/// dimension's middle cut counted from the matrix and the graph's edges.
BruteForce brute_force(const sf::SfGraph& g, unsigned dims, unsigned side,
                       const std::vector<unsigned>& order, const OpenLoopConfig& o) {
  const std::uint32_t n = g.nodes();
  const auto t = traffic_matrix(n, o);
  std::map<std::pair<NodeId, NodeId>, double> load;
  for (NodeId s = 0; s < n; ++s) {
    for (NodeId d = 0; d < n; ++d) {
      if (t[s][d] == 0) continue;
      NodeId x = s;
      for (unsigned j : order) {
        while (coordinate(g, x, j) != coordinate(g, d, j)) {
          const NodeId y = step(g, dims, x, j, coordinate(g, d, j));
          load[{x, y}] += t[s][d];
          x = y;
        }
      }
      EXPECT_EQ(x, d);
    }
  }
  double worst_link = 0;
  for (const auto& [link, l] : load) worst_link = std::max(worst_link, l);
  double worst_cut = 0;
  for (unsigned j = 0; j < dims; ++j) {
    const auto lower = [&](NodeId x) { return coordinate(g, x, j) < side / 2; };
    double up = 0, down = 0, links_up = 0, links_down = 0;
    for (NodeId s = 0; s < n; ++s) {
      for (NodeId d = 0; d < n; ++d) {
        if (lower(s) && !lower(d)) up += t[s][d];
        if (!lower(s) && lower(d)) down += t[s][d];
      }
      for (unsigned label = 0; label < g.degree(); ++label) {
        const NodeId y = g.neighbor(s, label);
        if (y == kNoNode) continue;
        links_up += lower(s) && !lower(y) ? 1 : 0;
        links_down += !lower(s) && lower(y) ? 1 : 0;
      }
    }
    worst_cut = std::max({worst_cut, up / links_up, down / links_down});
  }
  return BruteForce{1.0 / worst_link, 1.0 / worst_cut};
}

std::vector<OpenLoopConfig> patterns(std::uint32_t n) {
  std::vector<OpenLoopConfig> out;
  for (const DestinationRule rule :
       {DestinationRule::kUniform, DestinationRule::kHotspot, DestinationRule::kTranspose,
        DestinationRule::kBitReversal, DestinationRule::kNeighbour, DestinationRule::kTornado,
        DestinationRule::kShuffle, DestinationRule::kBitComplement,
        DestinationRule::kRandomPermutation, DestinationRule::kMatrix}) {
    OpenLoopConfig o;
    o.rule = rule;
    o.hotspot = 5;
    o.fraction = 0.3;
    o.permutation_seed = 11;
    o.matrix = test::mixed_matrix(n);
    if (!open_loop_unavailable(o, n, 1000000).empty()) continue;  // e.g. transpose, n not square
    out.push_back(o);
  }
  return out;
}

void expect_matches_brute_force(const sf::SfGraph& g, unsigned dims, unsigned side,
                                const std::string& scheme) {
  const std::vector<unsigned> order = sf_phase_b_order(g, scheme);
  for (const OpenLoopConfig& o : patterns(g.nodes())) {
    const BruteForce b = brute_force(g, dims, side, order, o);
    const std::string what = g.name() + " N=" + std::to_string(g.nodes()) + " " + scheme + " " +
                             destination_rule_name(o.rule);
    EXPECT_NEAR(sf_routing_capacity(g, order, o).rate, b.routing_rate, 1e-9) << what;
    EXPECT_NEAR(sf_bisection_capacity(g, o).rate, b.bisection_rate, 1e-9) << what;
    EXPECT_NEAR(sf_capacity(g, scheme, o).rate, std::min(b.routing_rate, b.bisection_rate), 1e-9)
        << what;
  }
}

TEST(SfCapacity, GridEqualsTheBruteForceTrafficMatrix) {
  expect_matches_brute_force(sf::GridGraph(4, 2), 2, 4, "gridk");
  expect_matches_brute_force(sf::GridGraph(4, 2), 2, 4, "grid3");  // dimension 2 first
  expect_matches_brute_force(sf::GridGraph(5, 2), 2, 5, "gridk");  // odd side
  expect_matches_brute_force(sf::GridGraph(3, 3), 3, 3, "gridk");
  expect_matches_brute_force(sf::GridGraph(8, 1), 1, 8, "gridk");  // a line
}

TEST(SfCapacity, HypercubeEqualsTheBruteForceTrafficMatrix) {
  for (unsigned n : {2u, 3u, 4u, 5u})
    expect_matches_brute_force(sf::HypercubeGraph(n), n, 2, "cubes");
}

TEST(SfCapacity, UniformIsTheTextbookBisectionBound) {
  const OpenLoopConfig uniform;
  // Grid of side n: 4/n; hypercube: 2; both times (N-1)/N (no packet to its own source).
  const CapacityBound grid = sf_capacity(sf::GridGraph(16, 2), "gridk", uniform);
  EXPECT_NEAR(grid.rate, 4.0 / 16 * 255 / 256, 1e-12);
  EXPECT_NE(grid.bottleneck.find("as the bisection bound"), std::string::npos) << grid.bottleneck;
  EXPECT_NEAR(sf_capacity(sf::GridGraph(4, 3), "gridk", uniform).rate, 4.0 / 4 * 63 / 64, 1e-12);
  const CapacityBound cube = sf_capacity(sf::HypercubeGraph(8), "cubes", uniform);
  EXPECT_NEAR(cube.rate, 2.0 * 255 / 256, 1e-12);
  EXPECT_EQ(cube.bottleneck.rfind("link ", 0), 0u) << cube.bottleneck;
}

TEST(SfCapacity, TransposeIsBoundByALinkNotTheBisection) {
  // 16x16 grid, transpose: dimension order sends a whole row's traffic down one column's links.
  OpenLoopConfig transpose;
  transpose.rule = DestinationRule::kTranspose;
  const sf::GridGraph g(16, 2);
  const CapacityBound bound = sf_capacity(g, "gridk", transpose);
  EXPECT_LT(bound.rate, sf_bisection_capacity(g, transpose).rate);
  EXPECT_EQ(bound.bottleneck.find("as the bisection bound"), std::string::npos);
  EXPECT_EQ(bound.bottleneck.rfind("link ", 0), 0u);
}

TEST(SfCapacity, RefusesOtherGraphs) {
  EXPECT_THROW(sf_capacity(sf::CccGraph(3), "ccc", OpenLoopConfig{}), std::invalid_argument);
}

// ---- simulation (one elaboration per test) ---------------------------------------------------

using test::expect_drained;

SfExperimentConfig open_config(std::shared_ptr<const sf::SfGraph> graph, const char* scheme,
                               double rate, std::uint64_t max_slots = 50000) {
  SfExperimentConfig c;
  c.graph = std::move(graph);
  c.protocol = scheme;
  return test::short_open_loop(c, rate, max_slots);
}

/// A 4x4 grid under gridk at 0.9 packets/node/slot: above what the two phases carry.
SfExperimentConfig overloaded_grid(std::uint64_t max_slots, std::uint64_t measure) {
  SfExperimentConfig c =
      open_config(std::make_shared<sf::GridGraph>(4, 2), "gridk", 0.9, max_slots);
  c.open_loop->steady.warmup = 200;
  c.open_loop->steady.measure = measure;
  return c;
}

/// A link carries at most one packet per slot: never more packets than counted slots.
void expect_links_within_one_per_slot(const SfRunResult& r, std::uint64_t measure) {
  for (const MediumCounters& link : r.links) {
    EXPECT_LE(link.single_slots, measure);
    EXPECT_EQ(link.busy_slots, link.single_slots);
    EXPECT_EQ(link.collision_slots, 0u);
  }
}

TEST(SfOpenLoop, GridAcceptsTheOfferedLoadBelowCapacity) {
  // 6x6 grid, gridk: bound 0.65 without Phase A; the two phases about halve it.
  SfExperiment e(open_config(std::make_shared<sf::GridGraph>(6, 2), "gridk", 0.12));
  const SfRunResult r = e.run(3);
  expect_drained(r);
  // Accepted and offered differ by the packets in flight at the window's edges (a few dozen
  // against 36 * 3000 node-slots).
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.002);
  EXPECT_NEAR(r.open_loop->offered, 0.12, 0.01);
  EXPECT_EQ(r.links.size(), e.network().links());
  expect_links_within_one_per_slot(r, 3000);
  EXPECT_EQ(e.link_names().size(), r.links.size());
  EXPECT_EQ(e.link_names().front(), "link 0->1");
}

TEST(SfOpenLoop, HypercubeAcceptsTheOfferedLoadBelowCapacity) {
  SfExperiment e(open_config(std::make_shared<sf::HypercubeGraph>(5), "cubes", 0.4));
  const SfRunResult r = e.run(4);
  expect_drained(r);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.002);
  expect_links_within_one_per_slot(r, 3000);
  // Phase A and B each flip about n/2 bits: about n links per packet, n links per node.
  std::uint64_t carried = 0;
  for (const MediumCounters& link : r.links) carried += link.single_slots;
  EXPECT_NEAR(static_cast<double>(carried) / (32.0 * 3000), 0.4 * 5 * 31 / 32, 0.1);
}

TEST(SfOpenLoop, BoundedBuffersTakeOnlyWhatTheyAdmit) {
  SfExperimentConfig c = open_config(std::make_shared<sf::HypercubeGraph>(4), "cubes", 0.25);
  c.capacity = 2;
  SfExperiment e(c);
  const SfRunResult r = e.run(5);
  expect_drained(r);
  EXPECT_LE(r.max_queue, 2u);
  // Four queues and the staging buffer, two packets each; the rest waited at the host.
  EXPECT_LE(r.max_node_population, 5u * 2);
  EXPECT_GT(r.open_loop->queue.max(), 0u);
}

TEST(SfOpenLoop, ASaturatingLoadIsReportedAsSaturated) {
  // 4x4 grid at 0.9 packets/node/slot: above what the two phases carry; the drain cannot end by
  // the slot limit. Not an error, and the busiest links are busy nearly every slot, never more.
  SfExperiment e(overloaded_grid(6000, 2000));
  const SfRunResult r = e.run(6);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.saturated);
  EXPECT_FALSE(r.hit_limit);
  EXPECT_EQ(r.slots, 6000u);
  EXPECT_LT(r.open_loop->accepted, 0.8 * r.open_loop->offered);
  expect_links_within_one_per_slot(r, 2000);
  std::uint64_t busiest = 0;
  for (const MediumCounters& link : r.links) busiest = std::max(busiest, link.single_slots);
  EXPECT_GE(busiest, 1900u);
}

/// Reads the queues' work (sf::NodeQueues::work_done) at the first sub-phase end at or after
/// each of some slots (in an overloaded run packets end sub-phases every slot).
class QueueWorkProbe : public SfExperiment {
 public:
  QueueWorkProbe(const SfExperimentConfig& c, std::vector<std::uint64_t> slots)
      : SfExperiment(c), slots_(std::move(slots)) {}
  void on_subphase_end(NodeId node, const sf::SfPacket& p, std::uint64_t slot) override {
    SfExperiment::on_subphase_end(node, p, slot);
    if (work_.size() < slots_.size() && slot >= slots_[work_.size()]) {
      work_.push_back(sf::NodeQueues::work_done());
      at_.push_back(slot);
    }
  }
  /// Work per slot between the i-th and the (i+1)-th slot read.
  double per_slot(std::size_t i) const {
    return static_cast<double>(work_.at(i + 1) - work_.at(i)) /
           static_cast<double>(at_.at(i + 1) - at_.at(i));
  }

 private:
  std::vector<std::uint64_t> slots_;
  std::vector<std::uint64_t> work_;
  std::vector<std::uint64_t> at_;
};

TEST(SfOpenLoop, AnOverloadedRunsQueueWorkPerSlotDoesNotGrowWithItsBacklog) {
  // 4x4 grid at 0.9: the backlog grows by about half a packet per node per slot, so the
  // queues are more than three times as long in slots 6000-7000 as in 1000-2000; the queue
  // operations read as many entries per slot (scanning the queues, they would read about three
  // times as many).
  QueueWorkProbe e(overloaded_grid(8000, 1000), {1000, 2000, 6000, 7000});
  const SfRunResult r = e.run(8);
  EXPECT_TRUE(r.saturated);
  EXPECT_GT(r.max_queue, 1000u);
  EXPECT_GT(e.per_slot(0), 0.0);
  EXPECT_LT(e.per_slot(2), 1.2 * e.per_slot(0));
}

TEST(SfOpenLoop, TheBacklogLimitEndsAnOverloadedRunAsSaturated) {
  // 4x4 grid at 0.9: the backlog passes 50 packets per node after about 100 slots, long before
  // the fixed window (from slot 200) would have opened.
  SfExperimentConfig c = overloaded_grid(6000, 2000);
  c.open_loop->max_backlog = 50;
  SfExperiment e(c);
  const SfRunResult r = e.run(9);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.saturated);
  EXPECT_FALSE(r.hit_limit);
  EXPECT_LT(r.slots, 400u);
  EXPECT_GT(r.slots, 50u);
  const std::string& reason = r.open_loop->steady.saturation_reason;
  EXPECT_NE(reason.find("--max-backlog 50 packets/node (800 packets)"), std::string::npos)
      << reason;
  // The packets the network held at the end are the backlog: more than the limit.
  EXPECT_GT(r.open_loop->created - r.open_loop->delivered, 800u);
}

TEST(SfOpenLoop, TheNodeRunsOpenLoopOnTheOtherNetworksToo) {
  // The command offers open loop on grid and hypercube (where the capacity is known); the node
  // and the experiment are the same for every network.
  SfExperiment e(open_config(std::make_shared<sf::CccGraph>(3), "ccc", 0.05));
  const SfRunResult r = e.run(7);
  expect_drained(r);
}

}  // namespace
