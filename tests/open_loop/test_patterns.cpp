/// \file
/// The patterns beyond the first five (testbenches/open_loop/injection.h, destination_table.h):
/// tornado, shuffle, bit-complement and randperm against their definitions (BookSim's), the
/// traffic matrix file's reader and its refusals, the draws of a matrix row against its
/// shares, the host's destinations, and the routing and hardware bounds on hand-counted cases.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "models/topology/grid.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/open_loop/capacity.h"
#include "testbenches/open_loop/hardware_bound.h"
#include "testbenches/open_loop/injection.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/pops/pops_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;

constexpr double kTolerance = 1e-6;

std::vector<NodeId> destinations(std::uint32_t n, NodeId (*rule)(NodeId, std::uint32_t)) {
  std::vector<NodeId> d(n);
  for (NodeId s = 0; s < n; ++s) d[s] = rule(s, n);
  return d;
}

bool is_permutation_of(const std::vector<NodeId>& d) {
  std::vector<NodeId> sorted = d;
  std::sort(sorted.begin(), sorted.end());
  for (NodeId i = 0; i < sorted.size(); ++i) {
    if (sorted[i] != i) return false;
  }
  return true;
}

OpenLoopConfig rule(DestinationRule r) {
  OpenLoopConfig o;
  o.rule = r;
  return o;
}

// ---- definitions -----------------------------------------------------------------------------

TEST(Patterns, TornadoGoesHalfWayRoundLessOne) {
  // BookSim: digit + ceil(k/2) - 1 mod k, here one digit of radix n.
  EXPECT_EQ(destinations(8, tornado_destination), (std::vector<NodeId>{3, 4, 5, 6, 7, 0, 1, 2}));
  EXPECT_EQ(destinations(5, tornado_destination), (std::vector<NodeId>{2, 3, 4, 0, 1}));
  EXPECT_EQ(destinations(3, tornado_destination), (std::vector<NodeId>{1, 2, 0}));
  for (const std::uint32_t n : {3u, 4u, 7u, 16u, 25u, 1000u}) {
    const std::vector<NodeId> d = destinations(n, tornado_destination);
    EXPECT_TRUE(is_permutation_of(d)) << n;
    for (NodeId s = 0; s < n; ++s) {
      EXPECT_EQ((d[s] + n - s) % n, (n + 1) / 2 - 1) << "n = " << n << " source " << s;
    }
  }
}

TEST(Patterns, ShuffleRotatesTheIndexLeft) {
  EXPECT_EQ(destinations(8, shuffle_destination), (std::vector<NodeId>{0, 2, 4, 6, 1, 3, 5, 7}));
  for (const std::uint32_t n : {2u, 4u, 64u, 1024u}) {
    const std::vector<NodeId> d = destinations(n, shuffle_destination);
    EXPECT_TRUE(is_permutation_of(d)) << n;
    // b shuffles of b-bit indices are the identity; fewer are not for some index.
    const auto bits = static_cast<unsigned>(std::log2(n));
    for (NodeId s = 0; s < n; ++s) {
      NodeId x = s;
      for (unsigned k = 0; k < bits; ++k) x = shuffle_destination(x, n);
      EXPECT_EQ(x, s);
    }
    EXPECT_EQ(d[0], 0u);
    EXPECT_EQ(d[n - 1], n - 1);
  }
}

TEST(Patterns, BitComplementInvertsEveryBit) {
  EXPECT_EQ(destinations(8, bit_complement_destination),
            (std::vector<NodeId>{7, 6, 5, 4, 3, 2, 1, 0}));
  for (const std::uint32_t n : {2u, 16u, 4096u}) {
    const std::vector<NodeId> d = destinations(n, bit_complement_destination);
    EXPECT_TRUE(is_permutation_of(d));
    for (NodeId s = 0; s < n; ++s) {
      EXPECT_NE(d[s], s);
      EXPECT_EQ(d[s] ^ s, n - 1);
    }
  }
}

TEST(Patterns, SayWhenUnavailable) {
  EXPECT_EQ(tornado_unavailable(2), "tornado needs at least 3 nodes (n = 2)");
  EXPECT_TRUE(tornado_unavailable(3).empty());
  EXPECT_EQ(bit_complement_unavailable(12),
            "bit-complement needs n a power of two, at least 2 (n = 12)");
  EXPECT_FALSE(bit_complement_unavailable(1).empty());
  EXPECT_FALSE(shuffle_unavailable(24).empty());
  EXPECT_TRUE(shuffle_unavailable(32).empty());
  EXPECT_EQ(open_loop_unavailable(rule(DestinationRule::kBitComplement), 24, 100000),
            "--pattern: bit-complement needs n a power of two, at least 2 (n = 24)");
  EXPECT_FALSE(open_loop_unavailable(rule(DestinationRule::kRandomPermutation), 1, 100000).empty());
}

TEST(Patterns, NamesParseAndPrint) {
  for (const char* name : {"tornado", "shuffle", "bit-complement", "randperm"}) {
    EXPECT_EQ(destination_rule_name(destination_rule(name)), name);
  }
  EXPECT_EQ(destination_rule("matrix:some/file.txt"), DestinationRule::kMatrix);
  EXPECT_THROW(destination_rule("matrix"), UsageError);
  EXPECT_THROW(destination_rule("matrix:"), UsageError);
  EXPECT_NE(destination_rule_names().find("randperm, matrix:FILE"), std::string::npos);
}

TEST(Patterns, RandpermIsAPermutationFixedBySeed) {
  const Permutation a = random_pattern_permutation(64, 3);
  EXPECT_TRUE(is_permutation_of(a));
  EXPECT_EQ(a, random_pattern_permutation(64, 3));
  EXPECT_NE(a, random_pattern_permutation(64, 4));
  // The host's table: one destination per source but the fixed points, drawing nothing.
  OpenLoopConfig o = rule(DestinationRule::kRandomPermutation);
  o.permutation_seed = 3;
  const DestinationTable t = destination_table(o, 64);
  Rng rng{9};
  const Rng before = rng;
  for (NodeId s = 0; s < 64; ++s) {
    EXPECT_EQ(t.sends(s), a[s] != s);
    EXPECT_EQ(t.pick(s, rng), a[s]);
  }
  Rng copy = before;
  EXPECT_EQ(rng.next(), copy.next());  // no draw was taken
}

TEST(Patterns, RandpermIsUniformOverPermutations) {
  // Over seeds, every source sends to every node equally often: 3 nodes, 6 permutations.
  constexpr int kSeeds = 6000;
  std::vector<int> count(9, 0);
  for (int seed = 0; seed < kSeeds; ++seed) {
    const Permutation p = random_pattern_permutation(3, static_cast<std::uint64_t>(seed));
    for (NodeId s = 0; s < 3; ++s) ++count[s * 3 + p[s]];
  }
  for (const int c : count) EXPECT_NEAR(c, kSeeds / 3.0, 6 * std::sqrt(kSeeds * 2.0 / 9.0));
}

// ---- the matrix file ---------------------------------------------------------------------------

TEST(MatrixFile, ReadsEntriesCommentsAndBlankLines) {
  const MatrixFile m = parse_matrix_text(
      "# traffic of 4 nodes\n\n0 1 3\n0 2 1.5  # a comment\n  3 0 2e-1\n2 1 0\n", "m.txt");
  ASSERT_EQ(m.entries.size(), 4u);
  EXPECT_EQ(m.entries[1].line, 4u);
  EXPECT_EQ(m.entries[2].source, 3u);
  EXPECT_DOUBLE_EQ(m.entries[2].weight, 0.2);
  EXPECT_EQ(m.largest_node, 3u);
  EXPECT_TRUE(matrix_unavailable(m, 4).empty());
  EXPECT_EQ(matrix_unavailable(m, 3),
            "matrix file 'm.txt' line 5: node 3 is not in 0..2 (the network has 3 nodes)");
  const DestinationTable t = DestinationTable::of_matrix(m, 4);
  EXPECT_TRUE(t.sends(0));
  EXPECT_FALSE(t.sends(1));
  EXPECT_FALSE(t.sends(2));  // a zero weight only
  ASSERT_EQ(t.end(0) - t.begin(0), 2);
  EXPECT_DOUBLE_EQ(t.begin(0)[0].share, 2.0 / 3);
  EXPECT_DOUBLE_EQ(t.begin(0)[1].share, 1.0 / 3);
}

std::string refusal(const std::string& text) {
  try {
    parse_matrix_text(text, "bad.txt");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(MatrixFile, RefusesABadLineNamingIt) {
  const std::string accepted = " (accepted: SOURCE DESTINATION WEIGHT, nodes 0..n-1, weight >= 0)";
  EXPECT_EQ(refusal("0 1 1\n1 2\n"),
            "--pattern: matrix file 'bad.txt' line 2: has 2 fields, expected 3" + accepted);
  EXPECT_EQ(refusal("0 1 1 1\n"),
            "--pattern: matrix file 'bad.txt' line 1: has more than 3 fields" + accepted);
  EXPECT_EQ(refusal("#\n-1 2 1\n"),
            "--pattern: matrix file 'bad.txt' line 2: source '-1' is not "
            "a node number" +
                accepted);
  EXPECT_EQ(refusal("0 x 1\n"),
            "--pattern: matrix file 'bad.txt' line 1: destination 'x' is not "
            "a node number" +
                accepted);
  EXPECT_EQ(refusal("0 1 -2\n"),
            "--pattern: matrix file 'bad.txt' line 1: weight '-2' is not a "
            "finite number >= 0" +
                accepted);
  EXPECT_NE(refusal("0 1 nan\n"), "");
  EXPECT_EQ(refusal("4 4 1\n"),
            "--pattern: matrix file 'bad.txt' line 1: node 4 sends to itself" + accepted);
  EXPECT_EQ(
      refusal("0 1 1\n1 0 1\n\n0 1 2\n"),
      "--pattern: matrix file 'bad.txt' line 4: pair 0 -> 1 is already given at line 1" + accepted);
  EXPECT_EQ(matrix_unavailable(parse_matrix_text("0 1 0\n", "z"), 4),
            "matrix file 'z' has no entry with a positive weight: nothing would be sent");
  EXPECT_FALSE(matrix_unavailable(parse_matrix_text("", "empty"), 4).empty());
}

TEST(MatrixFile, ReadsWithABound) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::filesystem::path huge = dir / ("optinet_matrix_huge_" + std::to_string(::getpid()));
  { std::ofstream(huge) << "0 1 1\n"; }
  std::filesystem::resize_file(huge, std::uintmax_t{10} << 30);  // 10 GB, sparse
  try {
    read_matrix_file(huge.string());
    ADD_FAILURE() << "a 10 GB matrix file was read";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--pattern"), std::string::npos) << e.what();
  }
  std::filesystem::remove(huge);
  EXPECT_THROW(read_matrix_file((dir / "optinet_no_such_matrix").string()), UsageError);
}

TEST(MatrixFile, RowDrawsFollowTheShares) {
  // Source 0: weights 1, 2, 5 to nodes 1, 2, 3; chi-square at p = 1e-6 with 2 degrees of
  // freedom is 27.6.
  const DestinationTable t =
      DestinationTable::of_matrix(parse_matrix_text("0 3 5\n0 1 1\n0 2 2\n", "m"), 4);
  constexpr int kDraws = 80000;
  std::vector<int> count(4, 0);
  Rng rng{17};
  for (int k = 0; k < kDraws; ++k) ++count[t.pick(0, rng)];
  EXPECT_EQ(count[0], 0);
  const double expected[] = {0, kDraws / 8.0, kDraws * 2 / 8.0, kDraws * 5 / 8.0};
  double chi2 = 0;
  for (int d = 1; d < 4; ++d) chi2 += std::pow(count[d] - expected[d], 2) / expected[d];
  EXPECT_LT(chi2, 27.6);
  // A wrong generator (equal shares) is rejected by the same check.
  double wrong = 0;
  for (int d = 1; d < 4; ++d) wrong += std::pow(kDraws / 3.0 - expected[d], 2) / expected[d];
  EXPECT_GT(wrong, 27.6);
}

// ---- the host's destinations -----------------------------------------------------------------

TEST(Patterns, HostSendsEachPacketByThePattern) {
  // 8 nodes under every new pattern, 2,000 slots of packets taken from the host: no packet
  // goes where the pattern sends nothing, and every node the pattern has send does send.
  for (const DestinationRule r :
       {DestinationRule::kTornado, DestinationRule::kShuffle, DestinationRule::kBitComplement,
        DestinationRule::kRandomPermutation, DestinationRule::kMatrix}) {
    OpenLoopConfig o = rule(r);
    o.rate = 0.05;
    o.steady.warmup = 100;
    o.steady.measure = 2000;
    o.permutation_seed = 21;
    o.matrix = test::mixed_matrix(8);
    ASSERT_EQ(open_loop_unavailable(o, 8, 20000), "") << destination_rule_name(r);
    OpenLoopHost host(o, 8, 20000);
    host.arm(21, nullptr);
    const DestinationTable table = destination_table(o, 8);
    std::vector<Packet> out;
    for (NodeId s = 0; s < 8; ++s) host.take_created(s, 1999, 1000, out);
    ASSERT_GT(out.size(), 100u);
    std::vector<std::vector<int>> pairs(8, std::vector<int>(8, 0));
    for (const Packet& p : out) ++pairs[p.source][p.destination];
    for (NodeId s = 0; s < 8; ++s) {
      int sent = 0;
      for (NodeId d = 0; d < 8; ++d) {
        sent += pairs[s][d];
        double share = 0;
        switch (r) {
          case DestinationRule::kTornado:
            share = d == (s + 3) % 8 ? 1 : 0;
            break;
          case DestinationRule::kShuffle:
            share = d == (((s << 1) | (s >> 2)) & 7) && d != s ? 1 : 0;
            break;
          case DestinationRule::kBitComplement:
            share = d == 7 - s ? 1 : 0;
            break;
          default:
            for (const auto* x = table.begin(s); x != table.end(s); ++x) {
              if (x->destination == d) share = x->share;
            }
        }
        if (share == 0) {
          EXPECT_EQ(pairs[s][d], 0) << destination_rule_name(r) << " " << s << "->" << d;
        }
      }
      const bool sends =
          table_rule(r) ? table.sends(s) : !(r == DestinationRule::kShuffle && (s == 0 || s == 7));
      EXPECT_EQ(sent > 0, sends) << destination_rule_name(r) << " source " << s;
    }
  }
}

// ---- bounds on hand-counted cases --------------------------------------------------------------

TEST(PatternBounds, PopsFourByTwo) {
  // POPS(4,2): groups {0..3} and {4..7}; coupler c(b,a) carries group a's packets for group b.
  const pops::PopsShape s{4, 2};
  // Tornado (offset 3): 1, 2, 3 -> 4, 5, 6 and 5, 6, 7 -> 0, 1, 2 cross; c(1,0) and c(0,1) carry
  // 3 per unit rate, every other resource at most 1: 1/3, relays or not (the only coupler from
  // one group to the other).
  EXPECT_NEAR(pops_capacity(s, rule(DestinationRule::kTornado)).rate, 1.0 / 3, 1e-12);
  EXPECT_NEAR(pops_hardware_bound(s, rule(DestinationRule::kTornado)).value, 1.0 / 3, kTolerance);
  // Bit-complement: every node sends to the other group: 4 per coupler between them, 1/4.
  EXPECT_NEAR(pops_capacity(s, rule(DestinationRule::kBitComplement)).rate, 0.25, 1e-12);
  EXPECT_NEAR(pops_hardware_bound(s, rule(DestinationRule::kBitComplement)).value, 0.25,
              kTolerance);
  // Shuffle: 0 and 7 stay; 2 -> 4, 3 -> 6 and 4 -> 1, 5 -> 3 cross: 2 per coupler, 1/2.
  EXPECT_NEAR(pops_capacity(s, rule(DestinationRule::kShuffle)).rate, 0.5, 1e-12);
  EXPECT_NEAR(pops_hardware_bound(s, rule(DestinationRule::kShuffle)).value, 0.5, kTolerance);
}

TEST(PatternBounds, PopsTwoByTwoMatrix) {
  // POPS(2,2): node 0 sends half to 2 and half to 3, node 1 all to 2: c(1,0) carries 2 per
  // unit rate (receiver 2 only 1.5), the only way from group 0 to group 1: 1/2 both bounds.
  OpenLoopConfig o = rule(DestinationRule::kMatrix);
  o.matrix = std::make_shared<const MatrixFile>(parse_matrix_text("0 2 1\n0 3 1\n1 2 7\n", "m"));
  const pops::PopsShape s{2, 2};
  const CapacityBound routing = pops_capacity(s, o);
  EXPECT_NEAR(routing.rate, 0.5, 1e-12);
  EXPECT_EQ(routing.bottleneck, "coupler c(1,0)");
  EXPECT_NEAR(pops_hardware_bound(s, o).value, 0.5, kTolerance);
}

TEST(PatternBounds, LineOfFourBitComplement) {
  // The line 0-1-2-3: 0 -> 3, 1 -> 2 (and back): link 1->2 carries 2 per unit rate, the others
  // at most 1: 1/2 by dimension order, and no other route exists.
  const sf::GridGraph line(4, 1);
  const OpenLoopConfig o = rule(DestinationRule::kBitComplement);
  EXPECT_NEAR(sf_routing_capacity(line, {0}, o).rate, 0.5, 1e-12);
  EXPECT_NEAR(sf_hardware_bound(line, o).value, 0.5, kTolerance);
}

}  // namespace
