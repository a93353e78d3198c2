#include "models/tlm/tlm_register_map.h"

namespace optinet {

namespace {

const RegisterSpec* find_register(std::uint64_t address, const std::vector<RegisterSpec>& map,
                                  std::size_t& index) {
  for (std::size_t i = 0; i < map.size(); ++i) {
    if (map[i].offset == address) {
      index = i;
      return &map[i];
    }
  }
  return nullptr;
}

// Debug transport uses only command, address, data pointer and data length (IEEE 1666-2011
// 11.3.4): byte enables and streaming width are not checked there.
tlm::tlm_response_status check(const tlm::tlm_generic_payload& trans,
                               const std::vector<RegisterSpec>& map, bool debug,
                               std::size_t& index) {
  const RegisterSpec* reg = find_register(trans.get_address(), map, index);
  if (reg == nullptr) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  if (!debug && trans.get_byte_enable_ptr() != nullptr) return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  if (trans.get_data_length() != reg->width ||
      (!debug && trans.get_streaming_width() != reg->width)) {
    return tlm::TLM_BURST_ERROR_RESPONSE;
  }
  if ((trans.is_read() && !reg->readable) || (trans.is_write() && !reg->writable)) {
    return tlm::TLM_COMMAND_ERROR_RESPONSE;
  }
  // A null data pointer breaks the base protocol's rules; refuse it rather than crash.
  if (trans.get_command() != tlm::TLM_IGNORE_COMMAND && trans.get_data_ptr() == nullptr)
    return tlm::TLM_GENERIC_ERROR_RESPONSE;
  return tlm::TLM_OK_RESPONSE;
}

}  // namespace

std::optional<std::size_t> decode_access(tlm::tlm_generic_payload& trans,
                                         const std::vector<RegisterSpec>& map) {
  std::size_t index = 0;
  const tlm::tlm_response_status status = check(trans, map, false, index);
  if (status != tlm::TLM_OK_RESPONSE) {
    trans.set_response_status(status);
    return std::nullopt;
  }
  return index;
}

std::optional<std::size_t> decode_debug_access(const tlm::tlm_generic_payload& trans,
                                               const std::vector<RegisterSpec>& map) {
  std::size_t index = 0;
  if (check(trans, map, true, index) != tlm::TLM_OK_RESPONSE) return std::nullopt;
  return index;
}

}  // namespace optinet
