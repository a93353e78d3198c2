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
#include "models/networks/ocpc_node.h"
#include "models/optical/optical_bus.h"

namespace optinet::ocpc {

using MessageBusIf = BusTransmitIf<Message>;
using MessageReceiversIf = ReceiverSampleIf<Message>;

struct OcpcProcessorConfig {
  NodeId id = 0;
  OcpcShape shape;
  std::uint32_t h = 1;
  const OcpcProtocol* protocol = nullptr;
  SlotWiring slot_wiring;
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

  // OcpcNodeContext
  const OcpcShape& shape() const override { return shape_; }
  std::uint32_t h() const override { return h_; }
  void send(NodeId to, const Message& message) override;
  const std::optional<Message>& received() const override { return received_; }
  void note_fallback(std::uint32_t count) override { fallbacks_ += count; }
  void note_recovery(std::uint32_t count) override { recoveries_ += count; }
  void note_stuck(std::uint32_t count) override { stuck_ += count; }
  void note_rounds(std::uint32_t rounds) override {
    if (rounds > max_rounds_) max_rounds_ = rounds;
  }

 protected:
  void run_protocol() override;
  void sample_receiver(std::uint64_t slot) override;
  void start_of_slot() override;

 private:
  OcpcShape shape_;
  std::uint32_t h_;
  const OcpcProtocol* protocol_;
  std::uint64_t sent_in_slot_ = ~std::uint64_t{0};
  std::optional<Message> received_;
  std::uint64_t fallbacks_ = 0;
  std::uint64_t recoveries_ = 0;
  std::uint64_t stuck_ = 0;
  std::uint32_t max_rounds_ = 0;
  TraceWindow window_;
  bool rx_collision_ = false;  // trace register
};

}  // namespace optinet::ocpc
