/// \file
/// The split&hash network: its structure (each h_j onto its block, uniform, buses of length
/// k + k*a_i), the SystemC run against a lockstep model of the Funnel Algorithm (slots,
/// collisions, rounds and successes per round exactly equal), and conservation.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "models/topology/split_hash.h"
#include "protocols/funnel/funnel_phases.h"
#include "protocols/ocpc/spread.h"
#include "testbenches/splithash/splithash_experiment.h"
#include "testbenches/traffic/h_relation.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {
namespace {

using splithash::SplitHashShape;
using splithash::SplitHashWiring;

SplitHashShape shape_of(std::uint32_t k, std::uint32_t depth, std::uint32_t a) {
  SplitHashShape s;
  s.k = k;
  s.depth = depth;
  s.a = a;
  return s;
}

TEST(SplitHashShape, FunctionsBlocksAndValidity) {
  const SplitHashShape s = shape_of(16, 3, 2);
  EXPECT_EQ(s.n(), 4096u);
  EXPECT_EQ(s.nodes(), 4u * 4096);
  EXPECT_EQ(s.functions(1), 6u);  // ceil(2*3/1)
  EXPECT_EQ(s.functions(2), 3u);  // ceil(6/2)
  EXPECT_EQ(s.block_size(1), 2u);
  EXPECT_EQ(s.block_size(2), 85u);  // floor(256/3)
  for (std::uint32_t i = 1; i < s.depth; ++i) {
    std::uint32_t in_blocks = 0;
    for (std::uint64_t l = 0; l < s.power(i); ++l) {
      const std::uint32_t j = s.block_of(i, l);
      if (j == s.functions(i)) continue;
      ++in_blocks;
      EXPECT_GE(l, s.block_start(i, j));
      EXPECT_LT(l, s.block_start(i, j) + s.block_size(i));
    }
    EXPECT_EQ(in_blocks, s.functions(i) * s.block_size(i));
  }
  EXPECT_EQ(s.invalid(), "");
  EXPECT_NE(shape_of(1, 2, 2).invalid(), "");
  EXPECT_NE(shape_of(4, 0, 2).invalid(), "");
  EXPECT_NE(shape_of(4, 2, 1).invalid(), "");
  EXPECT_NE(shape_of(4, 2, 3).invalid(), "");  // a_1 = 6 blocks in 4 bottom nodes
  EXPECT_EQ(shape_of(4, 2, 2).invalid(), "");  // a_1 = 4 blocks of one node
}

/// Every h_j maps each group's tops onto block j, uniformly, and the bus of bottom index l
/// holds exactly the tops hashed to l at the local indices top_local gives.
void check_wiring(const SplitHashShape& s, std::uint64_t seed) {
  const SplitHashWiring w(s, seed);
  for (std::uint32_t i = 1; i < s.depth; ++i) {
    const std::uint64_t top = s.power(i + 1);
    const bool even = top % s.block_size(i) == 0;
    for (std::uint64_t g = 0; g < s.n() / top; ++g) {
      for (std::uint32_t j = 0; j < s.functions(i); ++j) {
        std::map<std::uint64_t, std::uint32_t> preimage;
        for (std::uint64_t t = 0; t < top; ++t) {
          const std::uint64_t x = g * top + t;
          const std::uint64_t l = w.target(i, x, j);
          ASSERT_EQ(s.block_of(i, l), j);
          ++preimage[l];
          ASSERT_EQ(w.top_at(i, g, l, w.top_local(i, x, j)), x);
        }
        ASSERT_EQ(preimage.size(), s.block_size(i));
        for (const auto& [l, count] : preimage) {
          EXPECT_EQ(count, w.tops_on_bus(i, l));
          if (even) {
            EXPECT_EQ(count, top / s.block_size(i));
          }
        }
      }
    }
    if (s.power(i) % s.functions(i) == 0) {
      EXPECT_EQ(s.funnel_bus_length(i), s.k + std::uint64_t{s.k} * s.functions(i));
    }
  }
}

TEST(SplitHashWiring, EachFunctionMapsUniformlyOntoItsBlock) {
  check_wiring(shape_of(8, 2, 2), 1);  // a_1 = 4 divides 8: buses of length k + k a_1
  check_wiring(shape_of(8, 3, 2), 7);  // a_1 = 6, a_2 = 3: uneven blocks
  check_wiring(shape_of(9, 2, 3), 3);  // a_1 = 6 does not divide 9: 3 nodes in no block
}

TEST(SplitHashWiring, NetworkSeedChangesTheWiringAndFixesIt) {
  const SplitHashShape s = shape_of(8, 2, 2);
  const SplitHashWiring a(s, 1), b(s, 1), c(s, 2);
  int differ = 0;
  for (std::uint64_t x = 0; x < s.n(); ++x) {
    EXPECT_EQ(a.target(1, x, 0), b.target(1, x, 0));
    differ += a.target(1, x, 0) != c.target(1, x, 0);
  }
  EXPECT_GT(differ, 0);
}

/// The Funnel Algorithm in lockstep, as section 3 gives it with the readings of funnel.h:
/// per batch and level, rounds of a_i steps plus one slot for the wired-OR line.
struct Lockstep {
  std::uint64_t slots = 0;
  std::uint64_t collisions = 0;
  std::uint64_t stuck = 0;                         // given up at the round limit
  std::vector<std::vector<std::uint32_t>> rounds;  // per level from d-1 down to 0
  std::vector<std::vector<std::uint64_t>> successes;
};

Lockstep lockstep(const SplitHashWiring& w, const std::vector<Packet>& packets,
                  std::uint32_t batches, std::uint32_t round_limit) {
  const SplitHashShape& s = w.shape();
  Lockstep out;
  out.rounds.resize(s.depth);
  out.successes.resize(s.depth);
  for (std::uint32_t b = 0; b < batches; ++b) {
    std::map<std::uint64_t, Packet> at;  // node index in the current level -> packet
    for (const Packet& p : packets) {
      if (p.destination % batches == b) at[p.source] = p;
    }
    for (std::uint32_t i = s.depth; i-- > 0;) {
      const std::uint32_t functions = i == 0 ? 1 : s.functions(i);
      std::map<std::uint64_t, Packet> below;
      std::uint32_t round = 0;
      auto& hist = out.successes[s.depth - 1 - i];
      while (true) {
        ++round;
        for (std::uint32_t j = 0; j < functions; ++j) {
          std::map<std::uint64_t, std::vector<std::uint64_t>> aimed;  // bottom -> senders
          for (const auto& [x, p] : at) {
            std::uint64_t y = p.destination;
            if (i > 0) {
              const std::uint64_t group_first = x / s.power(i + 1) * s.power(i + 1);
              y = group_first + p.destination / s.power(i) % s.k * s.power(i) + w.target(i, x, j);
            }
            aimed[y].push_back(x);
          }
          for (const auto& [y, senders] : aimed) {
            if (senders.size() > 1) {
              ++out.collisions;
              continue;
            }
            if (i > 0 && below.count(y) > 0) continue;  // a full node stays silent
            below[y] = at[senders[0]];
            at.erase(senders[0]);
            if (hist.size() < round) hist.resize(round, 0);
            ++hist[round - 1];
          }
          out.slots += 2;
        }
        out.slots += 1;
        if (at.empty() || round == round_limit) break;
      }
      out.rounds[s.depth - 1 - i].push_back(round);
      out.stuck += at.size();
      at = below;
    }
  }
  return out;
}

void expect_same_as_lockstep(const SplitHashShape& shape, std::uint64_t network_seed,
                             std::uint32_t batches, std::uint64_t seed) {
  splithash::SplitHashExperimentConfig c;
  c.shape = shape;
  c.network_seed = network_seed;
  c.settings.batches = batches;
  splithash::SplitHashExperiment e(c);
  Rng rng = traffic_rng(seed);
  const std::vector<Packet> packets = packets_of(
      make_relation(RelationKind::kPermutation, static_cast<std::uint32_t>(shape.n()), 1, rng),
      seed);
  const Lockstep ref = lockstep(e.wiring(), packets, batches, c.settings.round_limit);
  const splithash::SplitHashRunResult r = e.run(seed, packets);
  ASSERT_FALSE(r.hit_limit);
  EXPECT_EQ(r.stuck, ref.stuck);
  EXPECT_EQ(r.delivered, shape.n() - ref.stuck);
  EXPECT_EQ(r.slots, ref.slots);
  EXPECT_EQ(r.collisions, ref.collisions);
  ASSERT_EQ(r.levels.size(), shape.depth);
  for (std::uint32_t l = 0; l < shape.depth; ++l) {
    EXPECT_EQ(r.levels[l].rounds, ref.rounds[l]) << "level " << r.levels[l].level;
    if (r.levels[l].level > 0) {
      EXPECT_EQ(r.levels[l].successes_by_round, ref.successes[l]) << "level " << r.levels[l].level;
    }
  }
}

// One experiment per test: SystemC elaborates once per process.
TEST(SplitHashFunnel, MatchesTheLockstepModelDepth2) {
  expect_same_as_lockstep(shape_of(8, 2, 2), 1, 9, 1);
}

TEST(SplitHashFunnel, MatchesTheLockstepModelDepth2FewBatches) {
  expect_same_as_lockstep(shape_of(16, 2, 2), 3, 3, 2);  // few batches: several rounds
}

TEST(SplitHashFunnel, MatchesTheLockstepModelDepth3) {
  expect_same_as_lockstep(shape_of(8, 3, 2), 5, 13, 4);
}

TEST(SplitHashFunnel, MatchesTheLockstepModelDepth3UnevenBlocksWithStuckPackets) {
  // Level 1 has 6 blocks of 2 nodes: some packets are stuck, in both models alike.
  expect_same_as_lockstep(shape_of(12, 3, 2), 2, 4, 7);
}

TEST(SplitHashFunnel, EveryPacketIsDeliveredOnceOrReportedStuck) {
  // k = 32, a = 2: blocks of 8 nodes for 4 functions, so two packets of one child funnel
  // collide under every function with probability 8^-4 per pair: some runs have stuck packets.
  splithash::SplitHashExperimentConfig c;
  c.shape = shape_of(32, 2, 2);
  c.settings.batches = 9;
  c.settings.round_limit = 16;
  splithash::SplitHashExperiment e(c);
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const splithash::SplitHashRunResult r = e.run(seed);
    EXPECT_FALSE(r.hit_limit);
    EXPECT_EQ(r.delivered + r.stuck, r.packets) << "seed " << seed;
    EXPECT_EQ(r.ok(), r.stuck == 0) << "seed " << seed;
    // The only errors: the stuck packets, counted by the scoreboard as not delivered.
    EXPECT_EQ(r.errors.size(), r.stuck == 0 ? 0u : 2u) << "seed " << seed;
  }
}

TEST(SplitHashRandomFunction, EveryPacketIsDeliveredOnceOrReportedStuck) {
  splithash::SplitHashExperimentConfig c;
  c.shape = shape_of(16, 2, 3);
  c.settings.batches = 13;
  c.protocol = "random-function";
  c.random_function = true;
  splithash::SplitHashExperiment e(c);
  std::uint32_t highest_load = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const splithash::SplitHashRunResult r = e.run(seed);
    EXPECT_FALSE(r.hit_limit);
    EXPECT_EQ(r.delivered + r.stuck, r.packets) << "seed " << seed;
    EXPECT_EQ(r.ok(), r.stuck == 0) << "seed " << seed;
    highest_load = std::max(highest_load, r.max_sink_load);
  }
  EXPECT_GT(highest_load, 1u);  // a random function, not a permutation
}

TEST(SplitHashFunnel, AStuckPacketEndsItsLevelAtTheRoundLimitAndFailsTheRun) {
  // k = 16, d = 3, a = 2: level 1 has blocks of 2 nodes for 6 functions, so some pairs of
  // packets collide under every function; with one batch many do.
  splithash::SplitHashExperimentConfig c;
  c.shape = shape_of(16, 3, 2);
  c.settings.batches = 1;
  c.settings.round_limit = 5;
  splithash::SplitHashExperiment e(c);
  const splithash::SplitHashRunResult r = e.run(1);
  EXPECT_FALSE(r.hit_limit);
  EXPECT_GT(r.stuck, 0u);
  EXPECT_EQ(r.delivered + r.stuck, r.packets);
  EXPECT_FALSE(r.ok());
}

TEST(SplitHashThinning, ScheduleFollowsTheModifiedThinningPhase) {
  splithash::ThinningParams params;  // c = 1, T = 2
  const funnel::ThinningSchedule eight = funnel::thinning_schedule(8, params);
  // t_g = ceil(h/2^g + log2 h): 4 + 3, 2 + 3, 1 + 3; I = 16, so s = ceil(16 / 8) = 2 groups.
  EXPECT_EQ(eight.iterations, (std::vector<std::uint32_t>{7, 5, 4}));
  EXPECT_EQ(eight.groups, 2u);
  EXPECT_EQ(eight.load(1), 8u);
  EXPECT_EQ(eight.load(2), 4u);
  EXPECT_EQ(eight.load(3), 2u);
  EXPECT_EQ(eight.group_size(shape_of(16, 3, 2), 2), 1u);  // a_2 = 3 functions, 2 groups
  EXPECT_EQ(eight.group_size(shape_of(16, 3, 2), 1), 3u);  // a_1 = 6
  // h = 1: log h = 0 phases, every packet is left to the random-function algorithm.
  EXPECT_TRUE(funnel::thinning_schedule(1, params).iterations.empty());
  EXPECT_EQ(funnel::thinning_schedule(1, params).groups, 1u);
  // h = 5: ceil(log2 5) = 3 phases, loads 5, 3, 2.
  const funnel::ThinningSchedule five = funnel::thinning_schedule(5, params);
  EXPECT_EQ(five.phases(), 3u);
  EXPECT_EQ(five.load(2), 3u);
  EXPECT_EQ(five.load(3), 2u);
  // More iterations (c = 4) need more groups than a_1 = 4 has functions.
  params.c = 4;
  EXPECT_EQ(funnel::thinning_schedule(8, params).groups, 8u);
  EXPECT_NE(funnel::thinning_unavailable(shape_of(16, 2, 2), funnel::thinning_schedule(8, params)),
            "");
  EXPECT_EQ(funnel::thinning_unavailable(shape_of(16, 2, 2), eight), "");
}

TEST(SplitHashThinning, ANodeWithMoreThanHOver2ToTheGBecomesInactive) {
  // After phase g a node stays active iff it holds at most h / 2^g packets.
  EXPECT_TRUE(funnel::stays_active(4, 8, 1));
  EXPECT_FALSE(funnel::stays_active(5, 8, 1));
  EXPECT_TRUE(funnel::stays_active(2, 8, 2));
  EXPECT_FALSE(funnel::stays_active(3, 8, 2));
  EXPECT_TRUE(funnel::stays_active(1, 8, 3));
  EXPECT_FALSE(funnel::stays_active(2, 8, 3));
  EXPECT_TRUE(funnel::stays_active(0, 8, 3));
  EXPECT_TRUE(funnel::stays_active(2, 5, 1));  // 5/2 = 2.5
  EXPECT_FALSE(funnel::stays_active(3, 5, 1));
}

TEST(SplitHashRedistribution, RanksGoRoundTheSetInTwoWindows) {
  const ocpc::RankPlace a = ocpc::place_of(3, 10);
  EXPECT_EQ(a.member, 3u);
  EXPECT_EQ(a.window, 0u);
  const ocpc::RankPlace b = ocpc::place_of(13, 10);
  EXPECT_EQ(b.member, 3u);
  EXPECT_EQ(b.window, 1u);
  EXPECT_EQ(ocpc::place_of(20, 10).window, 2u);  // stays where it is
}

/// Runs `protocol` h-relation traffic for seeds 1..runs and checks conservation: every packet
/// delivered once, intact, to its destination (the scoreboard), nothing stuck, no slot limit.
std::vector<std::uint64_t> h_relation_runs(const SplitHashShape& shape, std::uint32_t h,
                                           std::uint64_t runs,
                                           splithash::ThinningParams thinning = {},
                                           std::uint32_t round_limit = 64) {
  splithash::SplitHashExperimentConfig c;
  c.shape = shape;
  c.protocol = "h-relation";
  c.traffic = RelationKind::kRandom;
  c.h = h;
  c.settings.h = h;
  c.settings.batches = 2 * shape.functions(1) + 1;
  c.settings.thinning = thinning;
  c.settings.round_limit = round_limit;
  c.max_slots = 2000000;
  splithash::SplitHashExperiment e(c);
  std::vector<std::uint64_t> steps;
  for (std::uint64_t seed = 1; seed <= runs; ++seed) {
    const splithash::SplitHashRunResult r = e.run(seed);
    EXPECT_FALSE(r.hit_limit) << "seed " << seed;
    EXPECT_EQ(r.packets, shape.n() * h) << "seed " << seed;
    EXPECT_EQ(r.delivered, r.packets) << "seed " << seed;
    EXPECT_EQ(r.stuck, 0u) << "seed " << seed;
    EXPECT_TRUE(r.errors.empty()) << "seed " << seed << ": " << r.errors.front();
    // h = 1 has no thinning phase: every packet is left to the remainder; depth 1 has no
    // funnels, so none is.
    if (shape.depth == 1) {
      EXPECT_EQ(r.remainder, 0u);
    } else if (h == 1) {
      EXPECT_EQ(r.remainder, r.packets);
    } else {
      EXPECT_LT(r.remainder, r.packets);
    }
    steps.push_back(r.steps);
  }
  return steps;
}

TEST(SplitHashHRelation, ConservationDepth2H3) {
  // h not a power of two: phases with loads 3, 2 (h = 4 with a = 3 is ExactStepsOnTwoFixedSeeds).
  h_relation_runs(shape_of(16, 2, 2), 3, 2);
}

TEST(SplitHashHRelation, ConservationDepth2H8TwoFunctionGroups) {
  h_relation_runs(shape_of(16, 2, 2), 8, 2);
}

TEST(SplitHashHRelation, ConservationDepth3H2) {
  // Blocks of one node at level 1 (b_1 = floor(8 / 6)): packets that share a child funnel in a
  // random batch of the remainder always collide there; a short round limit sends them back
  // to the next application sooner.
  h_relation_runs(shape_of(8, 3, 2), 2, 1, {}, 8);
}

TEST(SplitHashHRelation, ConservationH1IsAllRemainder) {
  h_relation_runs(shape_of(16, 2, 3), 1, 2);
}

TEST(SplitHashHRelation, ConservationDepth1IsGjlrAlone) {
  h_relation_runs(shape_of(16, 1, 2), 3, 2);
}

TEST(SplitHashHRelation, ConservationWithAShortThinningPhaseAndRedistribution) {
  // c = 0.2: one or two iterations a phase, so sources keep up to h packets and the
  // remainder is redistributed (c_max = 7 and 6 in the two applications of seed 1; more
  // than 2S packets in some sets, so a second application is needed) before the
  // random-function algorithm.
  splithash::ThinningParams short_phase;
  short_phase.c = 0.2;
  short_phase.rounds = 1;
  h_relation_runs(shape_of(16, 2, 2), 8, 2, short_phase);
}

/// h = 1 at N = 256 (k = 16, a = 3, round limit 8): every packet is remainder, and one
/// application of the random-function algorithm leaves some behind (seed 1 needs two).
splithash::SplitHashRunResult all_remainder_run(std::uint32_t applications) {
  splithash::SplitHashExperimentConfig c;
  c.shape = shape_of(16, 2, 3);
  c.protocol = "h-relation";
  c.traffic = RelationKind::kRandom;
  c.settings.batches = 2 * c.shape.functions(1) + 1;
  c.settings.round_limit = 8;
  c.settings.applications = applications;
  c.max_slots = 2000000;
  splithash::SplitHashExperiment e(c);
  return e.run(1);
}

TEST(SplitHashHRelation, ALevelsRemainderTakesAsManyApplicationsAsItNeeds) {
  const splithash::SplitHashRunResult r = all_remainder_run(8);
  EXPECT_EQ(r.remainder_applications, 2u);
  EXPECT_EQ(r.stuck, 0u);
  EXPECT_EQ(r.delivered, r.packets);
}

TEST(SplitHashHRelation, WhatTheLastApplicationLeavesIsStuck) {
  const splithash::SplitHashRunResult r = all_remainder_run(1);
  EXPECT_EQ(r.remainder_applications, 1u);
  EXPECT_GT(r.stuck, 0u);
  EXPECT_EQ(r.delivered + r.stuck, r.packets);
}

TEST(SplitHashHRelation, ExactStepsOnTwoFixedSeeds) {
  // Fixed network and seeds: any change in the protocol's behaviour changes these counts.
  EXPECT_EQ(h_relation_runs(shape_of(16, 2, 3), 4, 2), (std::vector<std::uint64_t>{1109, 1118}));
}

}  // namespace
}  // namespace optinet
