#include "models/pops/pops_network.h"

#include <string>

namespace optinet::pops {

namespace {
/// c(b, a)'s name in the scope of group b.
std::string coupler_leaf(std::uint32_t b, std::uint32_t a) {
  return "coupler_b" + std::to_string(b) + "_a" + std::to_string(a);
}
}  // namespace

PopsGroup::PopsGroup(const sc_core::sc_module_name& name, std::uint32_t group,
                     const PopsNetworkConfig& config,
                     const std::vector<ControlChannel*>* control_planes)
    : sc_core::sc_module(name), tx_bundle("tx", config.shape.g), rx_bundle("rx", config.shape.g) {
  const PopsShape& s = config.shape;
  tx_bundle.record_sources(config.coupler != CouplerKind::kBehavioural);
  PopsControlWiring wiring;
  if (config.control_plane) {
    // Request star: d minislots of a (g + 1)-bit word, heard by the group's d processors. The
    // planes into the group, heard by its d receivers: g claim minislots of a (d + 1)-bit word
    // and g grant minislots of a receiver index.
    const std::uint32_t index_bits = receiver_index_bits(s.d);
    request_star =
        std::make_unique<ControlChannel>("request_star", ControlChannelConfig{s.d, s.g + 1, s.d});
    request_star->clk(clk);
    claim_plane =
        std::make_unique<ControlChannel>("claim_plane", ControlChannelConfig{s.g, s.d + 1, s.d});
    claim_plane->clk(clk);
    grant_plane =
        std::make_unique<ControlChannel>("grant_plane", ControlChannelConfig{s.g, index_bits, s.d});
    grant_plane->clk(clk);
    wiring = PopsControlWiring{request_star.get(), control_planes};
  }
  processors.reserve(s.d);
  if (config.view == PopsView::kPins) {
    build_pins(group, config, wiring);
    return;
  }
  for (std::uint32_t k = 0; k < s.d; ++k) {
    const std::string proc = "proc" + std::to_string(k);
    processors.emplace_back(std::make_unique<PopsProcessor>(
        proc.c_str(), PopsProcessorConfig{s.node(group, k), s, config.protocol,
                                          SlotWiring{&clk, &control}, &node_bundles, wiring}));
  }
  if (config.coupler == CouplerKind::kBehavioural) {
    couplers_out = std::make_unique<PassiveStarGroup>("couplers", group, s.g);
    couplers_out->clk(clk);
    couplers_out->sources(tx_bundle);
    return;
  }
  couplers_in.reserve(s.g);
  for (std::uint32_t a = 0; a < s.g; ++a) {
    couplers_in.emplace_back(make_coupler(config.coupler, coupler_leaf(group, a).c_str(),
                                          OpticalPassiveStarConfig{group, a}));
    couplers_in.back()->clk(clk);
    couplers_in.back()->destinations(rx_bundle);
  }
}

void PopsGroup::build_pins(std::uint32_t group, const PopsNetworkConfig& config,
                           const PopsControlWiring& wiring) {
  const PopsShape& s = config.shape;
  coupler_wires.reserve(s.g);
  pin_couplers.reserve(s.g);
  for (std::uint32_t a = 0; a < s.g; ++a) {
    const std::string leaf = coupler_leaf(group, a);
    coupler_wires.push_back(std::make_unique<CouplerWires>(leaf));
    CouplerInstance instance{group, a, CouplerKind::kBehavioural, ""};
    for (const CouplerInstance& c : config.rtl_couplers) {
      if (c.b == group && c.a == a) instance = c;
    }
    pin_couplers.push_back(
        std::make_unique<PopsPinCoupler>(leaf.c_str(), OpticalPassiveStarConfig{group, a}, s.d,
                                         &control, instance.kind, instance.model));
    PopsPinCoupler& c = *pin_couplers.back();
    CouplerWires& w = *coupler_wires.back();
    c.clk(clk);
    c.busy(w.busy);
    c.collision(w.collision);
    c.output.bind(w.output);
  }
  transmitter_wires.reserve(s.d);
  for (std::uint32_t k = 0; k < s.d; ++k) {
    const std::string proc = "proc" + std::to_string(k);
    transmitter_wires.push_back(std::make_unique<TransmitterWires>(proc, s.g));
    auto p = std::make_unique<PopsPinProcessor>(
        proc.c_str(), PopsProcessorConfig{s.node(group, k), s, config.protocol,
                                          SlotWiring{nullptr, &control}, nullptr, wiring});
    TransmitterWires& w = *transmitter_wires.back();
    p->clk(clk);
    for (std::uint32_t b = 0; b < s.g; ++b) p->tx_valid[b](w.valid[b]);
    p->tx.bind(w.frame);
    for (std::uint32_t a = 0; a < s.g; ++a) p->rx[a]->bind(coupler_wires[a]->output);
    processors.push_back(std::move(p));
  }
}

// SystemC removes a process from a list searched from the newest end, and a child from its
// parent's list: destroying in reverse creation order keeps teardown linear.
PopsGroup::~PopsGroup() {
  while (!processors.empty()) processors.pop_back();
  transmitter_wires.clear();
  while (!pin_couplers.empty()) pin_couplers.pop_back();
  coupler_wires.clear();
  while (!couplers_in.empty()) couplers_in.pop_back();
  couplers_out.reset();
  grant_plane.reset();
  claim_plane.reset();
  request_star.reset();
}

PopsNetwork::PopsNetwork(const sc_core::sc_module_name& name, const PopsNetworkConfig& config)
    : sc_core::sc_module(name), config_(config) {
  const PopsShape& s = config.shape;
  groups_.reserve(s.g);
  for (std::uint32_t b = 0; b < s.g; ++b) {
    const std::string group = "group" + std::to_string(b);
    groups_.emplace_back(std::make_unique<PopsGroup>(group.c_str(), b, config, &control_planes_));
    if (config.control_plane) {
      control_planes_.push_back(groups_.back()->claim_plane.get());
      control_planes_.push_back(groups_.back()->grant_plane.get());
    }
    groups_.back()->clk(clk);
    groups_.back()->control(control);
  }
  if (config.view == PopsView::kGrouped) {
    stepper_ = std::make_unique<PopsStepper>("stepper", s.n());
    stepper_->clk(clk);
    stepper_->control(control);
    for (NodeId i = 0; i < s.n(); ++i) processor(i).set_stepper(stepper_.get());
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) {
      PopsGroup& from = *groups_[a];
      if (!groups_[b]->pin_couplers.empty()) {
        // c(b, a)'s input k is processor k of group a, its fibre b.
        PopsPinCoupler& c = *groups_[b]->pin_couplers[a];
        for (std::uint32_t k = 0; k < s.d; ++k) {
          TransmitterWires& w = *from.transmitter_wires[k];
          c.inputs[k]->valid(w.valid[b]);
          c.inputs[k]->frame.bind(w.frame);
        }
      } else if (from.couplers_out) {
        from.couplers_out->destinations(groups_[b]->rx_bundle);  // binding b: c(b, a)
      } else {
        groups_[b]->couplers_in[a]->sources(from.tx_bundle);
      }
    }
  }
}

std::string PopsNetwork::coupler_name(std::uint32_t b, std::uint32_t a) const {
  return std::string(groups_[b]->name()) + "." + coupler_leaf(b, a);
}

void PopsNetwork::trace_coupler(std::uint32_t b, std::uint32_t a, sc_core::sc_trace_file* tf,
                                const TraceWindow& window) {
  const std::string name = coupler_name(b, a);
  if (config_.view == PopsView::kGrouped) {
    coupler(b, a).trace(tf, name, window);
    return;
  }
  const CouplerWires& w = *groups_[b]->coupler_wires[a];
  sc_core::sc_trace(tf, w.busy, name + ".busy");
  sc_core::sc_trace(tf, w.collision, name + ".collision");
  sc_core::sc_trace(tf, w.output.valid, name + ".valid");
  trace_pins_of(tf, w.output.frame, name + ".frame_");
  coupler(b, a).trace_optics(tf, name, window);
}

void PopsNetwork::trace_processor(NodeId i, sc_core::sc_trace_file* tf, const TraceWindow& window) {
  processor(i).trace(tf, window);
  if (config_.view == PopsView::kGrouped) return;
  const std::string name = processor(i).name();
  const TransmitterWires& w =
      *groups_[config_.shape.group_of(i)]->transmitter_wires[config_.shape.index_in_group(i)];
  for (std::uint32_t b = 0; b < config_.shape.g; ++b) {
    sc_core::sc_trace(tf, w.valid[b], name + ".tx_valid_" + std::to_string(b));
  }
  trace_pins_of(tf, w.frame, name + ".tx_frame_");
}

std::vector<const ControlChannel*> PopsNetwork::control_channels() const {
  std::vector<const ControlChannel*> out;
  for (const auto& group : groups_) {
    if (group->request_star) out.push_back(group->request_star.get());
  }
  for (const auto& group : groups_) {
    if (group->claim_plane) out.push_back(group->claim_plane.get());
    if (group->grant_plane) out.push_back(group->grant_plane.get());
  }
  return out;
}

PopsNetwork::~PopsNetwork() {
  stepper_.reset();
  while (!groups_.empty()) groups_.pop_back();
}

}  // namespace optinet::pops
