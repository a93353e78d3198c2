#pragma once
/// \file
/// POPS(d, g): g groups of d processors and g*g optical passive star couplers c(b, a). This
/// module only instantiates and binds, once for every view: the view supplies the elements
/// (pops_elements.h). Hierarchy mirrors the hardware: pops.group3.proc7 is processor 7 of
/// group 3. Coupler c(2, 5) is named pops.group2.coupler_b2_a5 in traces and messages, in the
/// scope of the group it feeds (its destination group). Behavioural couplers are plain objects,
/// the g that group a lights in one module pops.groupA.couplers (one method for them all:
/// elaboration cost, docs/benchmarks.md); an RTL coupler is a module of that name of its own.
/// No module has more than d + g children.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/pops/pops_bundles.h"
#include "models/pops/pops_elements.h"
#include "models/pops/pops_processor.h"
#include "models/pops/pops_stepper.h"

namespace optinet::pops {

/// One group: its transmit and receive bundles, its reservation control plane, and the
/// processors and couplers its view puts in it (pops_elements.h).
class PopsGroup : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  /// `control_planes`: the network's claim and grant planes into every group (2b and 2b + 1),
  /// filled once every group is built (used only with config.control_plane).
  PopsGroup(const sc_core::sc_module_name& name, std::uint32_t group,
            const PopsNetworkConfig& config, PopsElements& elements,
            const std::vector<ControlChannel*>* control_planes);
  ~PopsGroup() override;

  GroupTransmitBundle tx_bundle;
  GroupReceiveBundle rx_bundle;
  GroupNodeBundles node_bundles{tx_bundle, rx_bundle};  ///< the processors' side of both
  /// The reservation control plane (null without one): the group's request star, and the
  /// claim and grant planes into the group.
  std::unique_ptr<ControlChannel> request_star;
  std::unique_ptr<ControlChannel> claim_plane;
  std::unique_ptr<ControlChannel> grant_plane;

 private:
  std::unique_ptr<PopsGroupParts> parts_;  ///< the view's processors and couplers
};

class PopsNetwork : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  PopsNetwork(const sc_core::sc_module_name& name, const PopsNetworkConfig& config);
  ~PopsNetwork() override;

  const PopsShape& shape() const { return config_.shape; }
  PopsProcessor& processor(NodeId i) {
    return elements_->processor(config_.shape.group_of(i), config_.shape.index_in_group(i));
  }
  PopsGroup& group(std::uint32_t b) { return *groups_[b]; }
  /// Coupler c(b, a): from group a to group b.
  StarCoupler& coupler(std::uint32_t b, std::uint32_t a) { return elements_->coupler(b, a); }
  PopsView view() const { return config_.view; }
  /// pops.groupB.coupler_bB_aA: c(b, a)'s name in traces and messages.
  std::string coupler_name(std::uint32_t b, std::uint32_t a) const;
  /// Traces c(b, a)'s busy, collision and frame under its name, for the slots in `window`.
  /// In the pins view its output wires (busy, collision, valid, frame_*) in every slot, and its
  /// optical registers (power_mw, fault) in `window`.
  void trace_coupler(std::uint32_t b, std::uint32_t a, sc_core::sc_trace_file* tf,
                     const TraceWindow& window);
  /// Traces processor i: its transmit and receive registers in `window`, and in the pins view its
  /// transmitter's wires (tx_valid_<b>, tx_frame_*) in every slot.
  void trace_processor(NodeId i, sc_core::sc_trace_file* tf, const TraceWindow& window);
  /// Clears the fibre bundles and control channels between runs (slot numbers restart with
  /// each run).
  void reset_media() {
    for (auto& group : groups_) {
      group->tx_bundle.reset();
      group->rx_bundle.reset();
      if (group->request_star) group->request_star->reset();
      if (group->claim_plane) group->claim_plane->reset();
      if (group->grant_plane) group->grant_plane->reset();
    }
  }
  /// Lets the processors wake one another, so that an idle one may sleep (open-loop runs), or
  /// (false) makes every processor step through every slot. Between runs only.
  void connect_peers(bool connect = true) {
    peers_.resize(config_.shape.n());
    for (NodeId i = 0; i < config_.shape.n(); ++i) peers_[i] = &processor(i);
    for (Processor* p : peers_) p->set_peers(connect ? &peers_ : nullptr);
  }
  /// Whether the next runs step the processors that allow it from one process (the grouped
  /// view's stepper, pops_stepper.h) instead of their threads; the pins view has none.
  /// Between runs only.
  void set_stepped(bool stepped) {
    if (stepper_) stepper_->set_enabled(stepped);
  }
  bool stepped() const { return stepper_ && stepper_->enabled(); }
  /// Every control channel (request stars, then per group its claim and grant planes), empty
  /// without a control plane.
  std::vector<const ControlChannel*> control_channels() const;

 private:
  PopsNetworkConfig config_;
  std::unique_ptr<PopsElements> elements_;       ///< the view's, for config_
  std::vector<ControlChannel*> control_planes_;  ///< claim and grant plane into each group
  std::vector<std::unique_ptr<PopsGroup>> groups_;
  std::unique_ptr<PopsStepper> stepper_;  ///< the grouped view's
  std::vector<Processor*> peers_;         ///< by node id, once connect_peers() was called
};

}  // namespace optinet::pops
