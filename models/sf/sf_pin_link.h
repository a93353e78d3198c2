#pragma once
/// \file
/// A store-and-forward link's pins (the pins view, docs/cosimulation.md): the offer a source
/// drives (a valid line, the packet's fields and its handle) and the ready line its far end
/// drives back; and the link stage, the module between them. The behavioural stage passes both
/// through within the slot; a verilated stage (models/sf/sf_rtl_link.h) registers them.
#include <cstdint>
#include <string>
#include <systemc>

#include "models/core/compat.h"
#include "models/core/frame_pins.h"

namespace optinet::sf {

/// An offer as pins, named `prefix` + valid, kind, packet, source, destination, payload and
/// handle. The handle is the packet's descriptor in the network's packet memory (its route
/// ticket and timestamps, which only nodes read); the host's packet travels on the fields.
template <template <typename> class Pin>
struct OfferPins {
  ValidFramePins<Pin> offer;
  Pin<std::uint32_t> handle;

  explicit OfferPins(const std::string& prefix)
      : offer(prefix + "valid", prefix), handle((prefix + "handle").c_str()) {}
  template <typename Other>
  void bind(Other& to) {
    offer.bind(to.offer);
    handle(to.handle);
  }
  /// Copies every field of `from` (a port or signal set of another kind).
  template <typename Other>
  void write_from(const Other& from) {
    offer.valid.write(from.offer.valid.read());
    offer.frame.write(from.offer.frame.read());
    handle.write(from.handle.read());
  }
};

/// Traces every pin of `pins` as `prefix` + valid, kind, ..., handle.
template <template <typename> class Pin>
void trace_offer_pins(sc_core::sc_trace_file* tf, const OfferPins<Pin>& pins,
                      const std::string& prefix) {
  sc_core::sc_trace(tf, pins.offer.valid, prefix + "valid");
  trace_pins_of(tf, pins.offer.frame, prefix);
  sc_core::sc_trace(tf, pins.handle, prefix + "handle");
}

/// The module of one directed link U->V: `src_*` from node U's out-edge pins, `dst_*` to node
/// V's input pins, and the ready line back from V to U.
class LinkStage : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  OfferPins<In> src{"src_"};
  Out<bool> src_ready{"src_ready"};
  OfferPins<Out> dst{"dst_"};
  In<bool> dst_ready{"dst_ready"};

  explicit LinkStage(const sc_core::sc_module_name& name) : sc_core::sc_module(name) {}
};

/// The behavioural link: a wire in each direction. What U offers is at V a delta later, and
/// V's ready is at U a delta after V drives it.
class SfPinLink : public LinkStage {
 public:
  OPTINET_HAS_PROCESS(SfPinLink);
  explicit SfPinLink(const sc_core::sc_module_name& name) : LinkStage(name) {
    SC_METHOD(forward);
    dont_initialize();
    // Every offer raises the valid line (it falls at the falling edge), and the fields change
    // with it.
    sensitive << src.offer.valid << dst_ready;
  }

 private:
  void forward() {
    dst.write_from(src);
    src_ready.write(dst_ready.read());
  }
};

}  // namespace optinet::sf
