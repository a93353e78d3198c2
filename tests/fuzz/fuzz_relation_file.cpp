/// \file
/// libFuzzer target: the text of a --relation-file (parse_relation_text). The first two bytes
/// choose n and h; every input must give an h-relation or one printable UsageError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "testbenches/io/usage_error.h"
#include "testbenches/traffic/h_relation.h"
#include "tests/fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint32_t n = 1 + data[0] % 64;
  const std::uint32_t h = 1 + data[1] % 8;
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  try {
    const optinet::Relation r = optinet::parse_relation_text(text, "fuzz.txt", n, h);
    if (!optinet::check_h_relation(r, n, h).empty()) std::abort();
  } catch (const optinet::UsageError& e) {
    optinet::fuzz::check_one_printable_line(e.what());
  }
  return 0;
}
