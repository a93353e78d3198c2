#pragma once
/// \file
/// POPS(d, g): g groups of d processors and g*g optical passive star couplers c(b, a). This
/// module only instantiates and binds. Hierarchy mirrors the hardware: pops.group3.proc7 is
/// processor 7 of group 3. Coupler c(2, 5) is named pops.group2.coupler_b2_a5 in traces and
/// messages, in the scope of the group it feeds (its destination group). Behavioural couplers
/// are plain objects, the g that group a lights in one module pops.groupA.couplers (one method
/// for them all: elaboration cost, docs/benchmarks.md); an RTL coupler is a module of that name
/// of its own. No module has more than d + g children.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/frame_pins.h"
#include "models/core/network_view.h"
#include "models/core/run_control.h"
#include "models/pops/coupler_factory.h"
#include "models/pops/passive_star_group.h"
#include "models/pops/pops_bundles.h"
#include "models/pops/pops_pin_coupler.h"
#include "models/pops/pops_pin_processor.h"
#include "models/pops/pops_processor.h"
#include "models/pops/pops_stepper.h"

namespace optinet::pops {

/// POPS's views (network_view.h): in `kPins` every processor and every coupler c(b, a) is a
/// module with pins (pops_pin_coupler.h, pops_pin_processor.h); in `kGrouped` processors
/// without ports reach their group's fibre bundles through a pointer, and a group's behavioural
/// couplers are one module.
using PopsView = NetworkView;

inline std::string pops_view_name(PopsView view) { return network_view_name(view); }

/// One coupler c(b, a) and what it is made of.
struct CouplerInstance {
  std::uint32_t b = 0;
  std::uint32_t a = 0;
  CouplerKind kind = CouplerKind::kBehavioural;
  std::string model;  ///< the verilated model of an RTL kind, by its top module's name
};

struct PopsNetworkConfig {
  PopsShape shape;
  const PopsProtocol* protocol = nullptr;
  CouplerKind coupler = CouplerKind::kBehavioural;
  /// Build the reservation control plane (PopsNodeContext): per group a request star and a
  /// control plane into the group.
  bool control_plane = false;
  PopsView view = PopsView::kGrouped;
  /// The pins view: couplers c(b, a) swapped for verilated RTL (kind kRtl or kLockstep).
  std::vector<CouplerInstance> rtl_couplers{};
};

/// The pins view's wires of one processor's transmitter: a valid line per coupler it lights,
/// and its frame (in its group's scope: proc<k>_tx_valid_<b>, proc<k>_tx_frame_kind, ...). A
/// valid line has two writers in different delta cycles: the processor's thread raises it at a
/// rising edge, its method lowers it at the falling edge.
struct TransmitterWires {
  sc_core::sc_vector<sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS>> valid;
  FramePins<Signal> frame;
  TransmitterWires(const std::string& proc, std::uint32_t couplers)
      : valid((proc + "_tx_valid").c_str(), couplers), frame(proc + "_tx_frame_") {}
};

/// The pins view's wires of one coupler's output (in its destination group's scope:
/// coupler_b<b>_a<a>_busy, _collision, _valid, _frame_kind, ...).
struct CouplerWires {
  sc_core::sc_signal<bool> busy;
  sc_core::sc_signal<bool> collision;
  ValidFramePins<Signal> output;
  explicit CouplerWires(const std::string& coupler)
      : busy((coupler + "_busy").c_str()),
        collision((coupler + "_collision").c_str()),
        output(coupler + "_valid", coupler + "_frame_") {}
};

/// One group: its d processors, its transmit and receive bundles, and its couplers: the g it
/// lights (behavioural) or the g into it (RTL).
class PopsGroup : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  /// `control_planes`: the network's claim and grant planes into every group (2b and 2b + 1),
  /// filled once every group is built (used only with config.control_plane).
  PopsGroup(const sc_core::sc_module_name& name, std::uint32_t group,
            const PopsNetworkConfig& config, const std::vector<ControlChannel*>* control_planes);
  ~PopsGroup() override;

  GroupTransmitBundle tx_bundle;
  GroupReceiveBundle rx_bundle;
  GroupNodeBundles node_bundles{tx_bundle, rx_bundle};  ///< the processors' side of both
  std::vector<std::unique_ptr<PopsProcessor>> processors;
  /// Behavioural: c(b, this), b = 0..g-1, one module; null for the RTL kinds.
  std::unique_ptr<PassiveStarGroup> couplers_out;
  /// RTL kinds: c(this, a), a = 0..g-1, a module each; empty for behavioural couplers.
  std::vector<std::unique_ptr<PassiveStar>> couplers_in;
  /// The pins view: c(this, a), a = 0..g-1, a module each, and the wires of the processors'
  /// transmitters and of the couplers' outputs (empty in the grouped view).
  std::vector<std::unique_ptr<PopsPinCoupler>> pin_couplers;
  std::vector<std::unique_ptr<TransmitterWires>> transmitter_wires;
  std::vector<std::unique_ptr<CouplerWires>> coupler_wires;
  /// The reservation control plane (null without one): the group's request star, and the
  /// claim and grant planes into the group.
  std::unique_ptr<ControlChannel> request_star;
  std::unique_ptr<ControlChannel> claim_plane;
  std::unique_ptr<ControlChannel> grant_plane;

 private:
  /// The pins view: the couplers into this group and the processors, bound through wires.
  void build_pins(std::uint32_t group, const PopsNetworkConfig& config,
                  const PopsControlWiring& wiring);
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
  StarCoupler& coupler(std::uint32_t b, std::uint32_t a) {
    const std::unique_ptr<PassiveStarGroup>& out = groups_[a]->couplers_out;
    if (out) return out->coupler(b);
    PopsGroup& into = *groups_[b];
    return into.pin_couplers.empty() ? into.couplers_in[a]->coupler()
                                     : into.pin_couplers[a]->coupler();
  }
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
  std::vector<ControlChannel*> control_planes_;  ///< claim and grant plane into each group
  std::vector<std::unique_ptr<PopsGroup>> groups_;
  std::unique_ptr<PopsStepper> stepper_;  ///< the grouped view's
  std::vector<Processor*> peers_;         ///< by node id, once connect_peers() was called
};

}  // namespace optinet::pops
