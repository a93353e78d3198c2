/// \file
/// libFuzzer target: the text of a --permutation-file (parse_permutation_text). The first byte
/// chooses n; every input must give a partial permutation of n or one printable UsageError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "testbenches/io/usage_error.h"
#include "testbenches/traffic/traffic.h"
#include "tests/fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint32_t n = 1 + data[0] % 64;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const optinet::Permutation p = optinet::parse_permutation_text(text, "fuzz.txt", n);
    if (!optinet::check_partial_permutation(p, n).empty()) std::abort();
  } catch (const optinet::UsageError& e) {
    optinet::fuzz::check_one_printable_line(e.what());
  }
  return 0;
}
