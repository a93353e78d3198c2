#include "protocols/splithash/random_batches.h"

namespace optinet::splithash {

RandomBatches::RandomBatches(SplitHashNodeContext& node, std::uint32_t from,
                             const std::vector<Packet>& packets, std::uint32_t per_slot,
                             std::uint32_t slots)
    : node_(node),
      from_(from),
      batches_(per_slot * slots),
      assigned_(funnel::draw_batches(node.rng(), packets, per_slot, slots, unsent_)) {
  for (const auto& [b, p] : assigned_) {
    if (b == 0) {
      held_ = p;
      node.raise_pending();
    }
  }
}

void RandomBatches::run(std::vector<Packet>& collected, std::vector<Packet>& stuck,
                        const FunnelPass& pass) {
  for (std::uint32_t b = 0; b < batches_; ++b) {
    if (b > 0) {
      for (const auto& [batch, p] : assigned_) {
        if (batch == b) {
          held_ = p;
          node_.raise_pending();
        }
      }
    }
    for (std::uint32_t i = from_ - 1; i >= 1; --i) {
      run_funnel_level(node_, b, i, held_, pass);
      if (held_ && node_.level() == i + 1 && !pass.stuck_is_error) {
        stuck.push_back(*held_);  // not through in the round limit: it stays at this level
        held_.reset();
      }
      if (held_ && node_.level() == i && i > 1) node_.raise_pending();
    }
    if (node_.level() == 1 && held_) {
      collected.push_back(*held_);
      held_.reset();
    }
  }
}

}  // namespace optinet::splithash
