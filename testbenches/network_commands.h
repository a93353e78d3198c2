#pragma once
/// \file
/// The optinet command's networks. POPS is parsed by parse_command_line (cli.h); every other
/// network family has its own command, which parses its options (UsageError, exit 2, before
/// anything runs), elaborates once, runs, reports and returns the exit status.
#include <string>
#include <vector>

namespace optinet {

/// args[0] is the network name, the rest its options.
using NetworkCommandFn = int (*)(const std::vector<std::string>& args);

struct NetworkCommand {
  const char* name;
  NetworkCommandFn run;
};

/// The command of a network other than POPS, or nullptr.
const NetworkCommand* find_network_command(const std::string& name);

/// Every network the command accepts, comma-separated, "pops" first.
std::string network_names();

}  // namespace optinet
