#include "testbenches/network_commands.h"

#include "testbenches/ocpc_command.h"
#include "testbenches/store_forward_command.h"

namespace optinet {

namespace {

constexpr NetworkCommand kCommands[] = {
    {"ocpc", run_ocpc_command},
    {"mob", run_ocpc_command},
    {"hypercube", run_store_forward_command},
    {"shuffle", run_store_forward_command},
    {"ccc", run_store_forward_command},
    {"shuffle-exchange", run_store_forward_command},
    {"grid", run_store_forward_command},
};

}  // namespace

const NetworkCommand* find_network_command(const std::string& name) {
  for (const NetworkCommand& c : kCommands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

std::string network_names() {
  std::string names = "pops";
  for (const NetworkCommand& c : kCommands) names += std::string(", ") + c.name;
  return names;
}

}  // namespace optinet
