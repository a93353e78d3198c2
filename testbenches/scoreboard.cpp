#include "testbenches/scoreboard.h"

#include <algorithm>

namespace optinet {

namespace {
constexpr std::size_t kMaxListedErrors = 20;
}

void Scoreboard::expect(const std::vector<Packet>& packets) {
  std::uint32_t max_id = 0;
  for (const Packet& p : packets) max_id = std::max(max_id, p.id);
  by_id_.assign(packets.empty() ? 0 : max_id + 1, Packet{});
  state_.assign(by_id_.size(), 0);
  slot_of_.assign(by_id_.size(), 0);
  errors_.clear();
  suppressed_ = 0;
  delivered_count_ = 0;
  last_slot_ = 0;
  for (const Packet& p : packets) {
    by_id_[p.id] = p;
    state_[p.id] = 1;
  }
  expected_count_ = packets.size();
}

void Scoreboard::error(const std::string& message) {
  if (errors_.size() < kMaxListedErrors) {
    errors_.push_back(message);
  } else if (++suppressed_ == 1) {
    errors_.push_back("... further errors not listed");
  }
}

void Scoreboard::deliver(NodeId node, const Packet& packet, std::uint64_t slot) {
  const std::string what = "packet " + std::to_string(packet.id);
  if (packet.id >= state_.size() || state_[packet.id] == 0) {
    error(what + " delivered at node " + std::to_string(node) + " was never sent (invented)");
    return;
  }
  if (state_[packet.id] == 2) {
    error(what + " delivered twice (again at node " + std::to_string(node) + ", slot " +
          std::to_string(slot) + ")");
    return;
  }
  const Packet& sent = by_id_[packet.id];
  if (node != sent.destination) {
    error(what + " delivered at node " + std::to_string(node) + ", destination is " +
          std::to_string(sent.destination));
  }
  if (!(packet == sent)) error(what + " arrived corrupted (header or payload differs)");
  state_[packet.id] = 2;
  slot_of_[packet.id] = slot;
  ++delivered_count_;
  last_slot_ = std::max(last_slot_, slot);
}

void Scoreboard::finish() {
  if (delivered_count_ == expected_count_) return;
  error(std::to_string(expected_count_ - delivered_count_) + " of " +
        std::to_string(expected_count_) + " packets not delivered");
}

}  // namespace optinet
