#include "models/tlm/tlm_address_router.h"

#include <algorithm>
#include <string>

namespace optinet {

AddressRouter::AddressRouter(const sc_core::sc_module_name& name) : sc_core::sc_module(name) {
  target.register_b_transport(this, &AddressRouter::b_transport);
  target.register_transport_dbg(this, &AddressRouter::transport_dbg);
}

void AddressRouter::map(tlm::tlm_base_target_socket<>& socket, std::uint64_t base,
                        std::uint64_t size) {
  if (size == 0 || (!windows_.empty() && base < windows_.back().base + windows_.back().size)) {
    SC_REPORT_ERROR(name(), ("window at " + std::to_string(base) +
                             " is empty, out of order or overlaps the previous one")
                                .c_str());
    return;
  }
  initiator.bind(socket);
  windows_.push_back(Window{base, size});
}

long AddressRouter::decode(std::uint64_t address) const {
  // The last window whose base is <= address, if address falls inside it.
  const auto after = std::upper_bound(windows_.begin(), windows_.end(), address,
                                      [](std::uint64_t a, const Window& w) { return a < w.base; });
  if (after == windows_.begin()) return -1;
  const Window& w = *(after - 1);
  if (address - w.base >= w.size) return -1;
  return static_cast<long>(after - 1 - windows_.begin());
}

void AddressRouter::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  const std::uint64_t address = trans.get_address();
  const long port = decode(address);
  if (port < 0) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  trans.set_address(address - windows_[port].base);
  initiator[port]->b_transport(trans, delay);
  trans.set_address(address);
}

unsigned AddressRouter::transport_dbg(tlm::tlm_generic_payload& trans) {
  const std::uint64_t address = trans.get_address();
  const long port = decode(address);
  if (port < 0) return 0;
  trans.set_address(address - windows_[port].base);
  const unsigned bytes = initiator[port]->transport_dbg(trans);
  trans.set_address(address);
  return bytes;
}

}  // namespace optinet
