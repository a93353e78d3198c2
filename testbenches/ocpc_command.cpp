#include "testbenches/ocpc_command.h"

#include "testbenches/usage_error.h"

namespace optinet {

// Placeholder until the OCPC and MOB-PC (ocpc, mob) land (issue in progress).
int run_ocpc_command(const std::vector<std::string>& args) {
  throw UsageError("network: '" + args.at(0) + "' is not implemented yet");
}

}  // namespace optinet
