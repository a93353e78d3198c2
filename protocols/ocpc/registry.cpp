#include "protocols/ocpc/registry.h"

#include "protocols/funnel/funnel_phases.h"
#include "protocols/ocpc/coinflip.h"
#include "protocols/ocpc/dim_order.h"
#include "protocols/ocpc/dmob_funnel.h"
#include "protocols/ocpc/dmob_h_relation.h"
#include "protocols/ocpc/dmob_random_function.h"
#include "protocols/ocpc/gjlr.h"
#include "protocols/ocpc/reservation.h"
#include "protocols/ocpc/tdma.h"
#include "protocols/ocpc/thinning.h"
#include "protocols/ocpc/valiant.h"

namespace optinet::ocpc {

namespace {
template <typename P>
std::unique_ptr<OcpcProtocol> make(const OcpcShape&, const ProtocolOptions&) {
  return std::make_unique<P>();
}
std::unique_ptr<OcpcProtocol> make_gjlr(const OcpcShape&, const ProtocolOptions& options) {
  return std::make_unique<GjlrProtocol>(options.gjlr);
}
/// A split&hash protocol on the d-dimensional MOB, made with its plan.
template <typename P>
std::unique_ptr<OcpcProtocol> make_on_mesh(const OcpcShape& shape, const ProtocolOptions& options) {
  return std::make_unique<P>(shape, options.funnel);
}
}  // namespace

const std::vector<ProtocolInfo>& protocols() {
  static const std::vector<ProtocolInfo> table = {
      {"coinflip", "direct: each step a node with messages sends one with probability 1/2", true,
       false, make<CoinflipProtocol>, true},
      {"thinning", "direct: Anderson-Miller phases of halving load (2.1), then coin flips", true,
       false, make<ThinningProtocol>},
      {"valiant", "thinning, then prefix, bitonic sort and contention-free delivery", true, false,
       make<ValiantProtocol>},
      {"gjlr", "Goldberg-Jerrum-Leighton-Rao: Theta(h + log log p) with target groups", true, true,
       make_gjlr},
      {"row-column", "MOB-PC baseline: along the row, then the column, coin flips", false, true,
       make<DimOrderProtocol>, true},
      // The same protocol as row-column: on the MOB-PC, dimension 0 is the row bus.
      {"dim-order", "mesh baseline: one hop per coordinate, dimension 0 first, coin flips", false,
       true, make<DimOrderProtocol>, true, true},
      {"funnel",
       "Theorem 2 of Meyer auf der Heide et al.: the split&hash Funnel Algorithm on the mesh",
       false, false, make_on_mesh<DmobFunnelProtocol>, false, true, false, true},
      {"random-function",
       "Corollary 3b: the split&hash random-function algorithm on the mesh, GJLR on dimension 0",
       false, false, make_on_mesh<DmobRandomFunctionProtocol>, false, true, false, true, false,
       funnel::random_function_unavailable},
      {"h-relation",
       "Theorem 4b: the split&hash h-relation algorithm (thinning, remainder, GJLR) on the mesh",
       false, false, make_on_mesh<DmobHRelationProtocol>, false, true, false, true, true},
      {"tdma",
       "collision-free TDMA baseline: a fixed cyclic-shift schedule (protocols/ocpc/tdma.h)", true,
       true, make<TdmaProtocol>, true},
      {"reservation",
       "request and grant on control channels beside the buses, round-robin, 2 slots ahead; "
       "never a data collision (protocols/ocpc/reservation.h)",
       true, true, make<ReservationProtocol>, true, false, true},
  };
  return table;
}

const ProtocolInfo* find_protocol(const std::string& name) {
  for (const ProtocolInfo& p : protocols()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

bool runs_on(const ProtocolInfo& info, Topology topology) {
  switch (topology) {
    case Topology::kOcpc:
      return info.on_ocpc;
    case Topology::kMob:
      return info.on_mob;
    case Topology::kDmob:
      return info.on_dmob;
  }
  return false;
}

std::string topology_name(Topology topology) {
  return topology == Topology::kOcpc  ? "OCPC"
         : topology == Topology::kMob ? "MOB-PC"
                                      : "D-dimensional MOB";
}

std::string protocol_names(Topology topology) {
  std::string names;
  for (const ProtocolInfo& p : protocols()) {
    if (!runs_on(p, topology)) continue;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  return names;
}

std::string protocol_unavailable(const std::string& name, Topology topology) {
  const ProtocolInfo* info = find_protocol(name);
  if (info != nullptr && runs_on(*info, topology)) return "";
  return "'" + name + "' is not a protocol of the " + topology_name(topology) +
         " (accepted: " + protocol_names(topology) + ")";
}

std::string open_loop_unavailable(const std::string& name, Topology topology) {
  const ProtocolInfo* info = find_protocol(name);
  if (info != nullptr && info->open_loop) return "";
  std::string accepted;
  for (const ProtocolInfo& p : protocols()) {
    if (p.open_loop && runs_on(p, topology)) accepted += (accepted.empty() ? "" : ", ") + p.name;
  }
  return name +
         " routes one h-relation and does not run under a sustained load (accepted: " + accepted +
         ")";
}

}  // namespace optinet::ocpc
