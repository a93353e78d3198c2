#pragma once
/// \file
/// What a view puts into a POPS network: every group's d processors and the couplers the view
/// places in that group, built as the group's children in the view's order, and the coupler
/// c(b, a) connected from group a's transmitters to group b's receivers. PopsNetwork wires any
/// view through this interface once; make_pops_elements() picks the view's elements:
/// - grouped, behavioural couplers: the g couplers c(b, a) that group a lights are one module
///   in group a (PassiveStarGroup), built after the group's processors;
/// - grouped, RTL couplers: the g couplers c(b, a) into group b are a module each in group b,
///   built after the group's processors;
/// - pins: the g couplers c(b, a) into group b are modules with pins in group b, built before
///   the group's processors, and bound to them through wires.
/// Creation order names nothing, but it orders SystemC's processes, so each view keeps its own.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/network_view.h"
#include "models/core/trace_window.h"
#include "models/pops/pops_coupler_factory.h"
#include "models/pops/pops_processor.h"

namespace optinet::pops {

class PopsGroup;

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

/// One group's elements, owned by the group and destroyed with it (each view destroys its
/// elements in reverse creation order, which keeps SystemC's teardown linear).
struct PopsGroupParts {
  virtual ~PopsGroupParts() = default;
  std::vector<std::unique_ptr<PopsProcessor>> processors;
};

class PopsElements {
 public:
  virtual ~PopsElements() = default;
  /// Builds the processors and couplers of `group` (number `index`, under construction, so
  /// that they are its children); the group keeps them.
  virtual std::unique_ptr<PopsGroupParts> build_group(PopsGroup& group, std::uint32_t index,
                                                      const PopsControlWiring& wiring) = 0;
  /// Connects c(b, a) to the transmitters of group a (`from`) and the receivers of group b
  /// (`into`), once every group is built; called for b = 0..g-1, and for each b for a = 0..g-1.
  virtual void connect(std::uint32_t b, std::uint32_t a, PopsGroup& into, PopsGroup& from) = 0;
  PopsProcessor& processor(std::uint32_t group, std::uint32_t k) {
    return *parts_[group]->processors[k];
  }
  virtual StarCoupler& coupler(std::uint32_t b, std::uint32_t a) = 0;
  /// Traces c(b, a) as `name`: its busy, collision and frame, and its optical registers, for the
  /// slots in `window` (the pins view: its output wires in every slot).
  virtual void trace_coupler(std::uint32_t b, std::uint32_t a, sc_core::sc_trace_file* tf,
                             const std::string& name, const TraceWindow& window) {
    coupler(b, a).trace(tf, name, window);
  }
  /// Traces the wires of processor k of `group`'s transmitter as `name`.tx_valid_<b> and
  /// `name`.tx_frame_* (only the pins view has them).
  virtual void trace_transmitter(std::uint32_t /*group*/, std::uint32_t /*k*/,
                                 sc_core::sc_trace_file* /*tf*/, const std::string& /*name*/) {}

 protected:
  /// Every group's parts, by group, as build_group() made them.
  std::vector<PopsGroupParts*> parts_;
};

/// The elements of `config`'s view and coupler kind.
std::unique_ptr<PopsElements> make_pops_elements(const PopsNetworkConfig& config);

/// c(b, a)'s name in the scope of group b: coupler_b<b>_a<a>.
std::string coupler_leaf(std::uint32_t b, std::uint32_t a);

}  // namespace optinet::pops
