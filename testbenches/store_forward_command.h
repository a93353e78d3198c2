#pragma once
/// \file
/// The optinet command for the store-and-forward networks (hypercube, shuffle, ccc,
/// shuffle-exchange, grid).
#include <string>
#include <vector>

namespace optinet {

/// args[0] is the network name. Returns the exit status (2 for bad input).
int run_store_forward_command(const std::vector<std::string>& args);

}  // namespace optinet
