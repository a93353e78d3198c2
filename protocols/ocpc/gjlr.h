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
///  5. rows: to the destination by the full OCPC algorithm on the row.
/// Step 4 (a failed block borrows a super-block of k blocks from its column of blocks) needs
/// p >= k^2 blocks' worth of rows; at the sizes the model reaches (p <= 512, k >= 64) a column
/// of blocks has at most 8 blocks, so super-blocks cannot be formed. A block whose messages did
/// not all reach their destination rows leaves them to the fallback (row-column coin flips,
/// recorded like the OCPC's). Every OCPC run is sized for h_mob = 2h + log log p (mob_h).
/// All universes run schedules padded to the largest one, so all nodes stay in step.
#include "protocols/ocpc/gjlr_plan.h"
#include "protocols/ocpc/ocpc_node.h"

namespace optinet::ocpc {

class GjlrProtocol : public OcpcProtocol {
 public:
  explicit GjlrProtocol(gjlr::Constants constants = {}) : constants_(constants) {}
  void run(OcpcNodeContext& node) const override;

 private:
  gjlr::Constants constants_;
};

}  // namespace optinet::ocpc
