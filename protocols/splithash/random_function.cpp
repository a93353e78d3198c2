#include "protocols/splithash/random_function.h"

#include <optional>
#include <vector>

#include "protocols/ocpc/gjlr.h"
#include "protocols/splithash/funnel_level.h"
#include "protocols/splithash/sink_bus_ocpc.h"

namespace optinet::splithash {

RandomFunctionProtocol::RandomFunctionProtocol()
    : last_level_(std::make_unique<ocpc::GjlrProtocol>()) {}

RandomFunctionProtocol::~RandomFunctionProtocol() = default;

void RandomFunctionProtocol::run(SplitHashNodeContext& node) const {
  const SplitHashShape& s = node.shape();
  const std::uint32_t batches = kRho * node.settings().batches;
  const bool source = node.level() == s.depth;
  // A source draws its packet's batch from its own random stream.
  std::optional<Packet> own;
  std::uint32_t own_batch = 0;
  if (source && !node.packets().empty()) {
    own = node.packets().front();
    own_batch = node.rng().below(batches);
  }
  std::vector<Packet> collected;  // a level-1 node: what came down, one packet per batch
  if (s.depth == 1 && own) collected.push_back(*own);
  std::optional<Packet> held;
  if (s.depth > 1) {
    held = own_batch == 0 ? own : std::nullopt;
    if (held) node.raise_pending();
  }
  node.begin_slots();
  for (std::uint32_t b = 0; b < batches && s.depth > 1; ++b) {
    if (b > 0 && own && own_batch == b) {
      held = own;
      node.raise_pending();
    }
    for (std::uint32_t i = s.depth - 1; i >= 1; --i) {
      run_funnel_level(node, b, i, held);
      if (held && node.level() == i && i > 1) node.raise_pending();
    }
    if (node.level() == 1 && held) {
      collected.push_back(*held);
      held.reset();
    }
  }
  if (node.level() > 1) return;
  // The last level: the h-relation algorithm on every bus to the sinks at once.
  SinkBusAsOcpc bus(node, collected, batches);
  last_level_->run(bus);
}

}  // namespace optinet::splithash
