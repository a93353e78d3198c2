#pragma once
/// \file
/// The pins view's mesh link: one direction between neighbours. Pin contract
/// (docs/cosimulation.md): the sending router drives in_valid and the packet in the evaluation
/// of the rising edge that starts slot k and lowers in_valid at the falling edge; the link
/// carries them to out_* a delta later. The receiving router drives far_occupancy (its input
/// buffer's packets, after its pops and pushes of the slot); the link carries it back to the
/// sender as occupancy, which the sender samples at the next rising edge. busy (a packet
/// crossed in this slot) and the occupancy register are the grouped view's traced values.
#include <cstdint>
#include <systemc>

#include "models/core/compat.h"
#include "models/mesh/mesh_pins.h"

namespace optinet::mesh {

class MeshPinLink : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  MeshLanePins<In> in{"in_"};
  MeshLanePins<Out> out{"out_"};
  sc_core::sc_in<std::uint32_t> far_occupancy{"far_occupancy"};
  sc_core::sc_out<std::uint32_t> occupancy{"occupancy"};

  OPTINET_HAS_PROCESS(MeshPinLink);
  explicit MeshPinLink(const sc_core::sc_module_name& name);

  std::uint64_t busy_slots() const { return busy_slots_; }
  void reset() { busy_slots_ = 0; }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces busy and occupancy, as the grouped view names them.
  void trace(sc_core::sc_trace_file* tf);

 private:
  /// Carries the sender's lane; busy from a crossing's rising edge to the next rising edge.
  void carry();
  void carry_occupancy();

  unsigned char busy_ = 0;
  std::uint32_t occupancy_ = 0;
  std::uint64_t busy_slots_ = 0;
  bool clearing_ = false;
};

}  // namespace optinet::mesh
