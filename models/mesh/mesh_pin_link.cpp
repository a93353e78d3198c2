#include "models/mesh/mesh_pin_link.h"

#include <string>

namespace optinet::mesh {

MeshPinLink::MeshPinLink(const sc_core::sc_module_name& name) : sc_core::sc_module(name) {
  SC_METHOD(carry);
  sensitive << in.valid;
  dont_initialize();
  SC_METHOD(carry_occupancy);
  sensitive << far_occupancy;
  dont_initialize();
}

void MeshPinLink::carry() {
  if (clearing_) {  // the rising edge after a crossing: busy ends unless another one starts
    clearing_ = false;
    busy_ = 0;
    return;
  }
  if (in.valid.read()) {
    out.write(in.read());
    busy_ = 1;
    ++busy_slots_;
    return;
  }
  out.valid.write(false);  // the falling edge of a crossing
  clearing_ = true;
  sc_core::next_trigger(clk.posedge_event());
}

void MeshPinLink::carry_occupancy() {
  occupancy_ = far_occupancy.read();
  occupancy.write(occupancy_);
}

void MeshPinLink::trace(sc_core::sc_trace_file* tf) {
  const std::string base = name();
  sc_core::sc_trace(tf, busy_, base + ".busy", 1);
  sc_core::sc_trace(tf, occupancy_, base + ".occupancy", 8);
}

}  // namespace optinet::mesh
