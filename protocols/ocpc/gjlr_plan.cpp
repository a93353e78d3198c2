#include "protocols/ocpc/gjlr_plan.h"

#include <algorithm>
#include <cmath>

#include "protocols/ocpc/prefix.h"

namespace optinet::ocpc::gjlr {

std::uint32_t pow2_ceil(std::uint64_t x) { return std::uint32_t{1} << ceil_log2(x); }

std::uint32_t log_log(std::uint64_t n) {
  return std::max<std::uint32_t>(1, ceil_log2(ceil_log2(n)));
}

std::uint32_t log_log_log(std::uint64_t n) {
  return std::max<std::uint32_t>(1, ceil_log2(log_log(n)));
}

std::uint32_t Grouping::group_of(std::uint32_t i) const { return std::min(i / size, count() - 1); }

std::uint32_t Grouping::size_of(std::uint32_t g) const {
  return g + 1 == count() ? n - g * size : size;
}

std::string scale_rejection(double scale, const std::string& what) {
  if (std::isfinite(scale) && scale > 0 && scale <= kMaxScale) return "";
  return "a number in (0, 16] that multiplies " + what;
}

std::uint32_t scaled_steps(std::uint64_t steps, double scale) {
  if (scale == 1.0) return static_cast<std::uint32_t>(steps);
  // The small tolerance keeps scale * steps that is a whole number in decimal (0.5 * 6) from
  // rounding up through binary representation error.
  return static_cast<std::uint32_t>(std::ceil(scale * static_cast<double>(steps) - 1e-9));
}

std::uint32_t target_group_size(std::uint32_t n, const Constants& c) {
  std::uint64_t power = 1;
  const std::uint32_t l = std::max<std::uint32_t>(1, ceil_log2(n));
  for (std::uint32_t i = 0; i < c.c1; ++i) power *= l;
  return std::min<std::uint64_t>(n, pow2_ceil(power));
}

std::uint32_t sub_group_size(std::uint32_t k) {
  return std::min(k, pow2_ceil(std::max<std::uint32_t>(2, ceil_log2(k))));
}

std::uint32_t thinning_phases(std::uint32_t h) { return ceil_log2(h) + 1; }

std::uint32_t thinning_load(std::uint32_t h, std::uint32_t phase) {
  if (phase >= 32) return 1;
  const std::uint32_t d = std::uint32_t{1} << phase;
  return std::max<std::uint32_t>(1, (h + d - 1) / d);
}

std::uint32_t thinning_phase_steps(std::uint32_t h, std::uint32_t phase, std::uint32_t n,
                                   const Constants& c) {
  return scaled_steps(
      std::uint64_t{c.c3} * (thinning_load(h, phase) + ceil_log2(h) + log_log_log(n)),
      c.thinning_factor());
}

std::optional<std::uint32_t> thinning_choice(std::uint32_t load, std::uint32_t undelivered,
                                             Rng& rng) {
  const std::uint32_t j = rng.below(load);
  if (j < undelivered) return j;
  return std::nullopt;
}

std::uint32_t compaction_steps(std::uint32_t n, const Constants& c) {
  return std::max<std::uint32_t>(
      1, scaled_steps(std::uint64_t{c.compaction_c} * log_log(n), c.compaction_factor()));
}

Slice compaction_slice(std::uint32_t receivers, std::uint32_t steps, std::uint32_t step) {
  const std::uint64_t first = std::uint64_t{receivers} * step / steps;
  const std::uint64_t last = std::uint64_t{receivers} * (step + 1) / steps;
  return Slice{static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last - first)};
}

std::optional<std::uint32_t> compaction_target(std::uint32_t receivers, std::uint32_t steps,
                                               std::uint32_t step, Rng& rng) {
  const Slice s = compaction_slice(receivers, steps, step);
  if (s.count == 0) return std::nullopt;
  return s.first + rng.below(s.count);
}

std::uint32_t collection_target(std::uint32_t receivers, Rng& rng) { return rng.below(receivers); }

std::uint64_t winner_key(std::uint32_t i, bool random_rank, Rng& rng) {
  const std::uint64_t rank = random_rank ? rng.below(std::uint32_t{1} << 24) : 0;
  return rank << 32 | i;
}

std::uint32_t winner_of_key(std::uint64_t key) { return static_cast<std::uint32_t>(key); }

std::uint32_t spreading_width(std::uint32_t n, std::uint32_t h) {
  return std::max<std::uint32_t>(1, n / std::max<std::uint32_t>(1, h));
}

std::optional<std::uint32_t> spreading_receiver(std::uint32_t n, std::uint32_t h, std::uint32_t l,
                                                std::uint32_t cell) {
  const std::uint64_t u = std::uint64_t{l} * spreading_width(n, h) + cell;
  if (u >= n) return std::nullopt;
  return static_cast<std::uint32_t>(u);
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> CopySets::member_of(std::uint32_t u) const {
  if (u >= l * width) return std::nullopt;
  return std::make_pair(u / width, u % width);
}

CopySets copy_sets(std::uint32_t n) {
  CopySets s;
  s.l = std::max<std::uint32_t>(1, std::min(n, ceil_log2(n)));
  s.width = std::max<std::uint32_t>(1, n / s.l);
  return s;
}

std::uint32_t doubling_rounds(std::uint32_t l) { return ceil_log2(l); }

std::optional<std::uint32_t> broadcast_partner(std::uint32_t i, std::uint32_t round,
                                               std::uint32_t l) {
  const std::uint32_t d = std::uint32_t{1} << round;
  if (i < d && i + d < l) return i + d;
  return std::nullopt;
}

std::optional<std::uint32_t> reduce_partner(std::uint32_t i, std::uint32_t round) {
  const std::uint32_t d = std::uint32_t{1} << round;
  if (i % (2 * d) == d) return i - d;
  return std::nullopt;
}

std::optional<std::uint32_t> copy_target(std::uint32_t i, std::uint32_t l, std::uint32_t group_size,
                                         Rng& rng) {
  const std::uint32_t r = i % l;
  if (r >= group_size) return std::nullopt;
  const std::uint32_t choices = (group_size - r + l - 1) / l;
  return r + l * rng.below(choices);
}

std::uint32_t bitonic_stages(std::uint32_t size) {
  const std::uint32_t m = ceil_log2(size);
  return m * (m + 1) / 2;
}

std::uint32_t bitonic_partner(std::uint32_t q, std::uint32_t stage, std::uint32_t size) {
  // Merge b (block 2^(b+1)) has b + 1 stages: the flip, then half-cleaners at 2^(b-1) ... 1.
  std::uint32_t b = 0;
  while (stage > b) {
    stage -= b + 1;
    ++b;
  }
  (void)size;
  if (stage == 0) return q ^ ((std::uint32_t{2} << b) - 1);
  return q ^ (std::uint32_t{1} << (b - stage));
}

LevelSteps level_steps(std::uint32_t n, std::uint32_t h, bool with_groups, const Constants& c) {
  LevelSteps s;
  for (std::uint32_t i = 0; i < thinning_phases(h); ++i)
    s.thinning += thinning_phase_steps(h, i, n, c);
  if (!with_groups) return s;
  const std::uint32_t t = compaction_steps(n, c);
  s.spreading = t + (h - 1);
  const std::uint32_t r = doubling_rounds(copy_sets(n).l);
  // phase 1 compaction, phase 2 compaction, copy broadcast, copy step, reduce, winner
  // broadcast, cancel step
  s.to_groups = t + t + r + 1 + r + r + 1;
  return s;
}

std::uint32_t valiant_steps(std::uint32_t size, std::uint32_t h) {
  // bitonic sort, one step to the right neighbour, the max-scan (prefix.h), h delivery rounds;
  // twice.
  return 2 * (bitonic_stages(size) + 1 + scan_steps(size) + h);
}

OcpcPlan ocpc_plan(std::uint32_t p, std::uint32_t h, const Constants& c) {
  OcpcPlan plan;
  plan.p = p;
  plan.h = std::max<std::uint32_t>(1, h);
  plan.k = target_group_size(p, c);
  plan.k_sub = sub_group_size(plan.k);
  plan.h_inner = std::max<std::uint32_t>(2, plan.h);
  const Grouping groups{p, plan.k};
  const Grouping subs{plan.k, plan.k_sub};
  // A machine that is a single target group skips level 1: level 2 does it all.
  if (groups.count() > 1) plan.level1 = level_steps(p, plan.h, true, c);
  plan.level2 = level_steps(plan.k, plan.h_inner, subs.count() > 1, c);
  // Sub-groups of the largest target group are the largest (the last one takes a remainder).
  const std::uint32_t largest_sub =
      subs.count() > 1 ? Grouping{groups.max_size(), plan.k_sub}.max_size() : groups.max_size();
  plan.valiant = valiant_steps(largest_sub, plan.h);
  return plan;
}

std::uint32_t mob_h(std::uint32_t h, std::uint32_t p) { return 2 * h + log_log(p); }

MobPlan mob_plan(std::uint32_t p, std::uint32_t h, const Constants& c) {
  MobPlan plan;
  plan.p = p;
  plan.k = target_group_size(p, c);
  plan.h_mob = mob_h(std::max<std::uint32_t>(1, h), p);
  if (Grouping{p, plan.k}.count() > 1) {
    plan.step1 = level_steps(p, plan.h_mob, true, c).total();
    plan.step2 = plan.step1;
  }
  // Block rows and columns have k members (the last block up to 2k - 1; all run in step with
  // the largest).
  const std::uint32_t block = Grouping{p, plan.k}.max_size();
  plan.h_block = c.block_h ? c.block_h : plan.h_mob;
  plan.step3 = 2 * std::max(ocpc_plan(block, plan.h_block, c).scheduled_steps(),
                            ocpc_plan(plan.k, plan.h_block, c).scheduled_steps());
  plan.super_block = super_block_size(p, plan.k);
  plan.step4 = recovery_steps(p, plan.k, plan.h_mob, plan.step3);
  plan.step5 = ocpc_plan(p, plan.h_mob, c).scheduled_steps();
  return plan;
}

std::uint32_t super_block_size(std::uint32_t p, std::uint32_t k) {
  if (k == 0 || p % k != 0) return 0;
  const std::uint32_t blocks = p / k;
  if (blocks < 2 || blocks > 64) return 0;
  return blocks >= 2 * k ? k : blocks / 2;
}

std::vector<std::optional<std::uint32_t>> allocate_super_blocks(std::uint64_t failed,
                                                                std::uint64_t unrecoverable,
                                                                std::uint32_t blocks,
                                                                std::uint32_t size) {
  std::vector<std::optional<std::uint32_t>> helper(blocks);
  const Grouping supers{blocks, size};
  std::vector<std::uint32_t> good;
  for (std::uint32_t s = 0; s < supers.count(); ++s) {
    bool ok = true;
    for (std::uint32_t b = supers.first(s); b < supers.first(s) + supers.size_of(s); ++b) {
      if (failed >> b & 1) ok = false;
    }
    if (ok) good.push_back(s);
  }
  std::size_t next = 0;
  for (std::uint32_t b = 0; b < blocks && next < good.size(); ++b) {
    if ((failed >> b & 1) && !(unrecoverable >> b & 1)) helper[b] = good[next++];
  }
  return helper;
}

RecoverySteps recovery_steps(std::uint32_t p, std::uint32_t k, std::uint32_t capacity,
                             std::uint32_t step3) {
  RecoverySteps r;
  const std::uint32_t s = super_block_size(p, k);
  if (s == 0) return r;
  const Grouping supers{p / k, s};
  r.flags = 2 * scan_steps(k) + scan_steps(p / k);
  r.copy_out = supers.max_size() * capacity;
  r.repeat = step3;
  // Super-blocks have s or (the last) max_size blocks; scan_steps is not monotone (a power of
  // two is cheaper), so all pad to the longer of the two gathers.
  r.verdict = 2 * scan_steps(k) + std::max(scan_steps(s), scan_steps(supers.max_size()));
  r.copy_back = 1 + capacity;
  return r;
}

}  // namespace optinet::ocpc::gjlr
