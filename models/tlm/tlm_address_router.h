#pragma once
/// \file
/// A loosely-timed TLM-2.0 interconnect: one target socket for the initiators, one multi
/// initiator socket bound to every target, and an address map of non-overlapping windows.
/// A transaction is forwarded with its address made relative to the window (and restored on
/// return); an address outside every window gets TLM_ADDRESS_ERROR_RESPONSE. Blocking and debug
/// transport are forwarded; DMI is not offered. The router adds no delay of its own.
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

namespace optinet {

class AddressRouter : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<AddressRouter> target{"target"};
  tlm_utils::multi_passthrough_initiator_socket<AddressRouter> initiator{"initiator"};

  explicit AddressRouter(const sc_core::sc_module_name& name);

  /// Binds `socket` to the next initiator port and maps [base, base + size) to it. Windows must
  /// be added in increasing order of base and must not overlap (checked).
  void map(tlm::tlm_base_target_socket<>& socket, std::uint64_t base, std::uint64_t size);

 private:
  struct Window {
    std::uint64_t base;
    std::uint64_t size;
  };
  /// Index of the window holding `address`, or -1.
  long decode(std::uint64_t address) const;
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);

  std::vector<Window> windows_;
};

}  // namespace optinet
