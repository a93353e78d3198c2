/// \file
/// libFuzzer target: the optinet command line (parse_optinet), without elaborating. The input is
/// split into arguments at NUL and newline bytes; the first byte picks the network, so that the
/// fuzzer reaches every family's options. Every input must parse or give one printable
/// UsageError; no other exception, crash or leak.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"
#include "testbenches/io/usage_error.h"
#include "tests/fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  const auto& families = optinet::network_families();
  std::vector<std::string> args{families[data[0] % families.size()].network};
  std::string arg;
  for (std::size_t i = 1; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\0' || c == '\n') {
      args.push_back(arg);
      arg.clear();
    } else {
      arg += c;
    }
  }
  if (!arg.empty()) args.push_back(arg);
  if (args.size() > 32) return 0;
  // A path into /dev, /proc or /sys could block on a read (a terminal, a FIFO): not a parser bug.
  for (const std::string& a : args) {
    if (a.find("/dev") != std::string::npos || a.find("/proc") != std::string::npos ||
        a.find("/sys") != std::string::npos) {
      return 0;
    }
  }
  optinet::CommonOptions common;
  std::string help;
  try {
    (void)optinet::parse_optinet(args, common, help);
  } catch (const optinet::UsageError& e) {
    optinet::fuzz::check_one_printable_line(e.what());
  }
  return 0;
}
