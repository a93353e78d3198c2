#include "models/pops/pops_network.h"

#include <string>

namespace optinet::pops {

PopsGroup::PopsGroup(const sc_core::sc_module_name& name, std::uint32_t group,
                     const PopsNetworkConfig& config, PopsElements& elements,
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
  parts_ = elements.build_group(*this, group, wiring);
}

// SystemC removes a process from a list searched from the newest end, and a child from its
// parent's list: destroying in reverse creation order keeps teardown linear.
PopsGroup::~PopsGroup() {
  parts_.reset();
  grant_plane.reset();
  claim_plane.reset();
  request_star.reset();
}

PopsNetwork::PopsNetwork(const sc_core::sc_module_name& name, const PopsNetworkConfig& config)
    : sc_core::sc_module(name), config_(config), elements_(make_pops_elements(config_)) {
  const PopsShape& s = config_.shape;
  groups_.reserve(s.g);
  for (std::uint32_t b = 0; b < s.g; ++b) {
    const std::string group = "group" + std::to_string(b);
    groups_.emplace_back(
        std::make_unique<PopsGroup>(group.c_str(), b, config_, *elements_, &control_planes_));
    if (config_.control_plane) {
      control_planes_.push_back(groups_.back()->claim_plane.get());
      control_planes_.push_back(groups_.back()->grant_plane.get());
    }
    groups_.back()->clk(clk);
    groups_.back()->control(control);
  }
  if (config_.view == PopsView::kGrouped) {
    stepper_ = std::make_unique<PopsStepper>("stepper", s.n());
    stepper_->clk(clk);
    stepper_->control(control);
    for (NodeId i = 0; i < s.n(); ++i) processor(i).set_stepper(stepper_.get());
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) elements_->connect(b, a, *groups_[b], *groups_[a]);
  }
}

std::string PopsNetwork::coupler_name(std::uint32_t b, std::uint32_t a) const {
  return std::string(groups_[b]->name()) + "." + coupler_leaf(b, a);
}

void PopsNetwork::trace_coupler(std::uint32_t b, std::uint32_t a, sc_core::sc_trace_file* tf,
                                const TraceWindow& window) {
  elements_->trace_coupler(b, a, tf, coupler_name(b, a), window);
}

void PopsNetwork::trace_processor(NodeId i, sc_core::sc_trace_file* tf, const TraceWindow& window) {
  processor(i).trace(tf, window);
  elements_->trace_transmitter(config_.shape.group_of(i), config_.shape.index_in_group(i), tf,
                               processor(i).name());
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
