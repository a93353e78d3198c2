#include "protocols/splithash/random_function.h"

#include <optional>
#include <vector>

#include "protocols/splithash/random_batches.h"
#include "protocols/splithash/sink_bus_ocpc.h"

namespace optinet::splithash {

void RandomFunctionProtocol::run(SplitHashNodeContext& node) const {
  const SplitHashShape& s = node.shape();
  const std::uint32_t batches = kRho * node.settings().batches;
  const bool source = node.level() == s.depth;
  std::vector<Packet> collected;  // a level-1 node: what came down, one packet per batch
  if (s.depth == 1 && source) collected = node.packets();
  // A source draws its packet's batch from its own random stream.
  const std::vector<Packet> none;
  RandomBatches down(node, s.depth, source && s.depth > 1 ? node.packets() : none, batches, 1);
  node.begin_slots();
  if (s.depth > 1) {
    std::vector<Packet> stuck;  // unused: a stuck packet is an error (noted, the run fails)
    down.run(collected, stuck, FunnelPass{});
  }
  if (node.level() > 1) return;
  // The last level: the h-relation algorithm on every bus to the sinks at once.
  last_level_.run(node, collected, batches);
}

}  // namespace optinet::splithash
