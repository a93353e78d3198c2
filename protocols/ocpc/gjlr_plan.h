#pragma once
/// \file
/// The schedule of the Theta(h + log log p) h-relation algorithm of Goldberg, Jerrum, Leighton
/// and Rao (section 2 on the OCPC, section 4 on the MOB-PC) as pure functions of what every node
/// knows: p, h, the constants below and its own index. All nodes compute the same phase lengths,
/// so they stay in step without global state.
///
/// The algorithm runs on a "universe": a NodeGroup that forms an OCPC (the whole OCPC, one row
/// or one column of a MOB-PC, one target group); slices of it (target groups, sub-groups) are
/// NodeGroups again.
///
/// Constants the paper leaves open (it only says "sufficiently large"), chosen for the sizes the
/// model reaches (p = 2^6 ... 2^16), where log p <= 16 and log log p <= 4:
///  - c1 = 2: target groups of k = 2^ceil(log2(ceil(log2 n)^2)) nodes (at most n). The paper's
///    analysis needs k = log^{c1} p with c1 large; at p <= 2^16 any c1 >= 3 makes k >= p (one
///    group, no "deliver to target groups" at all), so we take the smallest c1 that leaves
///    several groups: k = 64 at p = 2^6 (one group), 256 at p = 2^16 (256 groups).
///  - c5 = 1 (section 2.4): sub-groups of k' = 2^ceil(log2(ceil(log2 k))) nodes (8 for k = 256),
///    so the bitonic sorts of Valiant's second phase have <= 10 stages.
///  - c3 = 2 (thinning, section 2.1): phase i has t_i = c3 * (ceil(h/2^(i-1)) + ceil(log2 h) +
///    ceil(log2 log2 log2 n)) steps.
///  - approximate compaction (Lemmas 1, 2): c2' = 2, i.e. T = 2 * ceil(log2 log2 n) steps; the
///    receiver set is cut into T disjoint slices and step tau uses slice tau only, so each
///    receiver gets at most one message (Lemma 1's construction). The paper's ratio of 36
///    receivers per sender per step is what the given receiver sets offer at these sizes.
///  - copies (section 2.3): l = ceil(log2 n) copies per completely undelivered message.
///  - MOB-PC step 4: super-blocks of super_block_size() blocks (the paper's k scaled down to
///    the p/k <= 32 blocks a column of blocks has here), copy capacity h_mob per node.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/core/packet.h"
#include "models/core/rng.h"
#include "protocols/ocpc/node_group.h"

namespace optinet::ocpc::gjlr {

/// Smallest power of two >= x (1 for x <= 1).
std::uint32_t pow2_ceil(std::uint64_t x);
/// max(1, ceil(log2 ceil(log2 n))): the log log of the paper at size n.
std::uint32_t log_log(std::uint64_t n);
/// max(1, ceil(log2 log_log(n))): the log log log of the thinning phase lengths.
std::uint32_t log_log_log(std::uint64_t n);

/// The constants of the algorithm (see the file comment for why these values).
struct Constants {
  std::uint32_t c1 = 2;            ///< target groups of 2^ceil(log2(L^c1)) nodes, L = log n
  std::uint32_t c3 = 2;            ///< thinning phase length factor
  std::uint32_t compaction_c = 2;  ///< compaction steps T = compaction_c * log log n
  /// MOB-PC step 3 (and its repeat in step 4): the h its OCPC runs are sized for; 0 (the
  /// default) means mob_h(h, p). Tests set it low to starve step 3 so that blocks fail.
  std::uint32_t block_h = 0;
  /// Multiplies c3 and compaction_c (`--gjlr-scale`): thinning phases and compactions last
  /// ceil(scale * their length at the constants above) steps (a compaction at least 1). 1 (the
  /// default) is the schedule above, unchanged; the failure-rate study shrinks it until
  /// procedures fail and the fallback appears (docs/results/ocpc-mob.md).
  double scale = 1.0;
  /// Multiply c3 alone (`--gjlr-c3-scale`) and compaction_c alone (`--gjlr-compaction-scale`),
  /// on top of `scale`: the factors multiply, so thinning phases last
  /// ceil(scale * c3_scale * length) steps and compactions ceil(scale * compaction_scale *
  /// length). 1 (the default) leaves the schedule unchanged.
  double c3_scale = 1.0;
  double compaction_scale = 1.0;
  /// The factors applied to thinning phases and to compactions.
  double thinning_factor() const { return scale * c3_scale; }
  double compaction_factor() const { return scale * compaction_scale; }
  /// MOB-PC steps 1 and 2 with Lemma 4's symmetry steps (`--gjlr-lemma4`): delivery into the
  /// target groups by approximate collection (every step any member of the group, not one
  /// slice of it), and the winning copy chosen uniformly at random among the delivered ones
  /// (not the smallest index). Off by default: the default schedule and its runs are unchanged.
  bool lemma4 = false;
};

/// The accepted range of Constants::scale, c3_scale and compaction_scale: (0, kMaxScale].
inline constexpr double kMaxScale = 16.0;
/// Why `scale` is not a schedule scale in (0, kMaxScale] ("" if it is); `what` names the
/// constants it multiplies, for the message.
std::string scale_rejection(
    double scale, const std::string& what = "the schedule's constants c3 and compaction_c");
/// ceil(scale * steps), exact for scale 1 (the default schedule is integer arithmetic).
std::uint32_t scaled_steps(std::uint64_t steps, double scale);

/// The rank of `id` in universe `u`, if it belongs to it.
inline std::optional<std::uint32_t> rank_in(const NodeGroup& u, NodeId id) {
  if (!u.contains(id)) return std::nullopt;
  return u.rank_of(id);
}
/// The sub-universe of `count` consecutive members of `u` starting at member `first`.
inline NodeGroup slice(const NodeGroup& u, std::uint32_t first, std::uint32_t count) {
  return NodeGroup{u.node(first), u.stride, count};
}

/// A partition of n members into groups of `size` consecutive members; when size does not divide
/// n the last group takes the remainder (so it has between size and 2*size - 1 members; the
/// paper's footnote to section 2).
struct Grouping {
  std::uint32_t n = 1;
  std::uint32_t size = 1;
  std::uint32_t count() const { return n / size == 0 ? 1 : n / size; }
  std::uint32_t group_of(std::uint32_t i) const;
  std::uint32_t first(std::uint32_t g) const { return g * size; }
  std::uint32_t size_of(std::uint32_t g) const;
  /// Largest group size (all groups run schedules sized for it).
  std::uint32_t max_size() const {
    return size_of(count() - 1) > size ? size_of(count() - 1) : size;
  }
};

/// Target group size k for a universe of n nodes (c1 above).
std::uint32_t target_group_size(std::uint32_t n, const Constants& c);
/// Target sub-group size k' inside target groups of k nodes (c5 = 1 above).
std::uint32_t sub_group_size(std::uint32_t k);

// ---- Thinning (section 2.1) ------------------------------------------------------------------

/// Number of thinning phases: ceil(log2 h) + 1 (the last one has load 1).
std::uint32_t thinning_phases(std::uint32_t h);
/// Load of phase i (0-based): ceil(h / 2^i); a participating sender has at most this many.
std::uint32_t thinning_load(std::uint32_t h, std::uint32_t phase);
/// Steps of phase i (0-based): c3 * (load + ceil(log2 h) + log log log n).
std::uint32_t thinning_phase_steps(std::uint32_t h, std::uint32_t phase, std::uint32_t n,
                                   const Constants& c);
/// The message a participating sender sends in one step: j uniform in [0, load); it sends its
/// j-th undelivered message if it has more than j of them.
std::optional<std::uint32_t> thinning_choice(std::uint32_t load, std::uint32_t undelivered,
                                             Rng& rng);

// ---- Approximate compaction (Lemmas 1, 2) -----------------------------------------------------

/// Steps of one approximate compaction in a universe of nominal size n: compaction_c*loglog n.
std::uint32_t compaction_steps(std::uint32_t n, const Constants& c);
/// Slice `step` of `receivers` receivers cut into `steps` disjoint slices: [first, first+count).
struct Slice {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};
Slice compaction_slice(std::uint32_t receivers, std::uint32_t steps, std::uint32_t step);
/// The receiver (index in [0, receivers)) an active sender tries in compaction step `step`, or
/// nullopt when the slice is empty (fewer receivers than steps).
std::optional<std::uint32_t> compaction_target(std::uint32_t receivers, std::uint32_t steps,
                                               std::uint32_t step, Rng& rng);
/// Approximate collection (Definition 2: a receiver may get several messages): the receiver an
/// active sender tries in any step, uniform over all `receivers`.
std::uint32_t collection_target(std::uint32_t receivers, Rng& rng);

/// The key a delivered copy of Q_j (member i) enters into the prefix that picks the winner:
/// the smallest key wins. Lemma 4's symmetric variant draws a uniform random rank above the
/// index (ties, 2^-24 per pair, go to the smaller index); the default key is the index itself.
std::uint64_t winner_key(std::uint32_t i, bool random_rank, Rng& rng);
/// The member index carried by a key (0xffffffff, above every l, for kNoWinnerKey).
std::uint32_t winner_of_key(std::uint64_t key);
/// The key of a member whose copy was not delivered (larger than every winner_key).
inline constexpr std::uint64_t kNoWinnerKey = ~std::uint64_t{0};

// ---- Spreading (section 2.2) ------------------------------------------------------------------

/// Width of the receiver sets R_1..R_h: floor(n / h) (at least 1).
std::uint32_t spreading_width(std::uint32_t n, std::uint32_t h);
/// The receiver of a sender's message number `l` (0-based, l < h) once its first message reached
/// cell `cell` of R_1: cell `cell` of R_{l+1}; nullopt if that is outside the universe.
std::optional<std::uint32_t> spreading_receiver(std::uint32_t n, std::uint32_t h, std::uint32_t l,
                                                std::uint32_t cell);

// ---- Deliver to target groups with copies (section 2.3, phase 2) -----------------------------

/// The copies of one message: l = ceil(log2 n) sets R_1..R_l of width floor(n / l); Q_j is the
/// j-th member of each.
struct CopySets {
  std::uint32_t l = 1;      ///< copies per message (members of a Q_j)
  std::uint32_t width = 1;  ///< floor(n / l): number of sets Q_j (= |R_1|)
  std::uint32_t member_node(std::uint32_t i, std::uint32_t j) const { return i * width + j; }
  /// (i, j) of universe member u, if u belongs to some Q_j.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> member_of(std::uint32_t u) const;
};
CopySets copy_sets(std::uint32_t n);
/// Rounds of a doubling broadcast (or binomial reduction) over l members: ceil(log2 l).
std::uint32_t doubling_rounds(std::uint32_t l);
/// Broadcast from member 0: in round t members i < 2^t send to i + 2^t (if < l).
std::optional<std::uint32_t> broadcast_partner(std::uint32_t i, std::uint32_t round,
                                               std::uint32_t l);
/// Reduction to member 0: in round t member i with i mod 2^(t+1) == 2^t sends to i - 2^t.
std::optional<std::uint32_t> reduce_partner(std::uint32_t i, std::uint32_t round);
/// The group member a copy held by member i of Q_j tries: gamma uniform among the members of the
/// target group (of `group_size`) with gamma mod l == i mod l; nullopt if there is none.
std::optional<std::uint32_t> copy_target(std::uint32_t i, std::uint32_t l, std::uint32_t group_size,
                                         Rng& rng);

// ---- Valiant's second phase in sub-groups (section 2.4) ---------------------------------------

/// Stages of the bitonic sorter on N = pow2_ceil(size) positions: log N (log N + 1) / 2.
std::uint32_t bitonic_stages(std::uint32_t size);
/// The partner of position q in stage s of the all-ascending bitonic sorter (each merge starts
/// with a "flip" comparator q <-> q xor (2b-1), then half-cleaners q <-> q xor d). The smaller
/// key goes to the smaller position. Positions >= size hold +infinity and never move, so
/// comparators with a missing partner are no-ops: any size works.
std::uint32_t bitonic_partner(std::uint32_t q, std::uint32_t stage, std::uint32_t size);

// ---- The whole OCPC schedule -----------------------------------------------------------------

/// Steps of each procedure of one level (a universe of nominal size n with target groups).
struct LevelSteps {
  std::uint32_t thinning = 0;
  std::uint32_t spreading = 0;
  std::uint32_t to_groups = 0;
  std::uint32_t total() const { return thinning + spreading + to_groups; }
};
/// `with_groups` false: the universe is one target group, so spreading and delivery to target
/// groups are skipped (every message is in its target group already).
LevelSteps level_steps(std::uint32_t n, std::uint32_t h, bool with_groups, const Constants& c);
/// Steps of Valiant's second phase twice in sub-groups of (at most) `size` members for h.
std::uint32_t valiant_steps(std::uint32_t size, std::uint32_t h);

/// The OCPC schedule for p processors and h: level 1 on the whole machine with target groups of
/// k, level 2 inside each target group with sub-groups of k', then Valiant twice in sub-groups.
struct OcpcPlan {
  std::uint32_t p = 1;
  std::uint32_t h = 1;
  std::uint32_t k = 1;        ///< target group size
  std::uint32_t k_sub = 1;    ///< sub-group size
  std::uint32_t h_inner = 1;  ///< h used inside target groups: max(h, 2)
  LevelSteps level1;
  LevelSteps level2;
  std::uint32_t valiant = 0;
  /// Scheduled steps before the fallback (which only runs if a procedure failed).
  std::uint32_t scheduled_steps() const { return level1.total() + level2.total() + valiant; }
};
OcpcPlan ocpc_plan(std::uint32_t p, std::uint32_t h, const Constants& c);

// ---- The MOB-PC schedule (section 4) -------------------------------------------------------

/// The h every OCPC run of the MOB-PC algorithm is sized for: 2h + log log p. The paper uses
/// h' = 8eh + log log p for the target-group relations of steps 1-2 and h plus all steps so
/// far for steps 3 and 5 (bounds, far above the loads that occur); at p <= 512 the load a node
/// or a destination actually gets is about h, with random excess of a few, and what exceeds
/// 2h + log log p is left to the fallback.
std::uint32_t mob_h(std::uint32_t h, std::uint32_t p);

// ---- Step 4: failed blocks recovered by super-blocks --------------------------------------

/// Blocks per super-block in a column of `blocks` blocks of k x k. The paper takes k blocks
/// (p/k^2 super-blocks per column of blocks, it assumes k^3 | p). At the model's sizes a column
/// of blocks has p/k <= 32 blocks, fewer than 2k, so we scale: s = k when blocks >= 2k, else
/// the largest s that still gives at least two super-blocks, floor(blocks / 2). 0 when step 4
/// is not formed: fewer than 2 blocks (the machine is one block: nobody to borrow from), more
/// than 64 (the failure flags of a column of blocks are gathered as one 64-bit mask), or k not
/// dividing p (a remainder block would have more rows than its helpers).
std::uint32_t super_block_size(std::uint32_t p, std::uint32_t k);

/// Step 4's allocation, computed by every node of a column of blocks from the flags it learned
/// (bit b = block b of the column of blocks): a super-block (Grouping{blocks, size}) fails if
/// one of its blocks failed; the i-th failed block (by index) that is not `unrecoverable` takes
/// the i-th super-block that has not failed. Entry b is the super-block block b borrows, or
/// nullopt (not failed, unrecoverable, or no super-block left: the generic fallback).
std::vector<std::optional<std::uint32_t>> allocate_super_blocks(std::uint64_t failed,
                                                                std::uint64_t unrecoverable,
                                                                std::uint32_t blocks,
                                                                std::uint32_t size);

/// Steps of step 4 (all fixed; 0 when super_block_size() is 0).
struct RecoverySteps {
  std::uint32_t flags = 0;     ///< OR over block rows and columns, gather over the column of blocks
  std::uint32_t copy_out = 0;  ///< each failed-block node's messages to each helper block
  std::uint32_t repeat = 0;    ///< step 3 again, in the helper blocks
  std::uint32_t verdict = 0;   ///< OR over each helper block, gather over the super-block
  std::uint32_t copy_back = 0;  ///< the first good helper block: a success signal, the messages
  std::uint32_t total() const { return flags + copy_out + repeat + verdict + copy_back; }
};
/// `capacity`: messages a node may hold to take part (more: its block is unrecoverable, or its
/// helper block fails); `step3`: the length of step 3.
RecoverySteps recovery_steps(std::uint32_t p, std::uint32_t k, std::uint32_t capacity,
                             std::uint32_t step3);

/// Steps of the five steps on a p x p MOB-PC (blocks of k x k).
struct MobPlan {
  std::uint32_t p = 1;
  std::uint32_t k = 1;
  std::uint32_t h_mob = 1;
  std::uint32_t h_block = 1;      ///< the h of step 3's OCPC runs (h_mob unless c.block_h is set)
  std::uint32_t step1 = 0;        ///< rows: to random row target groups (0 if k = p)
  std::uint32_t step2 = 0;        ///< columns: to the target group meeting the destination's row
  std::uint32_t step3 = 0;        ///< blocks: the OCPC algorithm on block rows, then block columns
  std::uint32_t super_block = 0;  ///< blocks per super-block (0: step 4 not formed)
  RecoverySteps step4;            ///< failed blocks repeat step 3 in a borrowed super-block
  std::uint32_t step5 = 0;        ///< rows: the OCPC algorithm to the destinations
  std::uint32_t scheduled_steps() const { return step1 + step2 + step3 + step4.total() + step5; }
};
MobPlan mob_plan(std::uint32_t p, std::uint32_t h, const Constants& c);

}  // namespace optinet::ocpc::gjlr
