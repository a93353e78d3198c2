#pragma once
/// \file
/// POPS(d, g): g groups of d processors and g*g optical passive star couplers c(b, a). This
/// module only instantiates and binds. Hierarchy mirrors the hardware: pops.group3.proc7 is
/// processor 7 of group 3; pops.group2.coupler_b2_a5 is c(2, 5), kept in the scope of the group
/// it feeds (its destination group), so no module has more than d + g children.
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/networks/pops_processor.h"
#include "models/optical/coupler_factory.h"
#include "models/optical/pops_bundles.h"

namespace optinet::pops {

struct PopsNetworkConfig {
  PopsShape shape;
  const PopsProtocol* protocol = nullptr;
  CouplerKind coupler = CouplerKind::kBehavioural;
};

/// One group: its d processors, its transmit and receive bundles, and the g couplers into it.
class PopsGroup : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  PopsGroup(const sc_core::sc_module_name& name, std::uint32_t group,
            const PopsNetworkConfig& config);
  ~PopsGroup() override;

  GroupTransmitBundle tx_bundle;
  GroupReceiveBundle rx_bundle;
  std::vector<std::unique_ptr<PopsProcessor>> processors;
  std::vector<std::unique_ptr<PassiveStar>> couplers_in;  ///< c(this, a), a = 0..g-1
};

class PopsNetwork : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  PopsNetwork(const sc_core::sc_module_name& name, const PopsNetworkConfig& config);
  ~PopsNetwork() override;

  const PopsShape& shape() const { return config_.shape; }
  PopsProcessor& processor(NodeId i) {
    return *groups_[config_.shape.group_of(i)]->processors[config_.shape.index_in_group(i)];
  }
  PopsGroup& group(std::uint32_t b) { return *groups_[b]; }
  /// Coupler c(b, a): from group a to group b.
  PassiveStar& coupler(std::uint32_t b, std::uint32_t a) { return *groups_[b]->couplers_in[a]; }
  /// Clears the fibre bundles between runs (slot numbers restart with each run).
  void reset_media() {
    for (auto& group : groups_) {
      group->tx_bundle.reset();
      group->rx_bundle.reset();
    }
  }

 private:
  PopsNetworkConfig config_;
  std::vector<std::unique_ptr<PopsGroup>> groups_;
};

}  // namespace optinet::pops
