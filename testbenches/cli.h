#pragma once
/// \file
/// The optinet command line: parsed and validated completely before anything is elaborated.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/pops_experiment.h"

namespace optinet {

struct CommandLine {
  bool help = false;
  std::string network;
  std::uint64_t runs = 1;
  std::uint64_t seed = 1;
  std::string vcd_path;
  std::string json_path;
  bool quiet = false;
  PopsExperimentConfig pops;  ///< network "pops"
  std::string traffic_name = "random";
};

/// Parses and validates argv; throws UsageError with one line naming the option at fault.
CommandLine parse_command_line(const std::vector<std::string>& args);
std::string usage_text();

}  // namespace optinet
