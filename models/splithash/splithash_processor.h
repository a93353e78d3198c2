#pragma once
/// \file
/// A split&hash node: the core processor plus one transmitter, which can light any of the
/// node's buses (one per slot), and one receiver (its cell of the network's ReceiverArray,
/// fed by every bus the node is attached to).
///
/// Ports: tx[0 .. tops-1] are the node's top buses (levels 2..d: the bus of h_j(x), j in
/// [a_i]; level 1: the bus to its group's sinks); tx[tops] is its bottom bus (levels 0..d-1).
#include <cstdint>
#include <optional>
#include <systemc>
#include <vector>

#include "models/core/processor.h"
#include "models/optical/optical_bus.h"
#include "models/splithash/splithash_node.h"

namespace optinet::splithash {

using MessageBusIf = BusTransmitIf<Message>;
using MessageReceiversIf = ReceiverSampleIf<Message>;

/// One recorded success of the Funnel Algorithm (see note_funnel_success).
struct FunnelSuccess {
  std::uint32_t batch;
  std::uint32_t level;
  std::uint32_t child;
  std::uint32_t round;
};

struct SplitHashProcessorConfig {
  NodeId id = 0;
  const SplitHashWiring* wiring = nullptr;
  SplitHashSettings settings;
  const SplitHashProtocol* protocol = nullptr;
  SlotWiring slot_wiring;
};

class SplitHashProcessor : public Processor, public SplitHashNodeContext {
 public:
  sc_core::sc_port<MessageBusIf, 0, sc_core::SC_ZERO_OR_MORE_BOUND> tx{"tx"};
  sc_core::sc_port<MessageReceiversIf> rx{"rx"};

  SplitHashProcessor(const sc_core::sc_module_name& name, const SplitHashProcessorConfig& config);

  /// The top buses this node has (tx[0..tops-1]; its bottom bus, if any, follows).
  std::uint32_t top_buses() const { return top_buses(shape(), level_); }
  /// The top buses of a node of `level`.
  static std::uint32_t top_buses(const SplitHashShape& s, std::uint32_t level);
  /// Whether node x of `level` has a bottom bus (its bottom index is in a block).
  static bool has_bottom_bus(const SplitHashShape& s, std::uint32_t level, std::uint64_t x);
  void set_protocol(const SplitHashProtocol* protocol) { protocol_ = protocol; }
  const std::vector<FunnelSuccess>& funnel_successes() const { return successes_; }
  /// Packets this node gave up on (batch, level; child and round unused).
  const std::vector<FunnelSuccess>& stuck() const { return stuck_; }
  const std::vector<FunnelSuccess>& level_rounds() const { return level_rounds_; }
  /// Processor::trace plus rx_collision (the receiver was garbled in the slot).
  void trace_node(sc_core::sc_trace_file* tf, const TraceWindow& window = {});

  // SplitHashNodeContext
  const SplitHashWiring& wiring() const override { return *wiring_; }
  std::uint32_t level() const override { return level_; }
  std::uint64_t index() const override { return index_; }
  const SplitHashSettings& settings() const override { return settings_; }
  void send(NodeId to, const Message& message) override;
  const std::optional<Message>& received() const override { return received_; }
  void note_funnel_success(std::uint32_t batch, std::uint32_t i, std::uint32_t child,
                           std::uint32_t round) override {
    successes_.push_back(FunnelSuccess{batch, i, child, round});
  }
  void note_fallback(std::uint32_t count) override { fallbacks_ += count; }
  std::uint64_t fallbacks() const { return fallbacks_; }
  void note_remainder(std::uint32_t count) override { remainder_ += count; }
  std::uint64_t remainder() const { return remainder_; }
  void note_applications(std::uint32_t count) override {
    applications_ = std::max(applications_, count);
  }
  std::uint32_t applications() const { return applications_; }
  void note_stuck(std::uint32_t batch, std::uint32_t i) override {
    stuck_.push_back(FunnelSuccess{batch, i, 0, 0});
  }
  void note_level_rounds(std::uint32_t batch, std::uint32_t i, std::uint32_t rounds) override {
    level_rounds_.push_back(FunnelSuccess{batch, i, 0, rounds});
  }

 protected:
  void run_protocol() override;
  void sample_receiver(std::uint64_t slot) override;
  void start_of_slot() override;

 private:
  /// The port, sender and receiver local indices for a frame to `to`; false if no bus joins.
  bool route(NodeId to, std::uint32_t& port, std::uint32_t& sender, std::uint32_t& receiver) const;

  const SplitHashWiring* wiring_;
  std::uint32_t level_;
  std::uint64_t index_;
  SplitHashSettings settings_;
  const SplitHashProtocol* protocol_;
  std::uint64_t sent_in_slot_ = ~std::uint64_t{0};
  std::optional<Message> received_;
  std::vector<FunnelSuccess> successes_;
  std::vector<FunnelSuccess> level_rounds_;
  std::vector<FunnelSuccess> stuck_;
  std::uint64_t fallbacks_ = 0;
  std::uint64_t remainder_ = 0;
  std::uint32_t applications_ = 0;
  TraceWindow window_;
  bool rx_collision_ = false;  // trace register
};

}  // namespace optinet::splithash
