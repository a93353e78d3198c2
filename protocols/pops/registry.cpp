#include "protocols/pops/registry.h"

#include "protocols/pops/randomized.h"

namespace optinet::pops {

const std::vector<ProtocolInfo>& protocols() {
  static const std::vector<ProtocolInfo> list = {
      {"randomized",
       "Mei & Rizzi section III: 5-slot steps via a random relay group (participation law for d>g)",
       RandomizedRouter::kSlotsPerStep,
       {3, 4, 5},
       [](const PopsShape&) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<RandomizedRouter>();
       }},
  };
  return list;
}

const ProtocolInfo* find_protocol(const std::string& name) {
  for (const auto& p : protocols()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string protocol_names() {
  std::string out;
  for (const auto& p : protocols()) out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

}  // namespace optinet::pops
