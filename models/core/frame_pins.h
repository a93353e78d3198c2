#pragma once
/// \file
/// A frame as pins: its kind, packet id, source, destination and payload, each a port or signal
/// of its own (`FramePins<In>`, `FramePins<Out>`, `FramePins<Signal>`), so that a waveform shows
/// every field and an RTL model sees plain wires.
#include <cstdint>
#include <string>
#include <systemc>

#include "models/core/packet.h"

namespace optinet {

template <typename T>
using In = sc_core::sc_in<T>;
template <typename T>
using Out = sc_core::sc_out<T>;
template <typename T>
using Signal = sc_core::sc_signal<T>;
/// A wire written by several processes, each in a different delta cycle.
template <typename T>
using SharedSignal = sc_core::sc_signal<T, sc_core::SC_MANY_WRITERS>;

/// The five fields of a frame, named `prefix` + kind, packet, source, destination, payload.
template <template <typename> class Pin>
struct FramePins {
  Pin<std::uint32_t> kind;
  Pin<std::uint32_t> packet;
  Pin<std::uint32_t> source;
  Pin<std::uint32_t> destination;
  Pin<std::uint64_t> payload;

  explicit FramePins(const std::string& prefix)
      : kind((prefix + "kind").c_str()),
        packet((prefix + "packet").c_str()),
        source((prefix + "source").c_str()),
        destination((prefix + "destination").c_str()),
        payload((prefix + "payload").c_str()) {}

  Frame read() const {
    return Frame{static_cast<FrameKind>(kind.read()),
                 Packet{packet.read(), source.read(), destination.read(), payload.read()}};
  }
  void write(const Frame& f) {
    kind.write(static_cast<std::uint32_t>(f.kind));
    packet.write(f.packet.id);
    source.write(f.packet.source);
    destination.write(f.packet.destination);
    payload.write(f.packet.payload);
  }
  /// Binds each field to the same field of `to` (a port to a signal or to a parent's port).
  template <typename Other>
  void bind(Other& to) {
    kind(to.kind);
    packet(to.packet);
    source(to.source);
    destination(to.destination);
    payload(to.payload);
  }
};

/// A valid line and the frame it qualifies: `valid_name`, then the fields under `prefix`.
template <template <typename> class Pin>
struct ValidFramePins {
  Pin<bool> valid;
  FramePins<Pin> frame;

  ValidFramePins(const std::string& valid_name, const std::string& prefix)
      : valid(valid_name.c_str()), frame(prefix) {}
  template <typename Other>
  void bind(Other& to) {
    valid(to.valid);
    frame.bind(to.frame);
  }
};

/// Traces every field of `frame` as `prefix` + kind, packet, source, destination, payload.
template <template <typename> class Pin>
void trace_pins_of(sc_core::sc_trace_file* tf, const FramePins<Pin>& frame,
                   const std::string& prefix) {
  sc_core::sc_trace(tf, frame.kind, prefix + "kind");
  sc_core::sc_trace(tf, frame.packet, prefix + "packet");
  sc_core::sc_trace(tf, frame.source, prefix + "source");
  sc_core::sc_trace(tf, frame.destination, prefix + "destination");
  sc_core::sc_trace(tf, frame.payload, prefix + "payload");
}

}  // namespace optinet
