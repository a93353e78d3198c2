#pragma once
/// \file
/// The pins view's store-and-forward node (docs/cosimulation.md): the router of one vertex and
/// its processor's injection and ejection, a module with a clock port and pins, one method.
/// Per out-edge label L that has a neighbour it drives an offer (`out_L_valid`, the packet's
/// fields `out_L_kind` ... `out_L_payload` and `out_L_handle`) into its link stage
/// `link_L`, a child module, and reads `out_L_ready`; per in-link I (numbered by source, then
/// label, the order in which it admits) it reads an offer `inI_*` and drives `inI_ready`.
///
/// Pin contract: at rising edge k the node takes back the offers of slot k - 1 whose ready
/// line is high, steps its router (SfRouter::step) and raises the valid lines of its offers;
/// at falling edge k it admits the offers whose valid lines are high (SfRouter::admit_offers,
/// the packet's fields taken from the pins), raises their ready lines, and lowers its own
/// valid lines; its ready lines fall at rising edge k + 1. So an offer is a valid pulse in the
/// first half of slot k and its grant a ready pulse in the second half.
#include <cstdint>
#include <functional>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/sf/sf_pin_link.h"
#include "models/sf/sf_router.h"

namespace optinet::sf {

class SfPinNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  /// Makes the link stage of out-edge `label` (named `name`, a child of this node; `control`:
  /// the node's run control port).
  using LinkMaker = std::function<std::unique_ptr<LinkStage>(
      const char* name, unsigned label, const sc_core::sc_port<RunControlIf>& control)>;

  OPTINET_HAS_PROCESS(SfPinNode);
  /// `router` is the network's record for this node; it has `inputs` in-links.
  SfPinNode(const sc_core::sc_module_name& name, const SfGraph& graph, SfRouter& router,
            unsigned inputs, const LinkMaker& make_link);
  ~SfPinNode() override;

  /// Between runs: loads the router (SfRouter::load) and lowers the pins.
  void load(const std::vector<Packet>& packets, std::uint64_t run_seed);
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces what the grouped node traces (population, links), and every link's pins.
  void trace(sc_core::sc_trace_file* tf, double lit_power_mw);

  /// Out-edge `label`'s link stage (nullptr where it has no neighbour).
  LinkStage* link(unsigned label) { return out_[label].stage.get(); }
  /// Binds in-link `input` to the far side of `source`'s out-edge `label`.
  void bind_input(unsigned input, SfPinNode& source, unsigned label);

 private:
  /// One out-edge: the node's ports, the wires on both sides of its stage, the stage.
  struct OutEdge {
    std::unique_ptr<OfferPins<Out>> pins;
    std::unique_ptr<In<bool>> ready;
    std::unique_ptr<OfferPins<Signal>> src, dst;  ///< node -> stage, stage -> far end
    std::unique_ptr<Signal<bool>> src_ready, dst_ready;
    std::unique_ptr<LinkStage> stage;
  };
  struct InEdge {
    std::unique_ptr<OfferPins<In>> pins;
    std::unique_ptr<Out<bool>> ready;
  };
  void end_of_elaboration() override;
  void on_edge();
  void rise(std::uint64_t slot);
  void fall(std::uint64_t slot);
  /// The offers of the last slot whose ready lines are high are granted (SfRouter::step then
  /// drops them from their queues).
  void take_grants();
  /// Lowers every valid and ready line this node raised.
  void lower_pins();

  SfRouter& router_;
  const SfGraph& graph_;
  std::vector<OutEdge> out_;  ///< by label
  std::vector<InEdge> in_;    ///< by input number
  RunControlIf* run_ = nullptr;
  const sc_core::sc_signal_in_if<bool>* clock_ = nullptr;
  bool running_ = false;
  std::uint64_t offered_ = 0;  ///< bit L: out_L_valid raised in this (or the last) slot
  std::uint64_t valid_ = 0;    ///< bit L: out_L_valid is high
  std::uint64_t ready_ = 0;    ///< bit I: inI_ready is high
};

}  // namespace optinet::sf
