#pragma once
/// \file
/// Bad input: reported as one line naming the option and what it accepts, exit status 2.
#include <stdexcept>
#include <string>

namespace optinet {

struct UsageError : std::runtime_error {
  explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace optinet
