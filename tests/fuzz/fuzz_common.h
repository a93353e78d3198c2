#pragma once
/// \file
/// What every fuzz target checks of a refusal: one line, printable (nothing of the input is
/// echoed raw), so that the user sees exactly one clear message.
#include <cstdlib>
#include <string>

// libsystemc references sc_main; a fuzz target never starts SystemC. (Each target is one
// translation unit that includes this header once.)
extern "C" int sc_main(int, char*[]) { return 0; }

namespace optinet::fuzz {

inline void check_one_printable_line(const std::string& message) {
  for (const char c : message) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) std::abort();  // a control byte (or a second line) reached it
  }
  if (message.empty() || message.size() > 4096) std::abort();
}

}  // namespace optinet::fuzz
