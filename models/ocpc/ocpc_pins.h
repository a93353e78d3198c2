#pragma once
/// \file
/// The OCPC family's pins: a message, a transmitter and a receiver as ports or signals of
/// their own (`In`, `Out`, `Signal`, or a signal with several writers), so that a waveform shows
/// every field and an RTL model sees plain wires.
#include <cstdint>
#include <string>
#include <systemc>

#include "models/core/frame_pins.h"
#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

/// A message: kind, packet, source, destination, payload (the frame's pins), sender, control0
/// and control1, named `prefix` + field.
template <template <typename> class Pin>
struct MessagePins {
  FramePins<Pin> frame;
  Pin<std::uint32_t> sender;
  Pin<std::uint64_t> control0;
  Pin<std::uint64_t> control1;

  explicit MessagePins(const std::string& prefix)
      : frame(prefix),
        sender((prefix + "sender").c_str()),
        control0((prefix + "control0").c_str()),
        control1((prefix + "control1").c_str()) {}

  Message read() const {
    Message m;
    m.kind = static_cast<Message::Kind>(frame.kind.read());
    m.sender = sender.read();
    m.packet = Packet{frame.packet.read(), frame.source.read(), frame.destination.read(),
                      frame.payload.read()};
    m.control[0] = control0.read();
    m.control[1] = control1.read();
    return m;
  }
  void write(const Message& m) {
    frame.kind.write(static_cast<std::uint32_t>(m.kind));
    frame.packet.write(m.packet.id);
    frame.source.write(m.packet.source);
    frame.destination.write(m.packet.destination);
    frame.payload.write(m.packet.payload);
    sender.write(m.sender);
    control0.write(m.control[0]);
    control1.write(m.control[1]);
  }
  template <typename Other>
  void bind(Other& to) {
    frame.bind(to.frame);
    sender(to.sender);
    control0(to.control0);
    control1(to.control1);
  }
};

/// A beam: `prefix`valid, a second line `prefix``line_name` and the message under `prefix`.
/// A transmitter's line is the address of the receiver its beam is aimed at (a local index on
/// the bus); a receiver's is its collision (two or more frames, or noise).
template <template <typename> class Pin, typename Line>
struct BeamPins {
  Pin<bool> valid;
  Pin<Line> line;
  MessagePins<Pin> message;
  std::string line_name;

  BeamPins(const std::string& prefix, const std::string& line_name)
      : valid((prefix + "valid").c_str()),
        line((prefix + line_name).c_str()),
        message(prefix),
        line_name(line_name) {}
  template <typename Other>
  void bind(Other& to) {
    valid(to.valid);
    line(to.line);
    message.bind(to.message);
  }
};

/// A transmitter on a bus: `prefix`valid, `prefix`address and the message.
template <template <typename> class Pin>
struct TransmitterPins : BeamPins<Pin, std::uint32_t> {
  explicit TransmitterPins(const std::string& prefix)
      : BeamPins<Pin, std::uint32_t>(prefix, "address") {}
};

/// A receiver's output: `prefix`valid (exactly one frame arrived), `prefix`collision and the
/// message.
template <template <typename> class Pin>
struct ReceiverPins : BeamPins<Pin, bool> {
  explicit ReceiverPins(const std::string& prefix) : BeamPins<Pin, bool>(prefix, "collision") {}
};

/// Traces a message's wires as `prefix` + field.
template <template <typename> class Pin>
void trace_pins_of(sc_core::sc_trace_file* tf, const MessagePins<Pin>& m,
                   const std::string& prefix) {
  optinet::trace_pins_of(tf, m.frame, prefix);
  sc_core::sc_trace(tf, m.sender, prefix + "sender");
  sc_core::sc_trace(tf, m.control0, prefix + "control0");
  sc_core::sc_trace(tf, m.control1, prefix + "control1");
}
/// Traces a beam's wires as `prefix` + valid, its line's name and the message's fields.
template <template <typename> class Pin, typename Line>
void trace_pins_of(sc_core::sc_trace_file* tf, const BeamPins<Pin, Line>& beam,
                   const std::string& prefix) {
  sc_core::sc_trace(tf, beam.valid, prefix + "valid");
  sc_core::sc_trace(tf, beam.line, prefix + beam.line_name);
  trace_pins_of(tf, beam.message, prefix);
}

}  // namespace optinet::ocpc
