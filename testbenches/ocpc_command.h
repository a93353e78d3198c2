#pragma once
/// \file
/// The optinet command for the OCPC and MOB-PC (ocpc, mob).
#include <string>
#include <vector>

namespace optinet {

/// args[0] is the network name. Returns the exit status (2 for bad input).
int run_ocpc_command(const std::vector<std::string>& args);

}  // namespace optinet
