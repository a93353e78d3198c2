#include "models/sf/sf_network.h"

#include <limits>
#include <stdexcept>
#include <string>

namespace optinet::sf {

SfNetwork::SfNetwork(const sc_core::sc_module_name& name, const SfNetworkConfig& config)
    : sc_core::sc_module(name) {
  const SfGraph& g = *config.graph;
  const NodeId n = g.nodes();
  const unsigned degree = g.degree();
  if (degree > LinkSink::kMaxInputs) {
    throw std::logic_error("store-and-forward graph of degree above 64");
  }
  links_.resize(static_cast<std::size_t>(n) * degree);
  carried_.resize(links_.size());
  if (links_.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::logic_error("store-and-forward graph of more than 2^32 edges");
  }
  // Each node numbers its incoming links in the order of the network's links (by source, then
  // label); it arbitrates between offers in that order. in_edges_ holds node y's in-links at
  // in_begin[y] + input.
  std::vector<std::size_t> in_begin(n + 1, 0);
  for (NodeId x = 0; x < n; ++x) {
    for (unsigned label = 0; label < degree; ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y != kNoNode) ++in_begin[y + 1];
    }
  }
  for (NodeId y = 0; y < n; ++y) {
    if (in_begin[y + 1] > LinkSink::kMaxInputs) {
      throw std::logic_error("store-and-forward node with more than 64 incoming links");
    }
    in_begin[y + 1] += in_begin[y];
  }
  in_edges_.assign(in_begin[n], 0);
  std::vector<std::uint32_t> inputs(n, 0);
  for (NodeId x = 0; x < n; ++x) {
    for (unsigned label = 0; label < degree; ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y == kNoNode) continue;
      const std::size_t edge = static_cast<std::size_t>(x) * degree + label;
      links_[edge].bind(y, inputs[y]);
      in_edges_[in_begin[y] + inputs[y]++] = static_cast<std::uint32_t>(edge);
      ++link_count_;
    }
  }
  const bool pins = config.view == NetworkView::kPins;
  if (!config.node_processes && !pins) {
    steps_ = std::make_unique<SfStepList>(n);
    SC_METHOD(step_nodes);  // its first activation waits for a run's start
  }
  routers_.reserve(n);  // never resized: nodes and traces keep references into it
  shared_.graph = config.graph;
  shared_.scheme = config.scheme;
  shared_.discipline = config.discipline;
  shared_.capacity = config.capacity;
  shared_.degree = degree;
  shared_.phase_b_start = config.phase_b_start;
  shared_.observer = config.observer;
  shared_.phase_window = config.phase_window;
  shared_.links = links_.data();
  shared_.carried = carried_.data();
  shared_.pool = &pool_;
  shared_.steps = steps_.get();
  shared_.routers = steps_ != nullptr ? routers_.data() : nullptr;
  if (pins) {
    build_pins(config, in_begin);
    return;
  }
  nodes_.reserve(n);
  for (NodeId x = 0; x < n; ++x) {
    routers_.emplace_back(shared_, x, in_edges_.data() + in_begin[x]);
    nodes_.push_back(
        std::make_unique<SfNode>(("node" + std::to_string(x)).c_str(), shared_, routers_.back()));
    nodes_.back()->clk(clk);
    nodes_.back()->control(control);
  }
  if (steps_ == nullptr) {
    sinks_.reserve(n);
    for (const auto& node : nodes_) sinks_.push_back(&node->input_port());
    shared_.sinks = sinks_.data();
  }
}

SfNetwork::~SfNetwork() = default;

void SfNetwork::build_pins(const SfNetworkConfig& config,
                           const std::vector<std::size_t>& in_begin) {
  const SfGraph& g = *config.graph;
  const NodeId n = g.nodes();
  for (NodeId x = 0; x < n; ++x) routers_.emplace_back(shared_, x, in_edges_.data() + in_begin[x]);
  pin_nodes_.reserve(n);
  for (NodeId x = 0; x < n; ++x) {
    const auto make_link = [&config, x](const char* name, unsigned label,
                                        const sc_core::sc_port<RunControlIf>& control) {
      std::unique_ptr<LinkStage> stage;
      if (config.make_link) stage = config.make_link(name, x, label, control);
      return stage != nullptr ? std::move(stage) : std::make_unique<SfPinLink>(name);
    };
    pin_nodes_.push_back(std::make_unique<SfPinNode>(
        ("node" + std::to_string(x)).c_str(), g, routers_[x],
        static_cast<unsigned>(in_begin[x + 1] - in_begin[x]), make_link));
    pin_nodes_.back()->clk(clk);
    pin_nodes_.back()->control(control);
  }
  for (NodeId x = 0; x < n; ++x) {
    for (unsigned label = 0; label < g.degree(); ++label) {
      const Link* link = routers_[x].link(label);
      if (link != nullptr)
        pin_nodes_[link->far_node()]->bind_input(link->input(), *pin_nodes_[x], label);
    }
  }
}

void SfNetwork::load(NodeId x, const std::vector<Packet>& packets, std::uint64_t run_seed) {
  if (pin_nodes_.empty()) {
    nodes_[x]->load(packets, run_seed);
  } else {
    pin_nodes_[x]->load(packets, run_seed);
  }
}

void SfNetwork::trace(NodeId x, sc_core::sc_trace_file* tf, double lit_power_mw) {
  if (pin_nodes_.empty()) {
    nodes_[x]->trace(tf, lit_power_mw);
  } else {
    pin_nodes_[x]->trace(tf, lit_power_mw);
  }
}

void SfNetwork::end_of_elaboration() {
  run_ = control.operator->();
  clock_ = clk.operator->();
  shared_.run = run_;
}

void SfNetwork::step_nodes() {
  SfStepList& steps = *steps_;
  if (run_->start_event().triggered()) {
    steps.running = true;
    steps.list_all();  // each node takes its loaded packets (or its host's) at slot 0
  }
  if (steps.running && clock_->posedge()) {
    if (run_->abort_requested()) {
      steps.running = false;  // a run stopped at the slot limit: load() clears the rest
      steps.clear();
    } else {
      const std::uint64_t slot = run_->current_slot();
      steps.step_listed([&](NodeId x) { return routers_[x].step(slot); },
                        [&](NodeId y, int stage) { routers_[y].fetch_for_step(stage, slot); });
      shared_.deliver_reached();
      steps.admit_offered(
          [&](NodeId x) { routers_[x].admit(steps.take_requests(x), slot); },
          [&](NodeId y, int stage) { routers_[y].fetch_for_admit(steps.requests(y), stage); });
    }
  }
  // A run may start at the falling edge at which the previous one ended, before the next
  // rising edge: while running, wait on both.
  if (steps.running) {
    next_trigger(clock_->posedge_event() | run_->start_event());
  } else {
    next_trigger(run_->start_event());
  }
}

}  // namespace optinet::sf
