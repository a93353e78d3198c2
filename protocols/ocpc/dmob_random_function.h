#pragma once
/// \file
/// `random-function` on the d-dimensional MOB: Corollary 3 (b) of Meyer auf der Heide, Schroeder
/// & Schwarze, the split&hash random-function algorithm (protocols/splithash/random_function.h)
/// simulated on the mesh as `funnel` simulates Theorem 1's (protocols/ocpc/dmob_funnel.h).
///
/// Each node puts its packet into one of rho/eps batches chosen at random (rho = 2, 1/eps the
/// embedded network's batches), and the batches go down the simulated funnels from level d to
/// level 1 (dmob_random_batches.h; a packet still active at a level's round limit is stuck and
/// the run fails). Then every bus of dimension 0, which joins a group's level-1 nodes and its
/// sinks (MOB node v plays both level-1 node v and sink v), routes the resulting relation with
/// the OCPC's `gjlr` (GJLR93's h-relation algorithm) on the bus as on an OCPC of p = K
/// (dmob_line_ocpc.h), with h = rho/eps, as the split&hash network's last level does on its
/// buses of 2k nodes; a packet that came down to its own destination's node is delivered there
/// without a step. GJLR's own fallback ends what its schedule leaves (`fallbacks`).
#include <vector>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/dmob_funnel.h"
#include "protocols/ocpc/dmob_funnel_level.h"
#include "protocols/ocpc/gjlr.h"

namespace optinet::ocpc {

class DmobRandomFunctionProtocol : public DmobSplitHashProtocol {
 public:
  /// rho: the random batches are rho times as many as the batches of Theorem 1.
  static constexpr std::uint32_t kRho = 2;

  using DmobSplitHashProtocol::DmobSplitHashProtocol;
  void run(OcpcNodeContext& node) const override;

 private:
  GjlrProtocol gjlr_;
};

/// The last level of random-function and h-relation on the mesh: GJLR on every bus of
/// dimension 0 at once, from slot `t` of the schedule; `collected` are this node's packets at
/// level 1, every node of a bus given `h`.
void gjlr_on_lines(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t t,
                   const std::vector<Packet>& collected, std::uint32_t h, const GjlrProtocol& gjlr);

}  // namespace optinet::ocpc
