#pragma once
/// \file
/// Helpers shared by the OCPC / MOB-PC simulation tests.
#include <cstdint>

#include "testbenches/ocpc_experiment.h"

namespace optinet::test {

/// An experiment that runs `protocol` (a test's own, not one from the registry) on an OCPC of p
/// processors or a p x p MOB-PC.
inline OcpcExperimentConfig scripted_config(ocpc::Topology topology, std::uint32_t p,
                                            const ocpc::OcpcProtocol& protocol,
                                            std::uint64_t max_slots) {
  OcpcExperimentConfig c;
  c.shape.topology = topology;
  c.shape.p = p;
  c.protocol_override = &protocol;
  c.max_slots = max_slots;
  return c;
}

}  // namespace optinet::test
