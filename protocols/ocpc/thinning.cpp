#include "protocols/ocpc/thinning.h"

#include <cmath>
#include <optional>

#include "protocols/ocpc/coinflip.h"
#include "protocols/ocpc/node_group.h"

namespace optinet::ocpc {

std::uint32_t thinning_phases(std::uint32_t h) { return ceil_log2(h) + 1; }

std::uint32_t thinning_load(std::uint32_t h, std::uint32_t phase) {
  const std::uint64_t d = std::uint64_t{1} << (phase - 1);
  return static_cast<std::uint32_t>((h + d - 1) / d);
}

std::uint32_t thinning_steps(std::uint32_t h, std::uint32_t p, std::uint32_t phase,
                             const ThinningParams& params) {
  const double lll = p >= 16 ? std::log2(std::log2(std::log2(static_cast<double>(p)))) : 0.0;
  const double t = params.c3 * (thinning_load(h, phase) + std::log2(static_cast<double>(h)) +
                                std::max(0.0, lll));
  return static_cast<std::uint32_t>(std::ceil(t - 1e-9));
}

bool run_thinning(OcpcNodeContext& node, Outbox& box, std::uint32_t h, std::uint32_t p,
                  const ThinningParams& params) {
  bool participating = true;
  for (std::uint32_t phase = 1; phase <= thinning_phases(h); ++phase) {
    const std::uint32_t load = thinning_load(h, phase);
    const std::uint32_t steps = thinning_steps(h, p, phase, params);
    for (std::uint32_t t = 0; t < steps; ++t) {
      if (!node.any_pending()) return participating;
      std::optional<Message> out;
      NodeId to = kNoNode;
      std::uint32_t j = 0;
      if (participating) {
        j = node.rng().below(load);  // j-1 of the text, uniform in 0..h_i-1
        if (j < box.size()) {
          out = box.message(j);
          to = box[j].destination;
        }
      }
      const StepOutcome o = communication_step(node, to, out);
      if (o.acknowledged) box.remove(j);
      box.accept(o.received);
    }
    // Stop participating with more than h/2^i left: box.size() * 2^i > h.
    if (participating && (std::uint64_t{box.size()} << phase) > h) participating = false;
  }
  return participating;
}

void ThinningProtocol::run(OcpcNodeContext& node) const {
  Outbox box(node);
  node.begin_slots();
  run_thinning(node, box, node.h(), node.shape().p, params_);
  if (!box.empty()) node.note_fallback();
  coinflip_until_done(node, box);
}

}  // namespace optinet::ocpc
