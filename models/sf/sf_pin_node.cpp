#include "models/sf/sf_pin_node.h"

#include <stdexcept>
#include <string>

#include "models/sf/sf_rtl_link.h"

namespace optinet::sf {

namespace {

std::uint64_t bit(unsigned i) { return std::uint64_t{1} << i; }

}  // namespace

SfPinNode::SfPinNode(const sc_core::sc_module_name& name, const SfGraph& graph, SfRouter& router,
                     unsigned inputs, const LinkMaker& make_link)
    : sc_core::sc_module(name), router_(router), graph_(graph), out_(graph.degree()) {
  for (unsigned label = 0; label < graph.degree(); ++label) {
    if (router.link(label) == nullptr) continue;
    const std::string out = "out_" + graph.label_name(label) + "_";
    const std::string link = "link_" + graph.label_name(label);
    OutEdge& e = out_[label];
    e.pins = std::make_unique<OfferPins<Out>>(out);
    e.ready = std::make_unique<In<bool>>((out + "ready").c_str());
    e.src = std::make_unique<OfferPins<Signal>>(link + "_src_");
    e.dst = std::make_unique<OfferPins<Signal>>(link + "_dst_");
    e.src_ready = std::make_unique<Signal<bool>>((link + "_src_ready").c_str());
    e.dst_ready = std::make_unique<Signal<bool>>((link + "_dst_ready").c_str());
    e.stage = make_link(link.c_str(), label, control);
    e.pins->bind(*e.src);
    (*e.ready)(*e.src_ready);
    e.stage->clk(clk);
    e.stage->src.bind(*e.src);
    e.stage->src_ready(*e.src_ready);
    e.stage->dst.bind(*e.dst);
    e.stage->dst_ready(*e.dst_ready);
  }
  in_.resize(inputs);
  for (unsigned input = 0; input < inputs; ++input) {
    const std::string prefix = "in" + std::to_string(input) + "_";
    in_[input].pins = std::make_unique<OfferPins<In>>(prefix);
    in_[input].ready = std::make_unique<Out<bool>>((prefix + "ready").c_str());
  }
  SC_METHOD(on_edge);  // its first activation waits for a run's start
}

SfPinNode::~SfPinNode() = default;

void SfPinNode::bind_input(unsigned input, SfPinNode& source, unsigned label) {
  OutEdge& e = source.out_.at(label);
  in_.at(input).pins->bind(*e.dst);
  (*in_[input].ready)(*e.dst_ready);
}

void SfPinNode::end_of_elaboration() {
  run_ = control.operator->();
  clock_ = clk.operator->();
}

void SfPinNode::load(const std::vector<Packet>& packets, std::uint64_t run_seed) {
  take_grants();  // the far ends hold what they admitted: the router frees the rest
  router_.load(packets, run_seed);
  running_ = false;
  lower_pins();
}

void SfPinNode::take_grants() {
  // The ready lines of the offers of the last slot are high until this edge's writes (or, between
  // runs, the next run's first update) take effect.
  for (std::uint64_t m = offered_; m != 0; m &= m - 1) {
    const unsigned label = static_cast<unsigned>(__builtin_ctzll(m));
    if (out_[label].ready->read()) router_.link(label)->grant();
  }
  offered_ = 0;
}

void SfPinNode::lower_pins() {
  for (std::uint64_t m = valid_; m != 0; m &= m - 1) {
    out_[__builtin_ctzll(m)].pins->offer.valid.write(false);
  }
  for (std::uint64_t m = ready_; m != 0; m &= m - 1) in_[__builtin_ctzll(m)].ready->write(false);
  valid_ = ready_ = 0;
}

void SfPinNode::on_edge() {
  // Woken by the start of a run or, while running, by each clock edge.
  if (run_->start_event().triggered()) running_ = true;
  if (running_ && clock_->posedge()) {
    if (run_->abort_requested()) {
      running_ = false;  // a run stopped at the slot limit: go idle, load() clears the rest
      take_grants();
      lower_pins();
    } else {
      rise(run_->current_slot());
    }
  } else if (running_ && clock_->negedge()) {
    fall(run_->current_slot());
  }
  // One event at a time: an or-list of the clock and the start would be built on the heap at
  // every edge, and each wake-up would search the start event's waiters (every node) for this
  // node. A run only starts after load() or an abort, both of which leave running_ false.
  next_trigger(running_ ? clock_->value_changed_event() : run_->start_event());
}

void SfPinNode::rise(std::uint64_t slot) {
  take_grants();  // the offers of the last slot that the far ends admitted
  for (std::uint64_t m = ready_; m != 0; m &= m - 1) in_[__builtin_ctzll(m)].ready->write(false);
  ready_ = 0;
  router_.step(slot);
  const PacketPool& pool = router_.packets();
  for (unsigned label = 0; label < out_.size(); ++label) {
    const Link* link = router_.link(label);
    if (link == nullptr || link->offered() == kNoPacket) continue;
    OfferPins<Out>& pins = *out_[label].pins;
    pins.offer.valid.write(true);
    pins.offer.frame.write(Frame::data(pool[link->offered()].packet));
    pins.handle.write(link->offered());
    offered_ |= bit(label);
  }
  valid_ = offered_;
}

void SfPinNode::fall(std::uint64_t slot) {
  std::uint64_t offers = 0;
  for (unsigned input = 0; input < in_.size(); ++input) {
    if (in_[input].pins->offer.valid.read()) offers |= bit(input);
  }
  if (offers != 0) {
    PacketPool& pool = router_.packets();
    router_.admit_offers(
        offers, slot,
        [&](unsigned input) {
          const PacketIndex handle = in_[input].pins->handle.read();
          if (handle >= pool.size()) {
            throw std::runtime_error(std::string(name()) + ": in" + std::to_string(input) +
                                     "_handle " + std::to_string(handle) + " in slot " +
                                     std::to_string(slot) + " names no packet");
          }
          return handle;
        },
        [&](unsigned input, PacketIndex i) {
          // The packet's fields are what the link delivered.
          pool[i].packet = in_[input].pins->offer.frame.read().packet;
          in_[input].ready->write(true);
          ready_ |= bit(input);
        });
  }
  for (std::uint64_t m = valid_; m != 0; m &= m - 1) {
    out_[__builtin_ctzll(m)].pins->offer.valid.write(false);
  }
  valid_ = 0;
}

void SfPinNode::trace(sc_core::sc_trace_file* tf, double lit_power_mw) {
  router_.trace(tf, name(), lit_power_mw);
  for (unsigned label = 0; label < out_.size(); ++label) {
    const OutEdge& e = out_[label];
    if (e.stage == nullptr) continue;
    const std::string link = std::string(name()) + ".link_" + graph_.label_name(label);
    trace_offer_pins(tf, *e.src, link + "_src_");
    sc_core::sc_trace(tf, *e.src_ready, link + "_src_ready");
    trace_offer_pins(tf, *e.dst, link + "_dst_");
    sc_core::sc_trace(tf, *e.dst_ready, link + "_dst_ready");
  }
}

}  // namespace optinet::sf
