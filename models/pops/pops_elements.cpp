#include "models/pops/pops_elements.h"

#include "models/core/frame_pins.h"
#include "models/pops/pops_coupler_group.h"
#include "models/pops/pops_network.h"
#include "models/pops/pops_pin_coupler.h"
#include "models/pops/pops_pin_processor.h"

namespace optinet::pops {

std::string coupler_leaf(std::uint32_t b, std::uint32_t a) {
  return "coupler_b" + std::to_string(b) + "_a" + std::to_string(a);
}

namespace {

std::string processor_leaf(std::uint32_t k) { return "proc" + std::to_string(k); }

/// The elements of one view of `config`, whose groups' parts are all of type `Parts`.
template <typename Parts>
class ElementsOf : public PopsElements {
 public:
  explicit ElementsOf(const PopsNetworkConfig& config) : config_(config) {}

 protected:
  Parts& parts(std::uint32_t group) { return static_cast<Parts&>(*parts_[group]); }
  std::unique_ptr<PopsGroupParts> keep(std::unique_ptr<Parts> parts) {
    parts_.push_back(parts.get());
    return parts;
  }

  const PopsNetworkConfig& config_;
};

/// The grouped view's processors, without ports: they reach the group's bundles and the run
/// control through pointers.
void build_grouped_processors(PopsGroup& group, std::uint32_t index,
                              const PopsNetworkConfig& config, const PopsControlWiring& wiring,
                              PopsGroupParts& parts) {
  const PopsShape& s = config.shape;
  parts.processors.reserve(s.d);
  for (std::uint32_t k = 0; k < s.d; ++k) {
    parts.processors.emplace_back(std::make_unique<PopsProcessor>(
        processor_leaf(k).c_str(),
        PopsProcessorConfig{s.node(index, k), s, config.protocol,
                            SlotWiring{&group.clk, &group.control}, &group.node_bundles, wiring}));
  }
}

/// Group a: its processors, then the g behavioural couplers c(b, a) it lights, as one module.
struct GroupedParts : PopsGroupParts {
  std::unique_ptr<PassiveStarGroup> couplers_out;
  ~GroupedParts() override {
    couplers_out.reset();
    while (!processors.empty()) processors.pop_back();
  }
};

class GroupedElements final : public ElementsOf<GroupedParts> {
 public:
  using ElementsOf::ElementsOf;

  std::unique_ptr<PopsGroupParts> build_group(PopsGroup& group, std::uint32_t index,
                                              const PopsControlWiring& wiring) override {
    auto p = std::make_unique<GroupedParts>();
    build_grouped_processors(group, index, config_, wiring, *p);
    p->couplers_out = std::make_unique<PassiveStarGroup>("couplers", index, config_.shape.g);
    p->couplers_out->clk(group.clk);
    p->couplers_out->sources(group.tx_bundle);
    return keep(std::move(p));
  }
  void connect(std::uint32_t /*b*/, std::uint32_t a, PopsGroup& into,
               PopsGroup& /*from*/) override {
    parts(a).couplers_out->destinations(into.rx_bundle);  // binding b of group a's: c(b, a)
  }
  StarCoupler& coupler(std::uint32_t b, std::uint32_t a) override {
    return parts(a).couplers_out->coupler(b);
  }
};

/// Group b: its processors, then the g couplers c(b, a) into it, an RTL module each.
struct GroupedRtlParts : PopsGroupParts {
  std::vector<std::unique_ptr<PassiveStar>> couplers_in;
  ~GroupedRtlParts() override {
    while (!couplers_in.empty()) couplers_in.pop_back();
    while (!processors.empty()) processors.pop_back();
  }
};

class GroupedRtlElements final : public ElementsOf<GroupedRtlParts> {
 public:
  using ElementsOf::ElementsOf;

  std::unique_ptr<PopsGroupParts> build_group(PopsGroup& group, std::uint32_t index,
                                              const PopsControlWiring& wiring) override {
    auto p = std::make_unique<GroupedRtlParts>();
    build_grouped_processors(group, index, config_, wiring, *p);
    p->couplers_in.reserve(config_.shape.g);
    for (std::uint32_t a = 0; a < config_.shape.g; ++a) {
      p->couplers_in.emplace_back(make_coupler(config_.coupler, coupler_leaf(index, a).c_str(),
                                               OpticalPassiveStarConfig{index, a}));
      p->couplers_in.back()->clk(group.clk);
      p->couplers_in.back()->destinations(group.rx_bundle);
    }
    return keep(std::move(p));
  }
  void connect(std::uint32_t b, std::uint32_t a, PopsGroup& /*into*/, PopsGroup& from) override {
    parts(b).couplers_in[a]->sources(from.tx_bundle);
  }
  StarCoupler& coupler(std::uint32_t b, std::uint32_t a) override {
    return parts(b).couplers_in[a]->coupler();
  }
};

/// The wires of one processor's transmitter: a valid line per coupler it lights, and its frame
/// (in its group's scope: proc<k>_tx_valid_<b>, proc<k>_tx_frame_kind, ...). A valid line has
/// two writers in different delta cycles: the processor's thread raises it at a rising edge, its
/// method lowers it at the falling edge.
struct TransmitterWires {
  sc_core::sc_vector<sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS>> valid;
  FramePins<Signal> frame;
  TransmitterWires(const std::string& proc, std::uint32_t couplers)
      : valid((proc + "_tx_valid").c_str(), couplers), frame(proc + "_tx_frame_") {}
};

/// The wires of one coupler's output (in its destination group's scope: coupler_b<b>_a<a>_busy,
/// _collision, _valid, _frame_kind, ...).
struct CouplerWires {
  sc_core::sc_signal<bool> busy;
  sc_core::sc_signal<bool> collision;
  ValidFramePins<Signal> output;
  explicit CouplerWires(const std::string& coupler)
      : busy((coupler + "_busy").c_str()),
        collision((coupler + "_collision").c_str()),
        output(coupler + "_valid", coupler + "_frame_") {}
};

/// Group b in the pins view: the g couplers c(b, a) into it with their output wires, then its
/// processors with their transmitters' wires.
struct PinParts : PopsGroupParts {
  std::vector<std::unique_ptr<CouplerWires>> coupler_wires;
  std::vector<std::unique_ptr<PopsPinCoupler>> couplers;
  std::vector<std::unique_ptr<TransmitterWires>> transmitter_wires;
  ~PinParts() override {
    while (!processors.empty()) processors.pop_back();
    transmitter_wires.clear();
    while (!couplers.empty()) couplers.pop_back();
    coupler_wires.clear();
  }
};

class PinElements final : public ElementsOf<PinParts> {
 public:
  using ElementsOf::ElementsOf;

  std::unique_ptr<PopsGroupParts> build_group(PopsGroup& group, std::uint32_t index,
                                              const PopsControlWiring& wiring) override {
    const PopsShape& s = config_.shape;
    auto p = std::make_unique<PinParts>();
    p->coupler_wires.reserve(s.g);
    p->couplers.reserve(s.g);
    for (std::uint32_t a = 0; a < s.g; ++a) {
      const std::string leaf = coupler_leaf(index, a);
      p->coupler_wires.push_back(std::make_unique<CouplerWires>(leaf));
      const CouplerInstance instance = coupler_instance(index, a);
      p->couplers.push_back(
          std::make_unique<PopsPinCoupler>(leaf.c_str(), OpticalPassiveStarConfig{index, a}, s.d,
                                           &group.control, instance.kind, instance.model));
      PopsPinCoupler& c = *p->couplers.back();
      CouplerWires& w = *p->coupler_wires.back();
      c.clk(group.clk);
      c.busy(w.busy);
      c.collision(w.collision);
      c.output.bind(w.output);
    }
    p->transmitter_wires.reserve(s.d);
    p->processors.reserve(s.d);
    for (std::uint32_t k = 0; k < s.d; ++k) {
      const std::string proc = processor_leaf(k);
      p->transmitter_wires.push_back(std::make_unique<TransmitterWires>(proc, s.g));
      auto processor = std::make_unique<PopsPinProcessor>(
          proc.c_str(), PopsProcessorConfig{s.node(index, k), s, config_.protocol,
                                            SlotWiring{nullptr, &group.control}, nullptr, wiring});
      TransmitterWires& w = *p->transmitter_wires.back();
      processor->clk(group.clk);
      for (std::uint32_t b = 0; b < s.g; ++b) processor->tx_valid[b](w.valid[b]);
      processor->tx.bind(w.frame);
      for (std::uint32_t a = 0; a < s.g; ++a) processor->rx[a]->bind(p->coupler_wires[a]->output);
      p->processors.push_back(std::move(processor));
    }
    return keep(std::move(p));
  }
  void connect(std::uint32_t b, std::uint32_t a, PopsGroup& /*into*/,
               PopsGroup& /*from*/) override {
    // c(b, a)'s input k is processor k of group a, its fibre b.
    PopsPinCoupler& c = *parts(b).couplers[a];
    for (std::uint32_t k = 0; k < config_.shape.d; ++k) {
      TransmitterWires& w = *parts(a).transmitter_wires[k];
      c.inputs[k]->valid(w.valid[b]);
      c.inputs[k]->frame.bind(w.frame);
    }
  }
  StarCoupler& coupler(std::uint32_t b, std::uint32_t a) override {
    return parts(b).couplers[a]->coupler();
  }
  void trace_coupler(std::uint32_t b, std::uint32_t a, sc_core::sc_trace_file* tf,
                     const std::string& name, const TraceWindow& window) override {
    const CouplerWires& w = *parts(b).coupler_wires[a];
    sc_core::sc_trace(tf, w.busy, name + ".busy");
    sc_core::sc_trace(tf, w.collision, name + ".collision");
    sc_core::sc_trace(tf, w.output.valid, name + ".valid");
    trace_pins_of(tf, w.output.frame, name + ".frame_");
    coupler(b, a).trace_optics(tf, name, window);
  }
  void trace_transmitter(std::uint32_t group, std::uint32_t k, sc_core::sc_trace_file* tf,
                         const std::string& name) override {
    const TransmitterWires& w = *parts(group).transmitter_wires[k];
    for (std::uint32_t b = 0; b < config_.shape.g; ++b) {
      sc_core::sc_trace(tf, w.valid[b], name + ".tx_valid_" + std::to_string(b));
    }
    trace_pins_of(tf, w.frame, name + ".tx_frame_");
  }

 private:
  /// c(b, a) as the configuration makes it: behavioural unless swapped for RTL.
  CouplerInstance coupler_instance(std::uint32_t b, std::uint32_t a) const {
    CouplerInstance instance{b, a, CouplerKind::kBehavioural, ""};
    for (const CouplerInstance& c : config_.rtl_couplers) {
      if (c.b == b && c.a == a) instance = c;
    }
    return instance;
  }
};

}  // namespace

std::unique_ptr<PopsElements> make_pops_elements(const PopsNetworkConfig& config) {
  if (config.view == PopsView::kPins) return std::make_unique<PinElements>(config);
  if (config.coupler == CouplerKind::kBehavioural) return std::make_unique<GroupedElements>(config);
  return std::make_unique<GroupedRtlElements>(config);
}

}  // namespace optinet::pops
