#include "models/splithash/splithash_network.h"

#include <string>

namespace optinet::splithash {

SplitHashLevel::SplitHashLevel(const sc_core::sc_module_name& name, std::uint32_t level,
                               const SplitHashNetworkConfig& config,
                               const ReceiverSampleIf<Message>& light)
    : sc_core::sc_module(name) {
  const SplitHashShape& s = config.wiring->shape();
  const bool pins = config.view == NetworkView::kPins;
  processors.reserve(s.n());
  for (std::uint64_t x = 0; x < s.n(); ++x) {
    const auto leaf = static_cast<std::uint32_t>(x);
    const SplitHashProcessorConfig processor{s.id(level, x), config.wiring, config.settings,
                                             config.protocol, SlotWiring{&clk, &control}};
    if (!pins) {
      const std::string node = "node" + std::to_string(x);
      processors.push_back(std::make_unique<SplitHashProcessor>(node.c_str(), processor));
      continue;
    }
    pin_nodes.push_back(std::make_unique<ocpc::OcpcPinNode>(leaf, light, clk, processor.id));
    const std::uint32_t buses = SplitHashProcessor::top_buses(s, level) +
                                (SplitHashProcessor::has_bottom_bus(s, level, x) ? 1 : 0);
    processors.push_back(pin_nodes.back()->build_processor<SplitHashPinProcessor>(
        leaf, processor, buses, clk, "node"));
  }
}

// Destroying in reverse creation order keeps SystemC's teardown linear (see PopsGroup).
SplitHashLevel::~SplitHashLevel() {
  while (!processors.empty()) processors.pop_back();
  while (!pin_nodes.empty()) pin_nodes.pop_back();
}

SplitHashBuses::SplitHashBuses(const sc_core::sc_module_name& name, std::uint32_t i,
                               const SplitHashWiring& wiring, const BusMaker& make)
    : sc_core::sc_module(name), shape_(wiring.shape()), i_(i) {
  const SplitHashShape& s = shape_;
  if (i == 0) {  // one bus of length 2k per group of level 1: sinks first, then the tops
    for (std::uint64_t g = 0; g < s.power(s.depth - 1); ++g) {
      OpticalBusConfig c;
      c.attached = 2 * s.k;
      std::vector<NodeId> members;
      for (std::uint32_t m = 0; m < s.k; ++m) members.push_back(s.id(0, g * s.k + m));
      for (std::uint32_t m = 0; m < s.k; ++m) members.push_back(s.id(1, g * s.k + m));
      const std::string bus = "g" + std::to_string(g) + "_bus";
      buses.push_back(make(bus, c, std::move(members)));
    }
    return;
  }
  const std::uint64_t top = s.power(i + 1);
  for (std::uint64_t g = 0; g < s.power(s.depth - i - 1); ++g) {
    for (std::uint32_t j = 0; j < s.functions(i); ++j) {
      for (std::uint64_t r = 0; r < s.block_size(i); ++r) {
        // Bottom index l: the l-th node of each child funnel, then the tops hashed to l.
        const std::uint64_t l = s.block_start(i, j) + r;
        const std::uint32_t tops = wiring.tops_on_bus(i, l);
        OpticalBusConfig c;
        c.attached = s.k + tops;
        std::vector<NodeId> members;
        for (std::uint32_t child = 0; child < s.k; ++child) {
          members.push_back(s.id(i, g * top + child * s.power(i) + l));
        }
        for (std::uint32_t m = 0; m < tops; ++m) {
          members.push_back(s.id(i + 1, wiring.top_at(i, g, l, s.k + m)));
        }
        const std::string bus = "g" + std::to_string(g) + "_bus" + std::to_string(l);
        buses.push_back(make(bus, c, std::move(members)));
      }
    }
  }
}

MessageBus& SplitHashBuses::bus_of_bottom(std::uint64_t x) {
  const SplitHashShape& s = shape_;
  if (i_ == 0) return *buses.at(x / s.k);
  const std::uint64_t group = x / s.power(i_ + 1);
  const std::uint64_t l = x % s.power(i_);
  const std::uint32_t j = s.block_of(i_, l);
  const std::uint64_t per_group = s.functions(i_) * s.block_size(i_);
  return *buses.at(group * per_group + j * s.block_size(i_) + (l - s.block_start(i_, j)));
}

SplitHashBuses::~SplitHashBuses() {
  while (!buses.empty()) buses.pop_back();
}

namespace {
/// The local index of node `id` on `bus`.
std::uint32_t local_index(const MessageBus& bus, NodeId id) {
  for (std::uint32_t local = 0; local < bus.config().attached; ++local) {
    if (bus.global(local) == id) return local;
  }
  SC_REPORT_FATAL(bus.name(), ("node " + std::to_string(id) + " is not attached").c_str());
  return 0;
}
}  // namespace

SplitHashNetwork::SplitHashNetwork(const sc_core::sc_module_name& name,
                                   const SplitHashNetworkConfig& config)
    : sc_core::sc_module(name),
      wiring_(*config.wiring),
      receivers_("receivers", static_cast<std::uint32_t>(config.wiring->shape().nodes())),
      view_(config.view) {
  const SplitHashShape& s = shape();
  const bool pins = view_ == NetworkView::kPins;
  // A bus of the pins view has pins for its transmitters and tells the receivers it lit.
  const BusMaker make = [&](const std::string& bus, const OpticalBusConfig& c,
                            std::vector<NodeId> members) -> std::unique_ptr<MessageBus> {
    if (pins) {
      return std::make_unique<ocpc::OcpcPinBus>(bus.c_str(), c, &control, &receivers_by_node_,
                                                std::move(members));
    }
    return std::make_unique<MessageBus>(bus.c_str(), c, std::move(members));
  };
  for (std::uint32_t i = 0; i < s.depth; ++i) {
    const std::string scope = i == 0 ? "sinks" : "funnel" + std::to_string(i);
    below_.push_back(std::make_unique<SplitHashBuses>(scope.c_str(), i, wiring_, make));
  }
  for (MessageBus* bus : buses()) {
    bus->clk(clk);
    bus->receivers(receivers_);
  }
  for (std::uint32_t level = 0; level <= s.depth; ++level) {
    const std::string scope = "level" + std::to_string(level);
    levels_.push_back(std::make_unique<SplitHashLevel>(scope.c_str(), level, config, receivers_));
    levels_.back()->clk(clk);
    levels_.back()->control(control);
  }
  for (std::uint32_t level = 0; level <= s.depth; ++level) {
    for (std::uint64_t x = 0; x < s.n(); ++x) {
      const std::vector<MessageBus*> own = buses_of(level, x);
      if (pins) {  // its transmitter j is the input of bus j at its local index
        ocpc::OcpcPinNode& node = *levels_[level]->pin_nodes[x];
        for (std::size_t j = 0; j < own.size(); ++j) {
          static_cast<ocpc::OcpcPinBus&>(*own[j])
              .transmitters[local_index(*own[j], s.id(level, x))]
              ->bind(*node.tx_wires[j]);
        }
        receivers_by_node_.push_back(node.receiver.get());
        continue;
      }
      SplitHashProcessor& p = *levels_[level]->processors[x];
      p.rx(receivers_);
      for (MessageBus* bus : own) p.tx(bus->inputs);
    }
  }
}

// Each node's top buses (in function order), then its bottom bus.
std::vector<MessageBus*> SplitHashNetwork::buses_of(std::uint32_t level, std::uint64_t x) const {
  const SplitHashShape& s = shape();
  std::vector<MessageBus*> own;
  if (level == 1) own.push_back(&below_[0]->bus_of_bottom(x));
  if (level >= 2) {
    const std::uint32_t i = level - 1;
    const std::uint64_t group_first = x / s.power(i + 1) * s.power(i + 1);
    for (std::uint32_t j = 0; j < s.functions(i); ++j) {
      own.push_back(&below_[i]->bus_of_bottom(group_first + wiring_.target(i, x, j)));
    }
  }
  if (SplitHashProcessor::has_bottom_bus(s, level, x)) {
    own.push_back(&below_[level]->bus_of_bottom(x));
  }
  return own;
}

void SplitHashNetwork::trace_pins(NodeId i, sc_core::sc_trace_file* tf) {
  if (view_ != NetworkView::kPins) return;
  const SplitHashLevel& level = *levels_.at(shape().level_of(i));
  const std::uint64_t x = shape().index_of(i);
  level.pin_nodes.at(x)->trace(tf, level.processors.at(x)->name());
}

std::vector<MessageBus*> SplitHashNetwork::buses() const {
  std::vector<MessageBus*> all;
  for (std::uint32_t i = shape().depth; i-- > 0;) {
    for (auto& bus : below_[i]->buses) all.push_back(bus.get());
  }
  return all;
}

void SplitHashNetwork::reset_media() {
  receivers_.reset();
  for (MessageBus* bus : buses()) bus->reset();
}

SplitHashNetwork::~SplitHashNetwork() {
  while (!levels_.empty()) levels_.pop_back();
  while (!below_.empty()) below_.pop_back();
}

}  // namespace optinet::splithash
