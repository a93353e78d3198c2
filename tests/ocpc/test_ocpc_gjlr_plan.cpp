// The pure pieces of gjlr (Goldberg, Jerrum, Leighton & Rao): sizes, phase lengths, and each
// procedure's collision behaviour simulated in lockstep from the same decision functions the
// protocol uses (no SystemC).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <vector>

#include "protocols/ocpc/gjlr_plan.h"
#include "protocols/ocpc/prefix.h"

namespace optinet::ocpc::gjlr {
namespace {

TEST(GjlrPlan, SizesAtTheModelsScale) {
  const Constants c;
  EXPECT_EQ(log_log(1u << 16), 4u);
  EXPECT_EQ(log_log(64), 3u);
  EXPECT_EQ(log_log_log(1u << 16), 2u);
  EXPECT_EQ(pow2_ceil(36), 64u);
  EXPECT_EQ(target_group_size(1u << 16, c), 256u);  // 16^2
  EXPECT_EQ(target_group_size(1u << 12, c), 256u);  // 12^2 = 144 -> 256
  EXPECT_EQ(target_group_size(64, c), 64u);         // 36 -> 64 = p: one group
  EXPECT_EQ(sub_group_size(256), 8u);
  EXPECT_EQ(sub_group_size(64), 8u);
}

TEST(GjlrPlan, GroupingGivesTheRemainderToTheLastGroup) {
  const Grouping g{100, 32};
  EXPECT_EQ(g.count(), 3u);
  EXPECT_EQ(g.size_of(0), 32u);
  EXPECT_EQ(g.size_of(2), 36u);
  EXPECT_EQ(g.max_size(), 36u);
  EXPECT_EQ(g.group_of(99), 2u);
  EXPECT_EQ(g.group_of(64), 2u);
  EXPECT_EQ(g.group_of(63), 1u);
  const Grouping one{20, 32};
  EXPECT_EQ(one.count(), 1u);
  EXPECT_EQ(one.size_of(0), 20u);
}

TEST(GjlrPlan, UniverseSlicesCompose) {
  const NodeGroup column{5, 16, 16};  // column 5 of a 16 x 16 MOB
  const NodeGroup group = slice(column, 8, 4);
  EXPECT_EQ(group.node(0), 5u + 8 * 16);
  EXPECT_EQ(rank_in(group, 5 + 9 * 16), std::optional<std::uint32_t>(1));
  EXPECT_FALSE(rank_in(group, 5 + 12 * 16));
  EXPECT_FALSE(rank_in(group, 6 + 9 * 16));
}

TEST(GjlrPlan, ThinningPhasesHalveTheLoad) {
  const Constants c;
  EXPECT_EQ(thinning_phases(1), 1u);
  EXPECT_EQ(thinning_phases(8), 4u);
  EXPECT_EQ(thinning_phases(6), 4u);
  EXPECT_EQ(thinning_load(8, 0), 8u);
  EXPECT_EQ(thinning_load(8, 3), 1u);
  EXPECT_EQ(thinning_load(6, 1), 3u);
  // t_i = c3 (load + ceil log h + log log log n): 2 * (8 + 3 + 2) at n = 2^16.
  EXPECT_EQ(thinning_phase_steps(8, 0, 1u << 16, c), 26u);
  EXPECT_EQ(thinning_phase_steps(8, 3, 1u << 16, c), 12u);
  Rng rng(1);
  std::vector<int> hits(4, 0);
  int none = 0;
  for (int t = 0; t < 8000; ++t) {
    const auto j = thinning_choice(8, 4, rng);
    if (j) {
      ASSERT_LT(*j, 4u);
      ++hits[*j];
    } else {
      ++none;
    }
  }
  EXPECT_NEAR(none, 4000, 200);  // j uniform in [0, 8), only 4 messages left
  for (int v : hits) EXPECT_NEAR(v, 1000, 120);
}

TEST(GjlrPlan, CompactionSlicesPartitionTheReceivers) {
  for (std::uint32_t receivers : {1u, 7u, 64u, 1000u}) {
    for (std::uint32_t steps : {1u, 3u, 8u}) {
      std::uint32_t next = 0;
      for (std::uint32_t s = 0; s < steps; ++s) {
        const Slice sl = compaction_slice(receivers, steps, s);
        EXPECT_EQ(sl.first, next);
        next += sl.count;
      }
      EXPECT_EQ(next, receivers);
    }
  }
}

/// Lockstep simulation of approximate compaction: `senders` active senders, `receivers`
/// receivers cut into `steps` slices; a receiver gets a message only if exactly one sender
/// picked it. Returns the number left undelivered; checks each receiver gets at most one.
std::uint32_t simulate_compaction(std::uint32_t senders, std::uint32_t receivers,
                                  std::uint32_t steps, std::uint64_t seed) {
  std::vector<Rng> rngs;
  for (std::uint32_t s = 0; s < senders; ++s) rngs.push_back(Rng::stream(seed, 0, s));
  std::vector<bool> active(senders, true);
  std::vector<int> got(receivers, 0);
  for (std::uint32_t tau = 0; tau < steps; ++tau) {
    std::map<std::uint32_t, std::vector<std::uint32_t>> picks;
    for (std::uint32_t s = 0; s < senders; ++s) {
      if (!active[s]) continue;
      if (const auto r = compaction_target(receivers, steps, tau, rngs[s])) picks[*r].push_back(s);
    }
    for (const auto& [r, who] : picks) {
      if (who.size() != 1) continue;
      active[who[0]] = false;
      ++got[r];
    }
  }
  for (int g : got) EXPECT_LE(g, 1);
  return static_cast<std::uint32_t>(std::count(active.begin(), active.end(), true));
}

TEST(GjlrPlan, SpreadingCompactionLeavesNoneAtTheLemmasLoad) {
  // Section 2.2: at most p / (h beta) senders into R_1 (p/h receivers), Delta = 0. With the
  // 36 receivers per sender per step of Lemma 2: s = |R_1| / (36 T).
  const Constants c;
  for (std::uint32_t logp : {10u, 13u, 16u}) {
    for (std::uint32_t h : {1u, 4u}) {
      const std::uint32_t p = 1u << logp;
      const std::uint32_t t = compaction_steps(p, c);
      const std::uint32_t width = spreading_width(p, h);
      const std::uint32_t s = std::max<std::uint32_t>(1, width / (36 * t));
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        EXPECT_EQ(simulate_compaction(s, width, t, seed), 0u) << p << " " << h << " " << seed;
      }
    }
  }
}

TEST(GjlrPlan, CompactionIntoATargetGroupLeavesAtMostDelta) {
  // Section 2.3 phase 1: k / ceil(c2 loglog p) senders into a target group of k, Delta = k/l^2.
  // At p = 2^16: k = 256, l = 16, Delta = 1, T = 8 slices of 32; c2 loglog p with c2 = 9 gives
  // 7 senders (the load the thinning leaves per group in our runs is far lower).
  const Constants c;
  const std::uint32_t p = 1u << 16, k = 256, l = 16;
  const std::uint32_t t = compaction_steps(p, c);
  const std::uint32_t delta = k / (l * l);
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    EXPECT_LE(simulate_compaction(k / (9 * log_log(p)), k, t, seed), delta) << seed;
  }
  // Overloaded (a slice per sender on average), it does leave some: the test can fail.
  std::uint32_t left = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) left += simulate_compaction(k, k, t, seed);
  EXPECT_GT(left, 20u);
}

TEST(GjlrPlan, SpreadingReceiversAreDistinctPerCell) {
  const std::uint32_t n = 100, h = 6;  // width 16, R_1..R_6 cover 96 members
  std::set<std::uint32_t> seen;
  for (std::uint32_t cell = 0; cell < spreading_width(n, h); ++cell) {
    for (std::uint32_t l = 1; l < h; ++l) {
      const auto r = spreading_receiver(n, h, l, cell);
      ASSERT_TRUE(r);
      EXPECT_GE(*r, spreading_width(n, h));  // never R_1
      EXPECT_TRUE(seen.insert(*r).second);
    }
  }
  EXPECT_FALSE(spreading_receiver(4, 8, 5, 0));  // width 1: R_6 is outside the universe
}

TEST(GjlrPlan, CopyBroadcastAndReductionAreContentionFree) {
  for (std::uint32_t l : {1u, 2u, 5u, 6u, 16u}) {
    // Broadcast from member 0 reaches all l members; each receives once per round at most.
    std::vector<bool> has(l, false);
    has[0] = true;
    for (std::uint32_t t = 0; t < doubling_rounds(l); ++t) {
      std::vector<int> receives(l, 0);
      std::vector<bool> next = has;
      for (std::uint32_t i = 0; i < l; ++i) {
        const auto to = broadcast_partner(i, t, l);
        if (!to) continue;
        EXPECT_TRUE(has[i]);
        ++receives[*to];
        next[*to] = true;
      }
      for (int r : receives) EXPECT_LE(r, 1);
      has = next;
    }
    EXPECT_EQ(std::count(has.begin(), has.end(), true), static_cast<long>(l));
    // Reduction (min) to member 0.
    std::vector<std::uint32_t> value(l);
    std::iota(value.rbegin(), value.rend(), 7);  // smallest at the last member
    for (std::uint32_t t = 0; t < doubling_rounds(l); ++t) {
      std::vector<int> receives(l, 0);
      for (std::uint32_t i = 0; i < l; ++i) {
        const auto to = reduce_partner(i, t);
        if (!to) continue;
        ++receives[*to];
        value[*to] = std::min(value[*to], value[i]);
      }
      for (int r : receives) EXPECT_LE(r, 1);
    }
    EXPECT_EQ(value[0], 7u) << l;
  }
}

TEST(GjlrPlan, CopySetsAndTargets) {
  const CopySets cs = copy_sets(1u << 16);
  EXPECT_EQ(cs.l, 16u);
  EXPECT_EQ(cs.width, 4096u);
  const auto m = cs.member_of(cs.member_node(3, 17));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->first, 3u);
  EXPECT_EQ(m->second, 17u);
  EXPECT_FALSE(copy_sets(100).member_of(99));  // l = 7, width 14: 98 members
  Rng rng(3);
  std::set<std::uint32_t> seen;
  for (int t = 0; t < 2000; ++t) {
    const auto g = copy_target(5, 16, 256, rng);
    ASSERT_TRUE(g);
    EXPECT_EQ(*g % 16, 5u);
    EXPECT_LT(*g, 256u);
    seen.insert(*g);
  }
  EXPECT_EQ(seen.size(), 16u);
  EXPECT_FALSE(copy_target(9, 16, 8, rng));
}

TEST(GjlrPlan, CopiesDeliverEveryCompletelyUndeliveredMessage) {
  // Section 2.3 phase 2 in lockstep: m messages for random groups of k, each with l copies at
  // distinct members gamma = i (mod l); a copy gets through if no other copy picked its gamma.
  const std::uint32_t k = 256, l = 16, groups = 256, m = (groups * k) / (l * l);
  std::uint32_t lost = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed);
    std::vector<std::uint32_t> group(m);
    for (auto& g : group) g = rng.below(groups);
    std::map<std::uint64_t, int> hits;
    std::vector<std::vector<std::uint64_t>> picked(m);
    for (std::uint32_t msg = 0; msg < m; ++msg) {
      for (std::uint32_t i = 0; i < l; ++i) {
        const std::uint64_t where = std::uint64_t{group[msg]} * k + *copy_target(i, l, k, rng);
        picked[msg].push_back(where);
        ++hits[where];
      }
    }
    for (std::uint32_t msg = 0; msg < m; ++msg) {
      lost += std::none_of(picked[msg].begin(), picked[msg].end(),
                           [&](std::uint64_t w) { return hits[w] == 1; });
    }
  }
  EXPECT_EQ(lost, 0u);
}

/// Applies the bitonic schedule to `keys` (positions >= keys.size() are +infinity).
void bitonic_sort(std::vector<std::uint32_t>& keys, std::uint32_t size_max) {
  const auto n = static_cast<std::uint32_t>(keys.size());
  for (std::uint32_t s = 0; s < bitonic_stages(size_max); ++s) {
    std::vector<std::uint32_t> next = keys;
    for (std::uint32_t q = 0; q < n; ++q) {
      const std::uint32_t partner = bitonic_partner(q, s, size_max);
      EXPECT_EQ(bitonic_partner(partner, s, size_max), q);  // a matching
      if (partner >= n) continue;
      next[q] = q < partner ? std::min(keys[q], keys[partner]) : std::max(keys[q], keys[partner]);
    }
    keys = next;
  }
}

TEST(GjlrPlan, BitonicScheduleSortsAnySize) {
  EXPECT_EQ(bitonic_stages(8), 6u);
  EXPECT_EQ(bitonic_stages(16), 10u);
  Rng rng(5);
  for (std::uint32_t n = 1; n <= 40; ++n) {
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<std::uint32_t> keys(n);
      for (auto& k : keys) k = rng.below(6);
      std::vector<std::uint32_t> want = keys;
      std::sort(want.begin(), want.end());
      bitonic_sort(keys, n + static_cast<std::uint32_t>(trial));  // any schedule size >= n
      EXPECT_EQ(keys, want) << n;
    }
  }
}

TEST(GjlrPlan, ValiantRoundsAreContentionFree) {
  // Sorted by destination, rank = position - start of its run; round r carries rank r, so a
  // destination (at most h messages) receives one per round and all go within h rounds.
  const std::uint32_t h = 4, size = 8;
  Rng rng(9);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<std::uint32_t> load(size, 0), keys;
    for (std::uint32_t q = 0; q < size; ++q) {
      std::uint32_t d = rng.below(size);
      while (load[d] == h) d = (d + 1) % size;
      ++load[d];
      keys.push_back(d);
    }
    bitonic_sort(keys, size);
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> per_round;
    for (std::uint32_t q = 0; q < size; ++q) {
      std::uint32_t start = q;
      while (start > 0 && keys[start - 1] == keys[q]) --start;
      const std::uint32_t rank = q - start;
      EXPECT_LT(rank, h);
      EXPECT_EQ((++per_round[{rank, keys[q]}]), 1);
    }
  }
}

TEST(GjlrPlan, ScheduleGrowsLikeLogLogPPlusH) {
  const Constants c;
  std::map<std::uint32_t, std::uint32_t> steps;
  for (std::uint32_t logp = 6; logp <= 16; ++logp) {
    const OcpcPlan plan = ocpc_plan(1u << logp, 1, c);
    steps[logp] = plan.scheduled_steps();
    EXPECT_EQ(plan.level1.total() == 0, logp == 6);  // p = 64 is a single target group
  }
  // From p = 2^8 to 2^16 log log p goes 3 -> 4: the schedule grows by a bounded amount.
  EXPECT_LE(steps[16], steps[8] + 40);
  // Linear in h with a slope that does not depend on p.
  const OcpcPlan h1 = ocpc_plan(1u << 16, 1, c), h8 = ocpc_plan(1u << 16, 8, c);
  const OcpcPlan g1 = ocpc_plan(1u << 12, 1, c), g8 = ocpc_plan(1u << 12, 8, c);
  EXPECT_GT(h8.scheduled_steps(), h1.scheduled_steps());
  EXPECT_EQ(h8.scheduled_steps() - h1.scheduled_steps(),
            g8.scheduled_steps() - g1.scheduled_steps());
}

TEST(GjlrPlan, MobPlanSteps) {
  const Constants c;
  EXPECT_EQ(mob_h(2, 128), 7u);  // 2h + log log p
  // p = 64: one 64 x 64 block, steps 1 and 2 skipped; block rows/columns are the rows/columns.
  const MobPlan one = mob_plan(64, 2, c);
  EXPECT_EQ(one.k, 64u);
  EXPECT_EQ(one.step1 + one.step2, 0u);
  EXPECT_EQ(one.step3, 2 * ocpc_plan(64, one.h_mob, c).scheduled_steps());
  EXPECT_EQ(one.step5, ocpc_plan(64, one.h_mob, c).scheduled_steps());
  // p = 128: 2 x 2 blocks of 64; steps 1 and 2 are level 1 on a row / column.
  const MobPlan four = mob_plan(128, 2, c);
  EXPECT_EQ(four.k, 64u);
  EXPECT_EQ(four.step1, level_steps(128, four.h_mob, true, c).total());
  EXPECT_EQ(four.step2, four.step1);
  EXPECT_GT(four.scheduled_steps(), one.scheduled_steps());
}

TEST(GjlrPlan, SuperBlockSizeScalesToTheColumnOfBlocks) {
  EXPECT_EQ(super_block_size(64, 64), 0u);    // one block: nobody to borrow from
  EXPECT_EQ(super_block_size(100, 64), 0u);   // k does not divide p
  EXPECT_EQ(super_block_size(128, 64), 1u);   // 2 blocks: 2 super-blocks of 1
  EXPECT_EQ(super_block_size(512, 128), 2u);  // 4 blocks: 2 of 2
  EXPECT_EQ(super_block_size(64, 8), 4u);     // 8 blocks < 2k: 2 of 4
  EXPECT_EQ(super_block_size(48, 8), 3u);     // 6 blocks: 2 of 3
  EXPECT_EQ(super_block_size(40, 8), 2u);     // 5 blocks: floor(5/2), the last takes 3
  EXPECT_EQ(super_block_size(32, 2), 2u);     // 16 blocks >= 2k: the paper's k
  EXPECT_EQ(super_block_size(256, 2), 0u);    // 128 blocks: more than the 64-bit mask
}

TEST(GjlrPlan, FailedBlocksTakeTheSuperBlocksThatHaveNotFailedInOrder) {
  // 8 blocks, super-blocks of 2: {0,1} {2,3} {4,5} {6,7}.
  auto a = allocate_super_blocks(0, 0, 8, 2);
  for (const auto& x : a) EXPECT_FALSE(x);
  // Blocks 1 and 4 fail: super-blocks 0 and 2 fail; 1 takes super-block 1, 4 takes 3.
  a = allocate_super_blocks(0b00010010, 0, 8, 2);
  ASSERT_EQ(a.size(), 8u);
  EXPECT_EQ(a[1], std::optional<std::uint32_t>(1));
  EXPECT_EQ(a[4], std::optional<std::uint32_t>(3));
  EXPECT_FALSE(a[0]);
  EXPECT_FALSE(a[2]);
  // An unrecoverable block (4) takes none and does not use up a super-block.
  a = allocate_super_blocks(0b00010010, 0b00010000, 8, 2);
  EXPECT_EQ(a[1], std::optional<std::uint32_t>(1));
  EXPECT_FALSE(a[4]);
  // The unrecoverable flag of a block that did not fail is ignored: it can still help.
  a = allocate_super_blocks(0b0001, 0b0100, 4, 2);
  EXPECT_EQ(a[0], std::optional<std::uint32_t>(1));
  // More failed blocks than good super-blocks: the first ones in block order get them.
  a = allocate_super_blocks(0b00010101, 0, 8, 2);  // blocks 0, 2, 4: only super-block 3 is good
  EXPECT_EQ(a[0], std::optional<std::uint32_t>(3));
  EXPECT_FALSE(a[2]);
  EXPECT_FALSE(a[4]);
  // Every super-block failed: nothing to borrow.
  a = allocate_super_blocks(0b01010101, 0, 8, 2);
  for (const auto& x : a) EXPECT_FALSE(x);
  // A remainder super-block: 5 blocks, {0,1} {2,3,4}; block 0 takes super-block 1.
  a = allocate_super_blocks(0b00001, 0, 5, 2);
  EXPECT_EQ(a[0], std::optional<std::uint32_t>(1));
  // Distinct blocks never share a super-block.
  a = allocate_super_blocks(0b0000000000000101, 0, 16, 2);
  EXPECT_EQ(a[0], std::optional<std::uint32_t>(2));
  EXPECT_EQ(a[2], std::optional<std::uint32_t>(3));
}

TEST(GjlrPlan, Step4StepsAreFixedAndPartOfTheMobSchedule) {
  const Constants c;
  EXPECT_EQ(mob_plan(64, 2, c).step4.total(), 0u);  // one block
  const MobPlan two = mob_plan(128, 2, c);          // 2 blocks of 64, super-blocks of 1
  EXPECT_EQ(two.super_block, 1u);
  EXPECT_EQ(two.step4.flags, 2 * scan_steps(64) + scan_steps(2));
  EXPECT_EQ(two.step4.copy_out, two.h_mob);
  EXPECT_EQ(two.step4.repeat, two.step3);
  EXPECT_EQ(two.step4.verdict, 2 * scan_steps(64) + scan_steps(1));
  EXPECT_EQ(two.step4.copy_back, 1 + two.h_mob);
  EXPECT_EQ(two.scheduled_steps(),
            two.step1 + two.step2 + two.step3 + two.step4.total() + two.step5);
  // 5 blocks of 8 (c1 = 1, p = 40): super-blocks of 2 and 3; copy out to 3 helpers, and the
  // gather pads to the slower of scan_steps(2) = 1 and scan_steps(3) = 4.
  Constants small;
  small.c1 = 1;
  const MobPlan five = mob_plan(40, 2, small);
  EXPECT_EQ(five.k, 8u);
  EXPECT_EQ(five.super_block, 2u);
  EXPECT_EQ(five.step4.copy_out, 3 * five.h_mob);
  EXPECT_EQ(five.step4.verdict, 2 * scan_steps(8) + scan_steps(3));
  // block_h starves step 3 (and its repeat) only.
  small.block_h = 3;
  const MobPlan starved = mob_plan(40, 2, small);
  EXPECT_EQ(starved.h_block, 3u);
  EXPECT_EQ(starved.step3, 2 * ocpc_plan(8, 3, small).scheduled_steps());
  EXPECT_EQ(starved.step4.repeat, starved.step3);
  EXPECT_EQ(starved.step4.copy_out, 3 * starved.h_mob);
}

}  // namespace
}  // namespace optinet::ocpc::gjlr
