#include "models/ocpc/ocpc_hardware_acks.h"

#include "models/ocpc/ocpc_network.h"

namespace optinet::ocpc {

HardwareAcks::HardwareAcks(const sc_core::sc_module_name& name, OcpcFabric& fabric)
    : sc_core::sc_module(name), fabric_(fabric) {
  fabric_.receivers().track_lit();
  for (NodeId i = 0; i < fabric_.shape().n(); ++i) fabric_.processor(i).enable_hardware_ack();
  SC_METHOD(on_rising_edge);
  sensitive << clk.pos();
  dont_initialize();
}

void HardwareAcks::on_rising_edge() {
  const std::uint64_t now = control->current_slot();
  if (now == 0) return;
  // The buses resolve this slot a delta later, so the list of the slot that ended is complete
  // and stays put while the acknowledgements are driven.
  for (NodeId receiver : fabric_.receivers().lit_in(now - 1)) {
    fabric_.processor(receiver).acknowledge(now - 1);
  }
}

}  // namespace optinet::ocpc
