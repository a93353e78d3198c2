#include "models/splithash/splithash_processor.h"

#include <string>

namespace optinet::splithash {

SplitHashProcessor::SplitHashProcessor(const sc_core::sc_module_name& name,
                                       const SplitHashProcessorConfig& config)
    : Processor(name, ProcessorConfig{config.id, config.slot_wiring}),
      wiring_(config.wiring),
      level_(config.wiring->shape().level_of(config.id)),
      index_(config.wiring->shape().index_of(config.id)),
      settings_(config.settings),
      protocol_(config.protocol) {}

std::uint32_t SplitHashProcessor::top_buses(const SplitHashShape& s, std::uint32_t level) {
  if (level == 0) return 0;
  return level == 1 ? 1 : s.functions(level - 1);
}

bool SplitHashProcessor::has_bottom_bus(const SplitHashShape& s, std::uint32_t level,
                                        std::uint64_t x) {
  return level == 0 ||
         (level < s.depth && s.block_of(level, x % s.power(level)) < s.functions(level));
}

void SplitHashProcessor::run_protocol() {
  received_.reset();
  sent_in_slot_ = ~std::uint64_t{0};
  successes_.clear();
  level_rounds_.clear();
  stuck_.clear();
  fallbacks_ = 0;
  remainder_ = 0;
  applications_ = 0;
  if (protocol_ == nullptr) SC_REPORT_ERROR(name(), "no protocol set");
  protocol_->run(*this);
}

bool SplitHashProcessor::route(NodeId to, std::uint32_t& port, std::uint32_t& sender,
                               std::uint32_t& receiver) const {
  const SplitHashShape& s = shape();
  if (to >= s.nodes()) return false;
  const std::uint32_t to_level = s.level_of(to);
  const std::uint64_t y = s.index_of(to);
  const std::uint64_t k = s.k;
  // On a bus to the sinks any two of its 2k nodes may talk (sinks at local 0..k-1, then the
  // group's level-1 nodes).
  if (level_ <= 1 && to_level <= 1 && to != id()) {
    if (y / k != index_ / k) return false;
    port = level_ == 1 ? 0 : top_buses();
    sender = static_cast<std::uint32_t>(level_ * k + index_ % k);
    receiver = static_cast<std::uint32_t>(to_level * k + y % k);
    return true;
  }
  if (to_level + 1 == level_) {  // down: this node is the top
    const std::uint32_t i = to_level;
    if (y / s.power(i + 1) != index_ / s.power(i + 1)) return false;  // another group
    receiver = static_cast<std::uint32_t>(y / s.power(i) % k);        // the child funnel
    const std::uint64_t l = y % s.power(i);
    port = s.block_of(i, l);
    if (port >= s.functions(i) || wiring_->target(i, index_, port) != l) return false;
    sender = wiring_->top_local(i, index_, port);
    return true;
  }
  if (to_level == level_ && level_ >= 2 && to != id()) {  // across: two tops on one bus
    const std::uint32_t i = level_ - 1;
    if (y / s.power(level_) != index_ / s.power(level_)) return false;  // another group
    for (std::uint32_t j = 0; j < s.functions(i); ++j) {
      if (wiring_->target(i, index_, j) != wiring_->target(i, y, j)) continue;
      port = j;
      sender = wiring_->top_local(i, index_, j);
      receiver = wiring_->top_local(i, y, j);
      return true;
    }
    return false;
  }
  if (to_level == level_ + 1) {  // up: this node is the bottom
    const std::uint32_t i = level_;
    if (y / s.power(i + 1) != index_ / s.power(i + 1)) return false;
    port = top_buses();
    sender = static_cast<std::uint32_t>(index_ / s.power(i) % k);
    const std::uint64_t l = index_ % s.power(i);
    const std::uint32_t j = s.block_of(i, l);
    if (j >= s.functions(i) || wiring_->target(i, y, j) != l) return false;
    receiver = wiring_->top_local(i, y, j);
    return true;
  }
  return false;
}

void SplitHashProcessor::send(NodeId to, const Message& message) {
  const std::uint64_t now = slot();
  if (sent_in_slot_ == now) {
    SC_REPORT_ERROR(name(), ("two sends in slot " + std::to_string(now)).c_str());
  }
  std::uint32_t port = 0;
  std::uint32_t sender = 0;
  std::uint32_t receiver = 0;
  if (!route(to, port, sender, receiver)) {
    SC_REPORT_ERROR(name(), ("no bus to node " + std::to_string(to)).c_str());
  }
  sent_in_slot_ = now;
  Message m = message;
  m.sender = id();
  tx[static_cast<int>(port)]->drive(sender, receiver, m, now);
  record_tx(m.packet.id, now);
}

void SplitHashProcessor::start_of_slot() { set_listening(); }

void SplitHashProcessor::sample_receiver(std::uint64_t slot) {
  received_ = rx->sample(id(), slot);
  if (received_) record_rx(received_->packet.id, slot);
  if (window_.contains(slot)) rx_collision_ = rx->collided(id(), slot);
}

void SplitHashProcessor::trace_node(sc_core::sc_trace_file* tf, const TraceWindow& window) {
  trace(tf, window);
  window_ = window;
  sc_core::sc_trace(tf, rx_collision_, std::string(name()) + ".rx_collision");
}

}  // namespace optinet::splithash
