#include "protocols/splithash/registry.h"

#include "protocols/funnel/funnel_phases.h"
#include "protocols/splithash/funnel.h"
#include "protocols/splithash/h_relation.h"
#include "protocols/splithash/random_function.h"

namespace optinet::splithash {

namespace {
template <typename P>
std::unique_ptr<SplitHashProtocol> make() {
  return std::make_unique<P>();
}
}  // namespace

const std::vector<ProtocolInfo>& protocols() {
  static const std::vector<ProtocolInfo> table = {
      {"funnel", "Theorem 1: batches of eps*N packets, the Funnel Algorithm level by level",
       make<FunnelProtocol>, true},
      {"random-function",
       "Corollary 3a: random batches down the funnels, then GJLR on every bus to the sinks",
       make<RandomFunctionProtocol>, false, false, funnel::random_function_unavailable},
      {"h-relation",
       "Theorem 4a: the modified thinning phase per batch and level, then the random-function "
       "algorithm for the remainder, then GJLR on every bus to the sinks",
       make<HRelationProtocol>, false, true},
  };
  return table;
}

const ProtocolInfo* find_protocol(const std::string& name) {
  for (const ProtocolInfo& p : protocols()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string protocol_names() {
  std::string names;
  for (const ProtocolInfo& p : protocols()) names += (names.empty() ? "" : ", ") + p.name;
  return names;
}

std::string protocol_unavailable(const std::string& name) {
  if (find_protocol(name) != nullptr) return "";
  return "'" + name + "' is not a split&hash protocol (accepted: " + protocol_names() + ")";
}

}  // namespace optinet::splithash
