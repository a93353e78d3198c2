#pragma once
/// \file
/// `gjlr`: the Theta(h + log log p) h-relation algorithm of Goldberg, Jerrum, Leighton and Rao.
///
/// OCPC (section 2), as communication steps every node runs in the same order:
///  1. level 1 on the whole machine with target groups of k nodes: thinning (2.1), spreading by
///     approximate compaction (2.2), delivery to target groups by approximate compaction and
///     then with l = log p copies, a prefix to pick one delivered copy and cancellation of the
///     others (2.3);
///  2. level 2, the "alternative implementation" of 2.4: the same three procedures inside each
///     target group with sub-groups of k' nodes;
///  3. Valiant's second phase twice in each sub-group: bitonic sort by destination, a max-scan
///     for each message's rank among those with its destination, then h contention-free rounds.
/// The paper's recovery for target groups where a procedure failed (allocating k^2 extra
/// processors of a finished super-group and sorting there) is replaced by the fallback: every
/// message still undelivered when the schedule ends is sent by coin-flip steps until the
/// pending line drops, and the node reports the fallback (OcpcNodeContext::note_fallback).
///
/// MOB-PC (section 4), blocks of k x k (k as above, from the side p):
///  1. rows: each message picks a random member of a random row target group; level 1 of the
///     OCPC algorithm (thinning, spreading, delivery to target groups) moves it to that group;
///  2. columns: to a random member of the column target group that meets its destination's
///     row, the same way (skipped, with step 1, when k = p: the machine is one block);
///  3. blocks: to a random member of its block row, then down its block column to its
///     destination's row, each by the full OCPC algorithm on the k-node universe;
///  4. failed blocks (a message not in its destination's row after step 3) repeat step 3 in a
///     borrowed super-block, in fixed phases every node runs (gjlr_plan.h, RecoverySteps):
///     a. flags: each node knows whether it holds a misplaced message; an OR by parallel prefix
///        over the block row, then the block column, tells the whole block; a second flag marks
///        the block unrecoverable (a message whose destination row is outside the block, i.e.
///        step 2 failed for it, or a node holding more than h_mob messages). Each node then
///        gathers the flags of every block of its column of blocks by a prefix sum over its
///        partners (same row offset, same column) in the other blocks: a 64-bit mask.
///     b. allocation, computed identically by every node from the masks: a super-block fails
///        if one of its blocks did; the i-th failed recoverable block takes the i-th super-block
///        that did not (allocate_super_blocks). Super-blocks have s blocks: the paper's k when
///        the column of blocks has >= 2k blocks, else floor(blocks / 2), the largest size that
///        still leaves two super-blocks (at p <= 512 and c1 = 2 there are 2-4 blocks, so s = 1
///        or 2; super_block_size). Failed blocks that get none keep their messages for the
///        fallback.
///     c. copy out: every node of a failed block sends each of its (<= h_mob) messages to its
///        partner in each helper block, over its column bus (one-to-one: contention-free).
///     d. the helper blocks repeat step 3 on the copies only, with the client block's rows
///        mapped to their own (row offset of the destination's row); every other message stays.
///     e. verdict: a helper succeeded if every copy is in the row standing for its
///        destination's row and no node holds more than h_mob copies; OR over the helper block,
///        then a prefix sum over the super-block's blocks; the first good helper wins.
///     f. copy back: the winner's nodes signal their partners in the client block, which drop
///        all their originals, then send their copies back over the column buses; every helper
///        drops its copies. Exactly one instance of each message survives (the originals if no
///        helper succeeded, else the winner's copies: every original was copied to every
///        helper, the OCPC runs lose nothing, so the winner holds each exactly once), and the
///        scoreboard sees one delivery per packet. The failed block's first node notes the
///        recovery (OcpcNodeContext::note_recovery; `recoveries` in the JSON).
///     The paper allocates with section 2.4's machinery in O(log log p); the gather of (a) is a
///     prefix over the p/k blocks of the column of blocks, log2(p/k) <= 3 steps at these sizes.
///  5. rows: to the destination by the full OCPC algorithm on the row.
/// With Constants::lemma4 (`--gjlr-lemma4`) steps 1 and 2 take Lemma 4's symmetry steps:
/// approximate collection into the target group (any member in every step) instead of
/// compaction, and the winning copy by a random key instead of the smallest index. By default
/// (as measured in docs/results/ocpc-mob.md, thinning delivers all of steps 1-2 at the default
/// constants, so the two variants' runs are identical there) the smallest index wins.
/// Whatever is still undelivered after step 5 goes to the fallback (row-column coin flips,
/// recorded like the OCPC's). Every OCPC run is sized for h_mob = 2h + log log p (mob_h).
/// All universes run schedules padded to the largest one, so all nodes stay in step.
#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/gjlr_plan.h"

namespace optinet::ocpc {

class GjlrProtocol : public OcpcProtocol {
 public:
  explicit GjlrProtocol(gjlr::Constants constants = {}) : constants_(constants) {}
  void run(OcpcNodeContext& node) const override;

 private:
  gjlr::Constants constants_;
};

}  // namespace optinet::ocpc
