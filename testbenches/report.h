#pragma once
/// \file
/// Human-readable and JSON reports of a series of runs.
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/cli.h"
#include "testbenches/pops_experiment.h"

namespace optinet {

/// Wall-clock seconds of the phases of one optinet invocation.
struct Timing {
  double elaboration = 0;
  double simulation = 0;  ///< all runs
};

void print_run(std::ostream& out, std::size_t index, const PopsRunResult& r);
void print_summary(std::ostream& out, const CommandLine& cl, const std::vector<PopsRunResult>& runs,
                   const Timing& timing);
void write_json(std::ostream& out, const CommandLine& cl, const std::vector<PopsRunResult>& runs,
                const Timing& timing);

}  // namespace optinet
