#include "models/networks/pops_network.h"

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
    std::uint32_t index_bits = 1;
    while ((std::uint64_t{1} << index_bits) < s.d) ++index_bits;
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

// SystemC removes a process from a list searched from the newest end, and a child from its
// parent's list: destroying in reverse creation order keeps teardown linear.
PopsGroup::~PopsGroup() {
  while (!couplers_in.empty()) couplers_in.pop_back();
  couplers_out.reset();
  while (!processors.empty()) processors.pop_back();
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
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) {
      PopsGroup& from = *groups_[a];
      if (from.couplers_out) {
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
  while (!groups_.empty()) groups_.pop_back();
}

}  // namespace optinet::pops
