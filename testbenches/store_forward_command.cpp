#include "testbenches/store_forward_command.h"

#include "testbenches/usage_error.h"

namespace optinet {

// Placeholder until the store-and-forward networks (hypercube, shuffle, ccc, shuffle-exchange, grid) land (issue in progress).
int run_store_forward_command(const std::vector<std::string>& args) {
  throw UsageError("network: '" + args.at(0) + "' is not implemented yet");
}

}  // namespace optinet
