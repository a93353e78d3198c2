// Tickets of the Valiant-Brebner schemes, without the SystemC kernel: Pack, Phase A sends a
// packet to a uniformly random node (chi-square under a fixed seed), Phase B reaches the
// destination, and the modified shuffle's routes are shortest and non-repeating.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "models/core/huge_page_allocator.h"
#include "models/core/inline_list.h"
#include "models/sf/sf_node_queues.h"
#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"
#include "protocols/sf/schemes.h"

namespace optinet::sf {
namespace {

/// Walks p from `from` through sub-phases [first, last) as the nodes would; returns the end.
NodeId walk(const SfGraph& g, const Scheme& scheme, SfPacket& p, NodeId from, unsigned first,
            unsigned last, Rng& rng) {
  NodeId here = from;
  for (unsigned sub = first; sub < last; ++sub) {
    p.ticket.subphase = static_cast<std::uint8_t>(sub);
    scheme.prepare(p, here, rng);
    for (int guard = 0; guard < 100000; ++guard) {
      const int e = scheme.next_edge(p.ticket, here);
      if (e == kNoEdge) break;
      const NodeId next = g.neighbor(here, static_cast<unsigned>(e));
      EXPECT_NE(next, kNoNode) << "ticket uses a missing edge";
      if (next == kNoNode) return here;
      here = next;
      ++p.ticket.next;
      p.ticket.moved = true;
    }
  }
  return here;
}

TEST(SfTickets, PackMovesNonZeroElementsToTheFrontInOrder) {
  EXPECT_EQ(pack({0, 2, 0, 4, 5, 0}), (std::vector<unsigned>{2, 4, 5, 0, 0, 0}));
  EXPECT_EQ(pack({0, 0, 0}), (std::vector<unsigned>{0, 0, 0}));
  EXPECT_EQ(pack({1, 2, 3}), (std::vector<unsigned>{1, 2, 3}));
  EXPECT_EQ(pack({}), (std::vector<unsigned>{}));
}

struct Case {
  std::string name;
  std::shared_ptr<SfGraph> graph;
  std::string scheme;
  /// Nodes Phase A can reach from a node: all of them, except on grids, where Phase A
  /// randomizes only some dimensions (grid3: dimension 1; gridk: dimensions 2..k).
  NodeId support = 0;
};

std::vector<Case> cases() {
  return {
      {"cubes", std::make_shared<HypercubeGraph>(6), "cubes"},
      {"basic", std::make_shared<HypercubeGraph>(6), "basic"},
      {"cubess", std::make_shared<HypercubeGraph>(6), "cubess"},
      {"dshuffle", std::make_shared<ShuffleGraph>(3, 4), "dshuffle"},
      {"mshuffle", std::make_shared<ShuffleGraph>(3, 4), "mshuffle"},
      {"mshuffle2", std::make_shared<ShuffleGraph>(2, 6), "mshuffle"},
      {"ccc", std::make_shared<CccGraph>(4), "ccc"},
      {"se", std::make_shared<ShuffleExchangeGraph>(6), "se"},
      {"grid3", std::make_shared<GridGraph>(8, 2), "grid3", 8},
      {"gridk", std::make_shared<GridGraph>(4, 3), "gridk", 16},
  };
}

class SfTicketsByScheme : public ::testing::TestWithParam<Case> {};

// Phase A from a fixed node: 200 draws per reachable node, chi-square against the uniform
// distribution on the reachable nodes; the bound is the 0.999 quantile (Wilson-Hilferty), so a
// correct scheme fails with probability 0.001 and the fixed seed makes the test deterministic.
TEST_P(SfTicketsByScheme, PhaseASendsAPacketToAUniformlyRandomNode) {
  const Case& c = GetParam();
  const SfGraph& g = *c.graph;
  const auto scheme = make_scheme(c.scheme, g);
  const NodeId n = c.support ? c.support : g.nodes();
  const unsigned per_node = 200;
  Rng rng(12345);
  std::vector<std::uint64_t> count(g.nodes(), 0);
  const NodeId start = g.nodes() / 3;
  for (std::uint64_t k = 0; k < std::uint64_t{n} * per_node; ++k) {
    SfPacket p;
    p.packet.destination = 0;
    ++count[walk(g, *scheme, p, start, 0, scheme->randomizing(), rng)];
  }
  double chi2 = 0;
  NodeId reached = 0;
  for (NodeId x = 0; x < g.nodes(); ++x) {
    if (count[x] == 0) continue;
    ++reached;
    const double d = static_cast<double>(count[x]) - per_node;
    chi2 += d * d / per_node;
  }
  EXPECT_EQ(reached, n) << c.name << ": Phase A reaches the wrong number of nodes";
  const double dof = n - 1.0;
  const double z = 3.09;  // 0.999 quantile of the standard normal
  const double t = 1 - 2 / (9 * dof) + z * std::sqrt(2 / (9 * dof));
  EXPECT_LT(chi2, dof * t * t * t) << c.name << ": Phase A end node is not uniform";
}

TEST_P(SfTicketsByScheme, TheWholeRouteEndsAtTheDestination) {
  const Case& c = GetParam();
  const SfGraph& g = *c.graph;
  const auto scheme = make_scheme(c.scheme, g);
  Rng rng(7);
  for (NodeId u = 0; u < g.nodes(); ++u) {
    for (NodeId v = 0; v < g.nodes(); v += 1 + g.nodes() / 17) {
      SfPacket p;
      p.packet.destination = v;
      EXPECT_EQ(walk(g, *scheme, p, u, 0, scheme->subphases(), rng), v) << c.name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Schemes, SfTicketsByScheme, ::testing::ValuesIn(cases()),
                         [](const auto& param_info) { return param_info.param.name; });

TEST(SfTickets, CubePhaseBTicketListsTheDifferingDimensionsInOrder) {
  HypercubeGraph g(5);
  const auto scheme = make_scheme("cubes", g);
  SfPacket p;
  p.packet.destination = 0b10110;
  p.ticket.subphase = 1;
  Rng rng(1);
  scheme->prepare(p, 0b00011, rng);
  // 00011 vs 10110 differ in dimensions 1, 3, 5 (most significant first): labels 0, 2, 4.
  EXPECT_EQ(steps_of(p.ticket), (std::vector<unsigned>{0, 2, 4}));
}

TEST(SfTickets, ShuffleRoutesAreShortest) {
  // Breadth-first distances in the 2-way and 3-way shuffles against the ticket's length.
  for (auto [d, n] : std::vector<std::pair<unsigned, unsigned>>{{2, 4}, {3, 3}, {2, 6}}) {
    ShuffleGraph g(d, n);
    for (NodeId u = 0; u < g.nodes(); ++u) {
      std::vector<int> dist(g.nodes(), -1);
      std::vector<NodeId> frontier{u};
      dist[u] = 0;
      while (!frontier.empty()) {
        std::vector<NodeId> next;
        for (NodeId x : frontier) {
          for (unsigned a = 0; a < d; ++a) {
            const NodeId y = g.neighbor(x, a);
            if (dist[y] < 0) {
              dist[y] = dist[x] + 1;
              next.push_back(y);
            }
          }
        }
        frontier.swap(next);
      }
      for (NodeId v = 0; v < g.nodes(); ++v) {
        const auto route = shortest_shuffle_route(d, n, u, v);
        EXPECT_EQ(follow(g, u, route), v);
        EXPECT_EQ(static_cast<int>(route.size()), dist[v]) << u << " -> " << v;
      }
    }
  }
}

/// The edges (from, label) of a route.
std::vector<std::pair<NodeId, unsigned>> edges_of(const ShuffleGraph& g, NodeId u,
                                                  const std::vector<unsigned>& labels) {
  std::vector<std::pair<NodeId, unsigned>> edges;
  for (unsigned a : labels) {
    edges.emplace_back(u, a);
    u = g.neighbor(u, a);
  }
  return edges;
}

// Section 2: non-repeating if whenever two routes share e_i = e'_j and e_k = e'_m (k > i),
// then k - i = m - j and the routes agree in between. Checked for every pair of the modified
// shuffle's routes; the unmodified shuffle's fixed-length routes are shown to repeat.
bool non_repeating(const std::vector<std::pair<NodeId, unsigned>>& a,
                   const std::vector<std::pair<NodeId, unsigned>>& b) {
  std::map<std::pair<NodeId, unsigned>, std::vector<std::size_t>> in_b;
  for (std::size_t j = 0; j < b.size(); ++j) in_b[b[j]].push_back(j);
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto it = in_b.find(a[i]);
    if (it == in_b.end()) continue;
    for (std::size_t j : it->second) {
      for (std::size_t k = i + 1; k < a.size(); ++k) {
        auto kt = in_b.find(a[k]);
        if (kt == in_b.end()) continue;
        for (std::size_t m : kt->second) {
          if (m <= j) continue;
          if (k - i != m - j) return false;
          for (std::size_t p = i; p <= k; ++p) {
            if (a[p] != b[p + j - i]) return false;
          }
        }
      }
    }
  }
  return true;
}

TEST(SfTickets, ModifiedShuffleRoutesAreNonRepeating) {
  for (auto [d, n] : std::vector<std::pair<unsigned, unsigned>>{{2, 4}, {3, 3}}) {
    ShuffleGraph g(d, n);
    std::vector<std::vector<std::pair<NodeId, unsigned>>> routes;
    for (NodeId u = 0; u < g.nodes(); ++u) {
      for (NodeId v = 0; v < g.nodes(); ++v) {
        routes.push_back(edges_of(g, u, shortest_shuffle_route(d, n, u, v)));
      }
    }
    std::size_t violations = 0;
    for (const auto& a : routes) {
      for (const auto& b : routes) violations += non_repeating(a, b) ? 0 : 1;
    }
    EXPECT_EQ(violations, 0u) << "d = " << d << ", n = " << n;
  }
}

TEST(SfTickets, UnmodifiedShuffleRoutesCanRepeat) {
  // The paper's example (d = 2, n = 4): 1011 -> 1101 in one step, and also in four.
  ShuffleGraph g(2, 4);
  std::vector<std::vector<std::pair<NodeId, unsigned>>> routes;
  for (NodeId u = 0; u < g.nodes(); ++u) {
    for (NodeId v = 0; v < g.nodes(); ++v) {
      std::vector<unsigned> t(4);
      for (unsigned i = 1; i <= 4; ++i) t[i - 1] = g.digit(v, 5 - i);
      routes.push_back(edges_of(g, u, t));
    }
  }
  std::size_t violations = 0;
  for (const auto& a : routes) {
    for (const auto& b : routes) violations += non_repeating(a, b) ? 0 : 1;
  }
  EXPECT_GT(violations, 0u);
}

TEST(SfQueues, TheDisciplineNamesTheHead) {
  PacketPool pool;
  pool.add(SfPacket{});               // queue positions and pool indices differ
  const unsigned left[] = {2, 5, 5};  // hops left; the first two have not moved yet
  // The order of SfRouter: moved packets first where `moved_first`, then furthest first.
  const auto order = [&pool](Discipline d, bool moved_first) {
    const bool by_key = d != Discipline::kFifo || moved_first;
    return queue_order(by_key, [&pool, d, moved_first](PacketIndex i) {
      const SfPacket& p = pool[i];
      const unsigned moved = moved_first && p.ticket.moved ? 1u << 16 : 0u;
      return moved | (d == Discipline::kFurthestFirst ? unsigned{p.ticket.length} : 0u);
    });
  };
  // Queue 3's three packets, with queue 1's after the first, in place (as queued) and on the
  // heap (a backlog of `extra` more packets behind them in queue 3).
  for (const bool third_moved : {true, false}) {
    for (const unsigned extra : {0u, 8u}) {
      NodeQueues q;
      std::vector<PacketIndex> in_3;
      PacketIndex in_1 = kNoPacket;
      const auto push_all = [&](Discipline d, bool moved_first) {
        q.clear();
        in_3.clear();
        for (unsigned i = 0; i < 3 + extra; ++i) {
          SfPacket p;
          p.ticket.length = static_cast<std::uint8_t>(i < 3 ? left[i] : 1);
          p.ticket.moved = i == 2 && third_moved;
          in_3.push_back(pool.add(p));
          if (i == 0 && extra == 0) {
            SfPacket other;  // queue 1's packet, between queue 3's, outranks them all
            other.ticket.length = 9;
            other.ticket.moved = true;
            in_1 = pool.add(other);
            q.push(1, Queued{in_1, false}, order(d, moved_first));
          }
          q.push(3, Queued{in_3.back(), false}, order(d, moved_first));
        }
      };
      const auto head = [&](Discipline d, bool moved_first) {
        push_all(d, moved_first);
        return q.head(3, order(d, moved_first));
      };
      // (Each head refills in_3 before its packet is read.)
      PacketIndex h = head(Discipline::kFifo, false);
      EXPECT_EQ(h, in_3[0]);
      h = head(Discipline::kFurthestFirst, false);
      EXPECT_EQ(h, in_3[1]);  // FIFO among equals
      h = head(Discipline::kFifo, true);
      EXPECT_EQ(h, in_3[third_moved ? 2 : 0]);  // moved first
      h = head(Discipline::kFurthestFirst, true);
      EXPECT_EQ(h, in_3[third_moved ? 2 : 1]);
      if (extra == 0) {
        EXPECT_EQ(q.head(1, order(Discipline::kFifo, false)), in_1);
      }
      // The heads leave in the order's turn: furthest first, FIFO among equals.
      push_all(Discipline::kFurthestFirst, false);
      std::vector<PacketIndex> leave;
      bool emptied = false;
      while (q.size(3) != 0) {
        const PacketIndex h = q.head(3, order(Discipline::kFurthestFirst, false));
        leave.push_back(h);
        q.remove(3, h, emptied);
      }
      EXPECT_TRUE(emptied);
      std::vector<PacketIndex> expected = in_3;
      std::stable_sort(expected.begin(), expected.end(), [&pool](PacketIndex a, PacketIndex b) {
        return pool[a].ticket.length > pool[b].ticket.length;
      });
      EXPECT_EQ(leave, expected);
    }
  }
}

TEST(SfQueues, EachQueueKeepsItsOrderInPlaceAndOnTheHeap) {
  NodeQueues q;
  const auto packets = [&q](unsigned label) {
    std::vector<PacketIndex> v;
    q.for_each([&](unsigned l, Queued e) {
      if (l == label) v.push_back(e.packet());
    });
    return v;
  };
  // Queues 0 and 5 interleaved, more entries than the list holds in place.
  constexpr PacketIndex kEntries = 9;
  static_assert(kEntries > NodeQueues::kInline, "the entries go to the heap");
  for (PacketIndex i = 0; i < kEntries; ++i) {
    q.push(i % 2 == 0 ? 0 : 5, Queued{10 + i, i % 3 == 0});
    EXPECT_EQ(q.size(i % 2 == 0 ? 0 : 5), i / 2 + 1);
  }
  EXPECT_EQ(q.size(), kEntries);
  EXPECT_EQ(q.size(0), 5u);
  EXPECT_EQ(q.size(5), 4u);
  EXPECT_EQ(q.size(1), 0u);
  bool emptied = true;
  EXPECT_TRUE(q.remove(5, 13, emptied).phase_a());  // a granted entry, not the head, on the heap
  EXPECT_FALSE(emptied);
  EXPECT_FALSE(q.remove(0, 10 + 4, emptied).phase_a());
  EXPECT_EQ(packets(0), (std::vector<PacketIndex>{10, 12, 16, 18}));
  EXPECT_EQ(packets(5), (std::vector<PacketIndex>{11, 15, 17}));
  for (PacketIndex i : {11, 15}) q.remove(5, i, emptied);
  EXPECT_FALSE(emptied);
  q.remove(5, 17, emptied);
  EXPECT_TRUE(emptied);  // queue 5 is empty; queue 0 is not
  EXPECT_EQ(q.size(), 4u);
  // A packet in the same queue twice (a self-loop: admitted before its source dropped it):
  // its oldest entry goes.
  q.push(2, Queued{40, true});
  q.push(2, Queued{40, false});
  EXPECT_TRUE(q.remove(2, 40, emptied).phase_a());
  EXPECT_FALSE(emptied);
  EXPECT_FALSE(q.remove(2, 40, emptied).phase_a());
  EXPECT_TRUE(emptied);
  for (PacketIndex i : {10, 12, 16}) q.remove(0, i, emptied);
  q.remove(0, 18, emptied);
  EXPECT_TRUE(emptied);
  EXPECT_TRUE(q.empty());  // back in place once empty
  q.push(4, Queued{50, false});
  EXPECT_EQ(packets(4), (std::vector<PacketIndex>{50}));
  q.clear();
  EXPECT_TRUE(q.empty());
}

TEST(SfQueues, AnEntryKeepsTheLargestIndexBesideItsFlag) {
  const auto last = static_cast<PacketIndex>(PacketPool::kMaxPackets - 1);
  for (const bool phase_a : {false, true}) {
    EXPECT_EQ(Queued(last, phase_a).packet(), last);
    EXPECT_EQ(Queued(last, phase_a).phase_a(), phase_a);
    EXPECT_EQ(Queued(0, phase_a).packet(), 0u);
    EXPECT_EQ(Queued(0, phase_a).phase_a(), phase_a);
  }
}

TEST(SfQueues, AListMovesItsEntriesInPlaceAndOnTheHeap) {
  using List = InlineList<PacketIndex, 6>;  // a router's arrivals
  const auto entries = [](const List& l) { return std::vector<PacketIndex>(l.begin(), l.end()); };
  List small;
  for (PacketIndex i = 0; i < 4; ++i) small.push_back(i);
  List big;
  for (PacketIndex i = 0; i < List::kInline + 2; ++i) big.push_back(100 + i);
  List from_small(std::move(small));
  List from_big(std::move(big));
  EXPECT_EQ(entries(from_small), (std::vector<PacketIndex>{0, 1, 2, 3}));
  EXPECT_EQ(entries(from_big), (std::vector<PacketIndex>{100, 101, 102, 103, 104, 105, 106, 107}));
  EXPECT_TRUE(small.empty());  // a moved-from list is empty,
  EXPECT_TRUE(big.empty());
  big.push_back(7);  // and usable, in place
  EXPECT_EQ(entries(big), (std::vector<PacketIndex>{7}));
}

/// The number /proc/self/smaps shows for `field` in the mapping that holds `address` (-1: none).
long smaps_field_at(const void* address, const std::string& field) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= at && at < end;
    } else if (inside && line.rfind(field + ":", 0) == 0) {
      return std::stol(line.substr(field.size() + 1));
    }
  }
  return -1;
}

TEST(SfArrays, ABlockOfAHugePageOrMoreStartsOnOneAndIsAdvised) {
  struct alignas(64) Record {
    char bytes[64];
  };
  HugePageVector<Record> small(8);  // below 2 MiB: operator new, aligned for the record
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(small.data()) % 64, 0u);
  HugePageVector<Record> large(3 * kHugePage / sizeof(Record));  // value-initialized: touched
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(large.data()) % kHugePage, 0u);
  EXPECT_EQ(large.back().bytes[63], 0);
  large.resize(large.size() * 2);  // a move to a new block
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(large.data()) % kHugePage, 0u);
  std::ifstream thp("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(thp, modes);
  if (modes.find("[never]") != std::string::npos || modes.empty()) {
    GTEST_SKIP() << "this kernel gives no transparent huge pages (" << modes << ")";
  }
  // Eligible: the block is advised (or the kernel uses huge pages everywhere). Whether the
  // kernel found free huge pages for it depends on the machine's fragmentation; it is shown.
  EXPECT_EQ(smaps_field_at(large.data(), "THPeligible"), 1) << "transparent huge pages: " << modes;
  std::cout << "huge pages in the block's mapping: "
            << smaps_field_at(large.data(), "AnonHugePages") << " kB\n";
}

}  // namespace
}  // namespace optinet::sf
