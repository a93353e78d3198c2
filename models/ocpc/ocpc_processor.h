#pragma once
/// \file
/// An OCPC, MOB-PC or D-dimensional MOB processor: the core processor plus one transmitter and
/// one receiver. On the OCPC the transmitter is attached to the single bus (port tx[0]); on a
/// mesh it can light the bus of any one dimension j (tx[j]; MOB-PC: tx[0] the row bus, tx[1] the
/// column bus), one of them per slot. The single receiver is the processor's cell of the
/// network's ReceiverArray, which all its buses feed.
#include <cstdint>
#include <optional>
#include <systemc>

#include "models/core/processor.h"
#include "models/ocpc/ocpc_node.h"
#include "models/optical/control_channel.h"
#include "models/optical/optical_bus.h"

namespace optinet::ocpc {

using MessageBusIf = BusTransmitIf<Message>;
using MessageReceiversIf = ReceiverSampleIf<Message>;

/// A processor's reach into the reservation control plane: the request and grant channels
/// beside its bus 0 and bus 1 (null where there is none).
struct OcpcControlWiring {
  ControlChannel* request[2] = {nullptr, nullptr};
  ControlChannel* grant[2] = {nullptr, nullptr};
};

struct OcpcProcessorConfig {
  NodeId id = 0;
  OcpcShape shape;
  std::uint32_t h = 1;
  const OcpcProtocol* protocol = nullptr;
  SlotWiring slot_wiring;
  OcpcControlWiring control;
};

class OcpcProcessor : public Processor, public OcpcNodeContext {
 public:
  /// [0]: the OCPC bus, or the mesh's bus of dimension 0 (MOB-PC: the row bus); [j]: the bus
  /// of dimension j (MOB-PC: [1] the column bus).
  sc_core::sc_port<MessageBusIf, 0, sc_core::SC_ONE_OR_MORE_BOUND> tx{"tx"};
  sc_core::sc_port<MessageReceiversIf> rx{"rx"};

  OcpcProcessor(const sc_core::sc_module_name& name, const OcpcProcessorConfig& config);

  void set_protocol(const OcpcProtocol* protocol) { protocol_ = protocol; }
  /// Sets h for the next run (between runs only).
  void set_h(std::uint32_t h) { h_ = h; }
  /// Fallbacks noted during the last run.
  std::uint64_t fallbacks() const { return fallbacks_; }
  /// Recoveries noted during the last run.
  std::uint64_t recoveries() const { return recoveries_; }
  /// Packets given up during the last run, and the most rounds a level took.
  std::uint64_t stuck() const { return stuck_; }
  std::uint32_t max_rounds() const { return max_rounds_; }
  /// Processor::trace plus rx_collision (the receiver was garbled in the slot).
  void trace_node(sc_core::sc_trace_file* tf, const TraceWindow& window = {});
  /// The network's HardwareAcks acknowledges receptions for this processor (elaboration only).
  void enable_hardware_ack() { hardware_ack_ = true; }
  /// Called by HardwareAcks at the start of the slot after `data_slot`: if this node's thread
  /// sleeps through that slot in a communication step, latches what arrived in `data_slot` and
  /// sends its acknowledgement now, as the thread would have.
  void acknowledge(std::uint64_t data_slot);
  /// Acknowledgements the receiver logic sent for this node during the last run (the thread's
  /// own are not counted).
  std::uint64_t hardware_acks() const { return hardware_acks_; }

  // OcpcNodeContext
  const OcpcShape& shape() const override { return shape_; }
  std::uint32_t h() const override { return h_; }
  void send(NodeId to, const Message& message) override;
  const std::optional<Message>& received() const override { return received_; }
  /// Untraced, with HardwareAcks: sends in the data slot and sleeps through the ack slot (one
  /// thread activation per step instead of two); otherwise step_slot_by_slot.
  StepOutcome communication_step(NodeId to, const std::optional<Message>& out) override;
  void note_fallback(std::uint32_t count) override { fallbacks_ += count; }
  void note_recovery(std::uint32_t count) override { recoveries_ += count; }
  void note_stuck(std::uint32_t count) override { stuck_ += count; }
  void note_rounds(std::uint32_t rounds) override {
    if (rounds > max_rounds_) max_rounds_ = rounds;
  }
  bool has_control_plane() const override { return control_.request[0] != nullptr; }
  void send_control(Control kind, std::uint32_t bus, std::uint64_t word) override;
  std::optional<std::uint64_t> heard_control(Control kind, std::uint32_t bus,
                                             std::uint32_t minislot) const override;

 protected:
  void run_protocol() override;
  void sample_receiver(std::uint64_t slot) override;
  void start_of_slot() override;

 private:
  /// Drives `message` (sender filled in) towards `to` in `slot`, on the bus that reaches it.
  void transmit(NodeId to, const Message& message, std::uint64_t slot);
  /// What the receiver got in `slot`: the frame if exactly one arrived and the receiver is not
  /// dead (a frame lost to a dead receiver is logged).
  std::optional<Message> receive(std::uint64_t slot);

  OcpcShape shape_;
  std::uint32_t h_;
  const OcpcProtocol* protocol_;
  OcpcControlWiring control_;
  std::uint64_t sent_in_slot_ = ~std::uint64_t{0};
  std::optional<Message> received_;
  bool hardware_ack_ = false;
  /// The data slot of the communication step the thread is sleeping through (none: ~0).
  std::uint64_t armed_slot_ = ~std::uint64_t{0};
  std::optional<Message> latched_;  ///< what arrived in armed_slot_ (acknowledged by hardware)
  std::uint64_t hardware_acks_ = 0;
  std::uint64_t fallbacks_ = 0;
  std::uint64_t recoveries_ = 0;
  std::uint64_t stuck_ = 0;
  std::uint32_t max_rounds_ = 0;
  TraceWindow window_;
  bool rx_collision_ = false;  // trace register
};

}  // namespace optinet::ocpc
