#pragma once
/// \file
/// The mesh's pins: a lane is a valid line and the packet it qualifies, each field a port or
/// signal of its own (`In`, `Out`, `Signal`, or `SharedSignal`), so that a waveform shows every
/// field and an RTL model sees plain wires. Coordinates are packed as x * 65536 + y.
#include <cstdint>
#include <string>
#include <systemc>

#include "models/core/frame_pins.h"
#include "models/mesh/mesh_node.h"

namespace optinet::mesh {

/// `prefix`valid, then the packet's fields `prefix`source, destination, op, kind, word0-3,
/// id, check, priority.
template <template <typename> class Pin>
struct MeshLanePins {
  Pin<bool> valid;
  Pin<std::uint32_t> source, destination, op, kind;
  Pin<std::int64_t> word0, word1, word2, word3;
  Pin<std::uint64_t> id, check;
  Pin<std::int64_t> priority;

  explicit MeshLanePins(const std::string& prefix)
      : valid((prefix + "valid").c_str()),
        source((prefix + "source").c_str()),
        destination((prefix + "destination").c_str()),
        op((prefix + "op").c_str()),
        kind((prefix + "kind").c_str()),
        word0((prefix + "word0").c_str()),
        word1((prefix + "word1").c_str()),
        word2((prefix + "word2").c_str()),
        word3((prefix + "word3").c_str()),
        id((prefix + "id").c_str()),
        check((prefix + "check").c_str()),
        priority((prefix + "priority").c_str()) {}

  MeshMsg read() const {
    MeshMsg m;
    m.src = unpack(source.read());
    m.dst = unpack(destination.read());
    m.op = op.read();
    m.kind = static_cast<std::uint8_t>(kind.read());
    m.word = {word0.read(), word1.read(), word2.read(), word3.read()};
    m.id = id.read();
    m.check = check.read();
    m.priority = priority.read();
    return m;
  }
  /// Drives the packet with valid high.
  void write(const MeshMsg& m) {
    valid.write(true);
    source.write(pack(m.src));
    destination.write(pack(m.dst));
    op.write(m.op);
    kind.write(m.kind);
    word0.write(m.word[0]);
    word1.write(m.word[1]);
    word2.write(m.word[2]);
    word3.write(m.word[3]);
    id.write(m.id);
    check.write(m.check);
    priority.write(m.priority);
  }
  /// Calls f(pin of `self`, the same pin of `other`, its name's suffix) for every pin.
  template <typename Self, typename Other, typename F>
  static void pairs(Self& self, Other& other, F f) {
    f(self.valid, other.valid, "valid");
    f(self.source, other.source, "source");
    f(self.destination, other.destination, "destination");
    f(self.op, other.op, "op");
    f(self.kind, other.kind, "kind");
    f(self.word0, other.word0, "word0");
    f(self.word1, other.word1, "word1");
    f(self.word2, other.word2, "word2");
    f(self.word3, other.word3, "word3");
    f(self.id, other.id, "id");
    f(self.check, other.check, "check");
    f(self.priority, other.priority, "priority");
  }
  /// Binds each pin to the same pin of `to` (a port to a signal or to a parent's port).
  template <typename Other>
  void bind(Other& to) {
    pairs(*this, to, [](auto& mine, auto& theirs, const char*) { mine(theirs); });
  }

  static std::uint32_t pack(Coord c) { return (c.x << 16) | c.y; }
  static Coord unpack(std::uint32_t v) { return {v >> 16, v & 0xffffu}; }
};

/// Traces a lane's pins as `prefix` + valid, source, destination, ...
template <template <typename> class Pin>
void trace_pins_of(sc_core::sc_trace_file* tf, const MeshLanePins<Pin>& lane,
                   const std::string& prefix) {
  MeshLanePins<Pin>::pairs(lane, lane, [&](const auto& pin, const auto&, const char* suffix) {
    sc_core::sc_trace(tf, pin, prefix + suffix);
  });
}

/// The lanes between a processor and its router: by output (E, W, N, S, then L: the node
/// itself), named `prefix`<lane>_.
inline std::string lane_name(std::uint32_t lane) {
  static const char* const names[] = {"E", "W", "N", "S", "L"};
  return lane < 5 ? names[lane] : "?";
}

}  // namespace optinet::mesh
