#pragma once
/// \file
/// A POPS processor: the core processor plus one transmitter into its group's transmit bundle
/// and one tunable receiver on its group's receive bundle, both through one port.
#include <systemc>

#include "models/core/processor.h"
#include "models/networks/pops_node.h"
#include "models/optical/pops_bundles.h"

namespace optinet::pops {

struct PopsProcessorConfig {
  NodeId id = 0;
  PopsShape shape;
  const PopsProtocol* protocol = nullptr;
  SlotWiring slot_wiring;
  /// The group's transmit bundle (drive) and receive bundle (sample): a plain object, not a
  /// port, for the same reason as slot_wiring.
  StarNodeIf* fibres = nullptr;
};

class PopsProcessor : public Processor, public PopsNodeContext {
 public:
  PopsProcessor(const sc_core::sc_module_name& name, const PopsProcessorConfig& config);

  void set_protocol(const PopsProtocol* protocol) { protocol_ = protocol; }

  // PopsNodeContext
  const PopsShape& shape() const override { return shape_; }
  void transmit(const std::uint32_t* groups, std::size_t count, const Frame& frame) override;
  void listen(std::uint32_t source_group) override;
  const std::optional<Frame>& received() const override { return received_; }

 protected:
  void run_protocol() override;
  void sample_receiver(std::uint64_t slot) override;
  void start_of_slot() override;

 private:
  PopsShape shape_;
  const PopsProtocol* protocol_;
  StarNodeIf* fibres_;
  std::uint64_t transmitted_in_slot_ = ~std::uint64_t{0};
  std::uint32_t listen_group_ = 0;
  bool listened_ = false;
  std::optional<Frame> received_;
};

}  // namespace optinet::pops
