#pragma once
/// \file
/// Helpers shared by the OCPC / MOB-PC / D-dimensional MOB simulation tests.
#include <cstdint>
#include <map>
#include <optional>
#include <utility>

#include "testbenches/ocpc/ocpc_experiment.h"

namespace optinet::test {

/// Every node sends (to its scripted target, if any) in one communication step and records
/// what it received and whether its message was acknowledged.
class ScriptedStep : public ocpc::OcpcProtocol {
 public:
  explicit ScriptedStep(std::map<NodeId, NodeId> targets) : targets_(std::move(targets)) {}
  void run(ocpc::OcpcNodeContext& node) const override {
    node.begin_slots();
    std::optional<ocpc::Message> out;
    NodeId to = kNoNode;
    if (auto it = targets_.find(node.id()); it != targets_.end()) {
      to = it->second;
      out = ocpc::Message{};
      out->kind = ocpc::Message::Kind::kControl;
      out->control[0] = 1000 + node.id();
    }
    outcomes[node.id()] = ocpc::communication_step(node, to, out);
  }
  mutable std::map<NodeId, ocpc::StepOutcome> outcomes;

 private:
  std::map<NodeId, NodeId> targets_;
};

/// An experiment that runs `protocol` (a test's own, not one from the registry) on an OCPC of p
/// processors or a p x p MOB-PC.
inline ocpc::OcpcExperimentConfig scripted_config(ocpc::Topology topology, std::uint32_t p,
                                                  const ocpc::OcpcProtocol& protocol,
                                                  std::uint64_t max_slots) {
  ocpc::OcpcExperimentConfig c;
  c.shape.topology = topology;
  c.shape.p = p;
  c.protocol_override = &protocol;
  c.max_slots = max_slots;
  return c;
}

}  // namespace optinet::test
