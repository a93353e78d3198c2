/// \file
/// libFuzzer target: the text of a --device file (parse_device_json): device parameters or one
/// printable UsageError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "testbenches/io/device_file.h"
#include "testbenches/io/usage_error.h"
#include "tests/fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)optinet::parse_device_json(text, "fuzz.json");
  } catch (const optinet::UsageError& e) {
    optinet::fuzz::check_one_printable_line(e.what());
  }
  return 0;
}
