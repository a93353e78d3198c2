#pragma once
/// \file
/// `random-function`: Corollary 3 (a), routing a random function (every source one packet, to
/// a sink chosen at random; a sink may be the destination of several).
///
/// "We just have to assure that each funnel on each level gets no more than eps*k^(i+1)
/// packets": each source puts its packet into one of rho/eps batches chosen uniformly at random
/// (rho = 2 here; 1/eps is `--batches`), and the batches go down the funnels from level d to
/// level 1 as in Theorem 1 (funnel_level.h). A level-1 node keeps what reaches it, at most one
/// packet per batch. Then every bus to the sinks, an optical crossbar of 2k nodes, routes the
/// resulting relation with the h-relation algorithm of Goldberg, Jerrum, Leighton & Rao
/// ("GJLR93"), the model's `gjlr` of the OCPC run on the bus as on an OCPC of p = 2k
/// (sink_bus_ocpc.h), with h = rho/eps: that bounds every level-1 node's load, and exceeds the
/// sinks' load (O(log N / log log N) w.h.p.) at every size the model runs. The paper repeats
/// the h-relation algorithm O(d) times to make failure unlikely; the model's gjlr ends with its
/// own fallback instead (counted as `fallbacks`).
#include "models/splithash/splithash_node.h"
#include "protocols/splithash/sink_bus_ocpc.h"

namespace optinet::splithash {

class RandomFunctionProtocol : public SplitHashProtocol {
 public:
  /// rho: the random batches are rho times as many as the batches of Theorem 1.
  static constexpr std::uint32_t kRho = 2;

  void run(SplitHashNodeContext& node) const override;

 private:
  GjlrOnSinkBuses last_level_;
};

}  // namespace optinet::splithash
