#pragma once
/// \file
/// A POPS processor: the core processor plus one transmitter into its group's transmit bundle
/// and one tunable receiver on its group's receive bundle, both through one port.
#include <systemc>
#include <vector>

#include "models/core/processor.h"
#include "models/optical/control_channel.h"
#include "models/pops/pops_bundles.h"
#include "models/pops/pops_node.h"
#include "models/pops/pops_stepper.h"

namespace optinet::pops {

/// A processor's reach into the reservation control plane: its group's request star and the
/// claim and grant planes into every group, group b's at 2b and 2b + 1 (both null when the
/// network has none).
struct PopsControlWiring {
  ControlChannel* requests = nullptr;
  const std::vector<ControlChannel*>* planes = nullptr;
};

struct PopsProcessorConfig {
  NodeId id = 0;
  PopsShape shape;
  const PopsProtocol* protocol = nullptr;
  SlotWiring slot_wiring;
  /// The group's transmit bundle (drive) and receive bundle (sample): a plain object, not a
  /// port, for the same reason as slot_wiring.
  StarNodeIf* fibres = nullptr;
  PopsControlWiring control;
};

class PopsProcessor : public Processor, public PopsNodeContext {
 public:
  PopsProcessor(const sc_core::sc_module_name& name, const PopsProcessorConfig& config);

  void set_protocol(const PopsProtocol* protocol) { protocol_ = protocol; }
  /// The stepper that runs the node's steps in the runs it may be stepped in (steppable(),
  /// a protocol with steps, the stepper enabled); null: its thread runs them. Between runs only.
  void set_stepper(PopsStepper* stepper) { stepper_ = stepper; }

  // PopsNodeContext
  const PopsShape& shape() const override { return shape_; }
  void transmit(const std::uint32_t* groups, std::size_t count, const Frame& frame) override;
  void listen(std::uint32_t source_group) override;
  const std::optional<Frame>& received() const override { return received_; }
  bool has_control_plane() const override { return control_.requests != nullptr; }
  void send_request(const ControlWord& word) override;
  void send_control(std::uint32_t group, std::uint32_t minislot, const ControlWord& word) override;
  bool heard_request(std::uint32_t index, ControlWord& out) const override;
  bool heard_control(std::uint32_t minislot, ControlWord& out) const override;
  const std::vector<std::uint32_t>& derived_from_requests(
      std::uint32_t tag, const ControlDerivation& derivation) override;
  const std::vector<std::uint32_t>& derived_from_claims(
      std::uint32_t tag, const ControlDerivation& derivation) override;

 protected:
  void run_protocol() override;
  void sample_receiver(std::uint64_t slot) override;
  void start_of_slot() override;

 private:
  PopsShape shape_;
  const PopsProtocol* protocol_;
  PopsStepper* stepper_ = nullptr;
  StarNodeIf* fibres_;
  PopsControlWiring control_;
  std::uint64_t transmitted_in_slot_ = ~std::uint64_t{0};
  std::uint32_t listen_group_ = 0;
  bool listened_ = false;
  std::optional<Frame> received_;
  std::vector<std::uint32_t> derived_;  ///< slot 0's derivations (nothing heard yet)
};

}  // namespace optinet::pops
