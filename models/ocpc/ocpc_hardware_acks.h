#pragma once
/// \file
/// The acknowledgement logic of every OCPC-family processor's receiver, as one module per
/// network. In the ack slot of a communication step (ocpc_node.h) a receiver that got exactly
/// one frame in the data slot sends the acknowledgement back to its sender: the processor's
/// thread does that itself when it steps slot by slot; while it sleeps through the ack slot
/// (OcpcProcessor::communication_step) this logic does it instead, in the same slot, with the
/// same frame, and latches the received frame for the thread.
///
/// One SC_METHOD for the whole network, woken at every rising edge, visits only the receivers
/// lit in the slot that just ended (ReceiverArray::lit_in): the cost follows the traffic, not
/// the number of processors, and each sleeping processor saves one thread activation per step.
#include <systemc>

#include "models/core/compat.h"
#include "models/core/run_control.h"

namespace optinet::ocpc {

class OcpcFabric;

class HardwareAcks : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<RunControlIf> control{"control"};

  OPTINET_HAS_PROCESS(HardwareAcks);
  /// Serves every processor of `fabric` (built and bound already) and has its receivers list
  /// the ones lit in each slot.
  HardwareAcks(const sc_core::sc_module_name& name, OcpcFabric& fabric);

 private:
  void on_rising_edge();

  OcpcFabric& fabric_;
};

}  // namespace optinet::ocpc
