#pragma once
/// \file
/// `valiant`: Valiant's OCPC algorithm as section 1 describes it (Theta(h + log p) with Valiant's
/// randomized sort; with the bitonic sort of step 3 below, Theta(h + log^2 p) in the worst
/// case, docs/results/ocpc-mob.md): the first
/// phase of Anderson and Miller (thinning, section 2.1, without its cleanup), then a second
/// phase that realises the remaining O(p) messages deterministically:
///  1. count: a parallel prefix over all p nodes of (messages held, max held) gives each node
///     the global index of its first message, the total M and the largest count;
///  2. redistribute: the message of global index i goes to node i (i < M), the k-th message of
///     every node in step k: every node then holds at most one message, contention-free;
///  3. sort: bitonic sort of the held messages by destination over nodes 0..G-1, G the smallest
///     power of two >= M (every node knows M from step 1, so all agree on G);
///  4. rank: each node sends its destination to the next rank (1 step); the first of each run
///     of equal destinations is a head, and a max-prefix over the head positions gives each
///     message its rank in its run;
///  5. deliver: in round r the messages of rank r go to their destinations; each destination
///     gets at most one per round, so every send succeeds; the rounds end when the wired-OR
///     line drops.
/// Choices: Valiant sorts with a randomized O(log p) sort; here bitonic sort (deterministic,
/// log G (log G + 1)/2 steps) sorts only the M messages thinning left, so the second phase costs
/// Theta(log p) for the count and ranking plus Theta(log^2 M) for the sort: Theta(log p) while
/// M stays polylogarithmic, Theta(log^2 p) only if thinning leaves a constant fraction. If M
/// exceeds the largest power of two <= p (which thinning's analysis makes unlikely),
/// ceil(log2 p) coin-flip steps are run and the count repeated; node 0 notes one fallback each
/// time.
#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/thinning.h"

namespace optinet::ocpc {

class ValiantProtocol : public OcpcProtocol {
 public:
  explicit ValiantProtocol(ThinningParams params = {}) : params_(params) {}
  void run(OcpcNodeContext& node) const override;

 private:
  ThinningParams params_;
};

}  // namespace optinet::ocpc
