#include "protocols/splithash/h_relation.h"

#include <algorithm>
#include <vector>

#include "protocols/splithash/random_batches.h"
#include "protocols/splithash/random_function.h"
#include "protocols/splithash/redistribute.h"
#include "protocols/splithash/sink_bus_ocpc.h"
#include "protocols/splithash/thinning.h"

namespace optinet::splithash {

namespace {
void append(std::vector<Packet>& to, std::vector<Packet>& from) {
  to.insert(to.end(), from.begin(), from.end());
  from.clear();
}
}  // namespace

void HRelationProtocol::run(SplitHashNodeContext& node) const {
  const SplitHashShape& s = node.shape();
  const std::uint32_t batches = node.settings().batches;
  const std::uint32_t h = node.settings().h;
  const funnel::ThinningSchedule schedule = funnel::thinning_schedule(h, node.settings().thinning);
  const bool source = node.level() == s.depth;
  std::vector<std::vector<Packet>> own(batches);  // a source's packets by batch (Theorem 1)
  if (source) {
    for (const Packet& p : node.packets()) own[p.destination % batches].push_back(p);
  }
  std::vector<Packet> collected;  // a level-1 node: what reached it
  std::vector<Packet> left;       // what stays at this node's level for the remainder
  if (s.depth == 1 && source) collected = node.packets();
  node.note_buffers(source ? static_cast<unsigned>(node.packets().size()) : 0);
  node.begin_slots();

  // 1. The batches: the Modified Thinning Phase level by level.
  for (std::uint32_t b = 0; b < batches && s.depth > 1; ++b) {
    std::vector<Packet> mine = source ? own[b] : std::vector<Packet>{};
    for (std::uint32_t i = s.depth - 1; i >= 1; --i) {
      run_modified_thinning(node, b, i, mine, schedule);
      if (node.level() == i + 1) append(left, mine);
    }
    if (node.level() == 1) append(collected, mine);
  }

  if (node.level() >= 2) node.note_remainder(static_cast<std::uint32_t>(left.size()));

  // 2. The remainder, level by level: redistribution, then the random-function algorithm.
  for (std::uint32_t level = s.depth; level >= 2; --level) {
    const bool here = node.level() == level;
    for (std::uint32_t application = 0;; ++application) {
      node.note_applications(application);
      if (wired_or_max(node, here && !left.empty() ? 1 : 0, 1) == 0) break;
      if (application == node.settings().applications) {
        for (std::size_t p = 0; p < left.size() && here; ++p) node.note_stuck(0, level - 1);
        if (here) left.clear();
        break;
      }
      redistribute(node, level, left);
      const std::vector<Packet> sending = here ? left : std::vector<Packet>{};
      RandomBatches down(node, level, sending, RandomFunctionProtocol::kRho * batches, kSlots);
      if (here) left = down.unsent();
      FunnelPass pass;
      pass.stuck_is_error = false;
      down.run(collected, left, pass);
    }
  }
  if (node.level() > 1) return;

  // 3. The last level: GJLR on every bus to the sinks, sized for the largest level-1 load.
  const std::uint64_t most =
      wired_or_max(node, node.level() == 1 ? collected.size() : 0, kLoadBits);
  last_level_.run(node, collected, std::max<std::uint32_t>(h, static_cast<std::uint32_t>(most)));
}

}  // namespace optinet::splithash
