#include "models/networks/ocpc_processor.h"

#include <string>

namespace optinet::ocpc {

OcpcProcessor::OcpcProcessor(const sc_core::sc_module_name& name, const OcpcProcessorConfig& config)
    : Processor(name, ProcessorConfig{config.id, config.slot_wiring}),
      shape_(config.shape),
      h_(config.h),
      protocol_(config.protocol) {}

void OcpcProcessor::run_protocol() {
  received_.reset();
  sent_in_slot_ = ~std::uint64_t{0};
  fallbacks_ = 0;
  recoveries_ = 0;
  stuck_ = 0;
  max_rounds_ = 0;
  if (protocol_ == nullptr) SC_REPORT_ERROR(name(), "no protocol set");
  protocol_->run(*this);
}

void OcpcProcessor::send(NodeId to, const Message& message) {
  const std::uint64_t now = slot();
  if (sent_in_slot_ == now) {
    SC_REPORT_ERROR(name(), ("two sends in slot " + std::to_string(now)).c_str());
  }
  if (!shape_.can_send(id(), to)) {
    SC_REPORT_ERROR(name(), ("cannot send to node " + std::to_string(to)).c_str());
  }
  sent_in_slot_ = now;
  Message m = message;
  m.sender = id();
  if (shape_.topology == Topology::kOcpc) {
    tx[0]->drive(id(), to, m, now);
  } else {  // the bus of the one dimension j the two differ in: local index = x_j
    const topology::DmobIndexing mesh = shape_.mesh();
    const std::uint32_t j = mesh.first_difference(id(), to);
    tx[static_cast<int>(j)]->drive(mesh.local_index(id(), j), mesh.local_index(to, j), m, now);
  }
  record_tx(m.packet.id, now);
}

void OcpcProcessor::start_of_slot() {
  // The receiver is always on: every slot's light is sampled (at the falling edge when traced,
  // else at the next rising edge), and received_ then holds the slot that just ended.
  set_listening();
}

void OcpcProcessor::sample_receiver(std::uint64_t slot) {
  received_ = rx->sample(id(), slot);
  if (received_ && lost_at_receiver(Frame{fault_frame_kind(*received_), received_->packet}, slot)) {
    received_.reset();
  }
  if (received_) record_rx(received_->packet.id, slot);
  if (window_.contains(slot)) rx_collision_ = rx->collided(id(), slot);
}

void OcpcProcessor::trace_node(sc_core::sc_trace_file* tf, const TraceWindow& window) {
  trace(tf, window);
  window_ = window;
  sc_core::sc_trace(tf, rx_collision_, std::string(name()) + ".rx_collision");
}

}  // namespace optinet::ocpc
