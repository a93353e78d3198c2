#pragma once
/// \file
/// `thinning`: the direct algorithm of Anderson and Miller as section 2.1 gives it. Phase i
/// (i = 1, 2, ...) starts with every participating sender holding at most h_i = ceil(h/2^(i-1))
/// undelivered messages and lasts t_i = ceil(c3 * (h_i + log2 h + log2 log2 log2 p)) steps; in
/// each step a participating sender picks j uniformly from 1..h_i and, if it holds at least j
/// undelivered messages, sends the j-th straight to its destination (the acknowledgement slot
/// tells it whether it got through). At the end of phase i a sender holding more than h/2^i
/// stops participating. The phases end with the one in which h_i = 1.
///
/// Choices the text leaves open (written down here):
///  * c3 ("a sufficiently large constant") is a parameter, 2 by default; log log log p is taken
///    as 0 where it is not positive (p < 16).
///  * Phases stop early when the wired-OR line shows every message delivered (all nodes see it
///    in the same step, so they stay in step).
///  * Run alone, thinning must still deliver everything: messages left after the last phase
///    (including those of senders that stopped participating) are sent by the coin-flip rule
///    until the line drops. Each node that needs this notes one fallback.
#include <cstdint>

#include "models/ocpc/ocpc_node.h"
#include "protocols/ocpc/outbox.h"

namespace optinet::ocpc {

struct ThinningParams {
  double c3 = 2.0;
};

/// Number of phases for h: the phases with h_i = ceil(h/2^(i-1)) down to h_i = 1.
std::uint32_t thinning_phases(std::uint32_t h);
/// h_i, i >= 1.
std::uint32_t thinning_load(std::uint32_t h, std::uint32_t phase);
/// t_i on p processors.
std::uint32_t thinning_steps(std::uint32_t h, std::uint32_t p, std::uint32_t phase,
                             const ThinningParams& params);

/// Runs the phases for this node (p = the number of processors that take part, on the OCPC
/// shape().p). `box` loses every packet acknowledged. Returns true if the node still
/// participates at the end (false if it stopped because it held too many).
bool run_thinning(OcpcNodeContext& node, Outbox& box, std::uint32_t h, std::uint32_t p,
                  const ThinningParams& params);

class ThinningProtocol : public OcpcProtocol {
 public:
  explicit ThinningProtocol(ThinningParams params = {}) : params_(params) {}
  void run(OcpcNodeContext& node) const override;

 private:
  ThinningParams params_;
};

}  // namespace optinet::ocpc
