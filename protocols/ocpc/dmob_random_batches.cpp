#include "protocols/ocpc/dmob_random_batches.h"

#include "protocols/funnel/funnel_phases.h"

namespace optinet::ocpc {

DmobRandomBatches::DmobRandomBatches(OcpcNodeContext& node, std::uint32_t from,
                                     const std::vector<Packet>& packets, std::uint32_t per_slot,
                                     std::uint32_t slots)
    : node_(node),
      from_(from),
      batches_(per_slot * slots),
      assigned_(funnel::draw_batches(node.rng(), packets, per_slot, slots, unsent_)) {
  for (const auto& [b, p] : assigned_) {
    if (b == 0 && from > 1) node.raise_pending();  // level 1 already: nothing to send
  }
}

void DmobRandomBatches::run(DmobCursor& cursor, std::uint64_t& t, const DmobFunnelPlan& plan,
                            const DmobFunnelPass& pass, std::vector<Packet>& collected,
                            std::vector<std::vector<Packet>>& left) {
  for (std::uint32_t b = 0; b < batches_; ++b) {
    std::optional<Packet> top;
    for (const auto& [batch, p] : assigned_) {
      if (batch != b) continue;
      top = p;
      if (b > 0 && from_ > 1) node_.raise_pending();
    }
    for (std::uint32_t i = from_ - 1; i >= 1; --i) {
      std::optional<Packet> held;
      node_.note_rounds(run_dmob_funnel_level(node_, cursor, t, plan, i, top, held, pass));
      if (top && !pass.stuck_is_error) left[i + 1].push_back(*top);
      top = held;
      if (top && i > 1) node_.raise_pending();
    }
    if (top) collected.push_back(*top);
  }
}

}  // namespace optinet::ocpc
