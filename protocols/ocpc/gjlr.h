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
