#pragma once
/// \file
/// Register maps of TLM-2.0 targets: decoding a generic-payload access against a table of
/// registers, with the error responses of IEEE 1666-2011 section 14.17, and host-endian value
/// transfer (the TLM-2.0 convention: data arrays hold values in the host's byte order).
#include <cstdint>
#include <cstring>
#include <optional>
#include <tlm>
#include <vector>

namespace optinet {

/// One register: its offset in the target's window, its width in bytes (every access must
/// cover exactly one whole register), and the commands it accepts.
struct RegisterSpec {
  std::uint64_t offset = 0;
  unsigned width = 0;
  bool readable = false;
  bool writable = false;
  const char* name = "";
};

/// Checks `trans` against `map` and returns the index of the register it accesses, or
/// std::nullopt after setting the error response. The checks, in order:
/// the address is the offset of a register (else TLM_ADDRESS_ERROR_RESPONSE); no byte enables
/// (TLM_BYTE_ENABLE_ERROR_RESPONSE); data length equal to the register's width and streaming
/// width equal to the data length (TLM_BURST_ERROR_RESPONSE); a read of a register that is not
/// readable or a write of one that is not writable (TLM_COMMAND_ERROR_RESPONSE); a null data
/// pointer on a read or write (TLM_GENERIC_ERROR_RESPONSE).
/// TLM_IGNORE_COMMAND passes the checks; its caller completes it without effect.
std::optional<std::size_t> decode_access(tlm::tlm_generic_payload& trans,
                                         const std::vector<RegisterSpec>& map);

/// As decode_access, for debug transport (which carries command, address, data pointer and
/// length only): no response status is set; nullopt if the access is not allowed.
std::optional<std::size_t> decode_debug_access(const tlm::tlm_generic_payload& trans,
                                               const std::vector<RegisterSpec>& map);

/// Copies `value` into the first sizeof(T) bytes of `data` (host byte order).
template <typename T>
void put_value(unsigned char* data, T value) {
  std::memcpy(data, &value, sizeof(T));
}

/// Reads a T from the first sizeof(T) bytes of `data` (host byte order).
template <typename T>
T get_value(const unsigned char* data) {
  T value;
  std::memcpy(&value, data, sizeof(T));
  return value;
}

}  // namespace optinet
