#include "models/ocpc/ocpc_processor.h"

#include <stdexcept>
#include <string>

namespace optinet::ocpc {

OcpcProcessor::OcpcProcessor(const sc_core::sc_module_name& name, const OcpcProcessorConfig& config)
    : Processor(name, ProcessorConfig{config.id, config.slot_wiring}),
      shape_(config.shape),
      h_(config.h),
      protocol_(config.protocol),
      control_(config.control) {}

static ControlChannel* control_channel(const OcpcControlWiring& wiring,
                                       OcpcNodeContext::Control kind, std::uint32_t bus) {
  ControlChannel* c =
      bus < 2 ? (kind == OcpcNodeContext::Control::kRequest ? wiring.request : wiring.grant)[bus]
              : nullptr;
  if (c == nullptr) throw std::logic_error("no control channel beside bus " + std::to_string(bus));
  return c;
}

void OcpcProcessor::send_control(Control kind, std::uint32_t bus, std::uint64_t word) {
  if (!has_control_plane()) OcpcNodeContext::send_control(kind, bus, word);
  control_channel(control_, kind, bus)->send(shape_.local_index(id(), bus), word, slot());
}

std::optional<std::uint64_t> OcpcProcessor::heard_control(Control kind, std::uint32_t bus,
                                                          std::uint32_t minislot) const {
  if (!has_control_plane()) return OcpcNodeContext::heard_control(kind, bus, minislot);
  if (slot() == 0) return std::nullopt;
  return control_channel(control_, kind, bus)->heard(minislot, slot() - 1);
}

void OcpcProcessor::run_protocol() {
  received_.reset();
  latched_.reset();
  armed_slot_ = ~std::uint64_t{0};
  hardware_acks_ = 0;
  sent_in_slot_ = ~std::uint64_t{0};
  fallbacks_ = 0;
  recoveries_ = 0;
  stuck_ = 0;
  max_rounds_ = 0;
  if (protocol_ == nullptr) SC_REPORT_ERROR(name(), "no protocol set");
  protocol_->run(*this);
}

void OcpcProcessor::send(NodeId to, const Message& message) { transmit(to, message, slot()); }

void OcpcProcessor::transmit(NodeId to, const Message& message, std::uint64_t now) {
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

StepOutcome OcpcProcessor::communication_step(NodeId to, const std::optional<Message>& out) {
  if (!hardware_ack_ || traced()) return step_slot_by_slot(*this, to, out);
  if (out) send(to, *out);
  armed_slot_ = slot();
  try {
    sleep_through_next_slot();  // received_: the ack slot's light
  } catch (...) {               // an aborted run: nothing is acknowledged for this node any more
    armed_slot_ = ~std::uint64_t{0};
    throw;
  }
  armed_slot_ = ~std::uint64_t{0};
  StepOutcome outcome;
  outcome.received = std::move(latched_);
  latched_.reset();
  outcome.acknowledged = out && received_ && received_->kind == Message::Kind::kAck;
  return outcome;
}

void OcpcProcessor::acknowledge(std::uint64_t data_slot) {
  if (armed_slot_ != data_slot) return;  // the thread is awake and acknowledges for itself
  latched_ = receive(data_slot);
  if (!latched_) return;
  transmit(latched_->sender, ack_of(*latched_), data_slot + 1);
  ++hardware_acks_;
}

std::optional<Message> OcpcProcessor::receive(std::uint64_t slot) {
  std::optional<Message> got = rx->sample(id(), slot);
  if (got && lost_at_receiver(Frame{fault_frame_kind(*got), got->packet}, slot)) got.reset();
  if (got) record_rx(got->packet.id, slot);
  return got;
}

void OcpcProcessor::sample_receiver(std::uint64_t slot) {
  received_ = receive(slot);
  if (window_.contains(slot)) rx_collision_ = rx->collided(id(), slot);
}

void OcpcProcessor::trace_node(sc_core::sc_trace_file* tf, const TraceWindow& window) {
  trace(tf, window);
  window_ = window;
  sc_core::sc_trace(tf, rx_collision_, std::string(name()) + ".rx_collision");
}

}  // namespace optinet::ocpc
