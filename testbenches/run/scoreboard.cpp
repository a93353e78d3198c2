#include "testbenches/run/scoreboard.h"

#include <algorithm>

#include "models/core/prefetch.h"

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
  fault_losses_.clear();
  undelivered_to_faults_ = 0;
  fault_duplicates_ = 0;
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
  // Named only where an error is reported: a delivery is checked once per packet.
  const auto what = [&packet] { return "packet " + std::to_string(packet.id); };
  if (packet.id >= state_.size() || state_[packet.id] == 0) {
    error(what() + " delivered at node " + std::to_string(node) + " was never sent (invented)");
    return;
  }
  if (state_[packet.id] == 2) {
    if (faults_ != nullptr && faults_->log().mark(packet.id).ack_lost &&
        node == by_id_[packet.id].destination && packet == by_id_[packet.id]) {
      ++fault_duplicates_;
      return;
    }
    error(what() + " delivered twice (again at node " + std::to_string(node) + ", slot " +
          std::to_string(slot) + ")");
    return;
  }
  const Packet& sent = by_id_[packet.id];
  if (node != sent.destination) {
    error(what() + " delivered at node " + std::to_string(node) + ", destination is " +
          std::to_string(sent.destination));
  }
  if (!(packet == sent)) error(what() + " arrived corrupted (header or payload differs)");
  state_[packet.id] = 2;
  slot_of_[packet.id] = slot;
  ++delivered_count_;
  last_slot_ = std::max(last_slot_, slot);
}

void Scoreboard::prefetch(const Packet& packet) const {
  if (packet.id >= state_.size()) return;
  optinet::prefetch(&state_[packet.id]);
  optinet::prefetch(&by_id_[packet.id]);
  optinet::prefetch(&slot_of_[packet.id]);
}

void Scoreboard::finish() {
  if (delivered_count_ == expected_count_) return;
  if (faults_ != nullptr) {
    std::uint64_t frames_lost = 0;
    for (std::uint64_t f : faults_->log().frames_lost()) frames_lost += f;
    for (std::uint32_t id = 0; id < state_.size(); ++id) {
      if (state_[id] != 1) continue;
      const Packet& p = by_id_[id];
      const FaultLog::PacketMark m = faults_->log().mark(id);
      std::string line = "packet " + std::to_string(id) + " (" + std::to_string(p.source) + " -> " +
                         std::to_string(p.destination) + ")";
      if (m.fault >= 0) {
        // Every fault that lost one of its frames, the first (in slot m.slot) first.
        std::string names = faults_->faults()[static_cast<std::size_t>(m.fault)].spec;
        std::size_t count = 1;
        for (std::size_t i = 0; i < faults_->faults().size() && i < 64; ++i) {
          if (static_cast<int>(i) == m.fault || (m.faults >> i & 1U) == 0) continue;
          names += ", " + faults_->faults()[i].spec;
          ++count;
        }
        line += std::string(": stopped by fault") + (count > 1 ? "s " : " ") + names +
                " (first frame lost in slot " + std::to_string(m.slot) + ")";
      } else if (frames_lost > 0) {
        line +=
            ": held back (no frame of it met a fault; its protocol waits on frames the "
            "faults lost)";
      } else {
        continue;  // no fault acted: a model error, counted below
      }
      fault_losses_.push_back(line);
      ++undelivered_to_faults_;
    }
    if (delivered_count_ + undelivered_to_faults_ == expected_count_) return;
    error(std::to_string(expected_count_ - delivered_count_ - undelivered_to_faults_) + " of " +
          std::to_string(expected_count_) + " packets not delivered, with no fault to explain it");
    return;
  }
  error(std::to_string(expected_count_ - delivered_count_) + " of " +
        std::to_string(expected_count_) + " packets not delivered");
}

}  // namespace optinet
