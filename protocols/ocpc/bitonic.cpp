#include "protocols/ocpc/bitonic.h"

#include <stdexcept>
#include <string>

namespace optinet::ocpc {

BitonicExchange bitonic_exchange(std::uint32_t rank, std::uint32_t block, std::uint32_t distance) {
  BitonicExchange e;
  e.partner = rank ^ distance;
  const bool ascending = (rank & block) == 0;
  const bool lower = rank < e.partner;
  e.keep_smaller = ascending == lower;
  return e;
}

std::uint32_t bitonic_steps(std::uint32_t size) {
  const std::uint32_t k = ceil_log2(size);
  return k * (k + 1) / 2;
}

Message bitonic_sort(OcpcNodeContext& node, const NodeGroup& group, const Message& mine) {
  if (!is_power_of_two(group.size)) throw std::logic_error("bitonic_sort: size not a power of 2");
  const std::uint32_t r = group.rank_of(node.id());
  Message held = mine;
  for (std::uint32_t block = 2; block <= group.size; block <<= 1) {
    for (std::uint32_t distance = block / 2; distance >= 1; distance >>= 1) {
      const BitonicExchange e = bitonic_exchange(r, block, distance);
      const StepOutcome o = communication_step(node, group.node(e.partner), held);
      if (!o.received || !o.acknowledged) {
        throw std::logic_error("bitonic_sort: node " + std::to_string(node.id()) +
                               " lost its exchange with node " +
                               std::to_string(group.node(e.partner)) + " (contention)");
      }
      const Message& other = *o.received;
      // Strict on both sides, so equal keys never duplicate a message.
      if (e.keep_smaller ? sorts_before(other, held) : sorts_before(held, other)) held = other;
      held.sender = kNoNode;
    }
  }
  return held;
}

}  // namespace optinet::ocpc
