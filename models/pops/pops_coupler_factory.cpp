#include "models/pops/pops_coupler_factory.h"

#include <limits>
#include <stdexcept>

namespace optinet::pops {

namespace {
constexpr CouplerKind kKinds[] = {CouplerKind::kBehavioural, CouplerKind::kRtl,
                                  CouplerKind::kLockstep};
}

std::string coupler_kind_name(CouplerKind kind) {
  switch (kind) {
    case CouplerKind::kBehavioural:
      return "behavioural";
    case CouplerKind::kRtl:
      return "rtl";
    case CouplerKind::kLockstep:
      return "lockstep";
  }
  return "?";
}

std::optional<CouplerKind> coupler_kind(const std::string& name) {
  for (CouplerKind k : kKinds) {
    if (coupler_kind_name(k) == name) return k;
  }
  return std::nullopt;
}

bool coupler_available([[maybe_unused]] CouplerKind kind) {
#ifdef OPTINET_HAVE_VERILATOR
  return true;
#else
  return kind == CouplerKind::kBehavioural;
#endif
}

std::string available_coupler_names() {
  std::string names;
  for (CouplerKind k : kKinds) {
    if (coupler_available(k)) names += (names.empty() ? "" : ", ") + coupler_kind_name(k);
  }
  return names;
}

std::uint32_t coupler_max_sources(CouplerKind kind) {
#ifdef OPTINET_HAVE_VERILATOR
  if (kind != CouplerKind::kBehavioural) return kRtlMaxSources;
#endif
  return std::numeric_limits<std::uint32_t>::max();
}

namespace {
[[noreturn]] void no_module(CouplerKind kind) {
  throw std::invalid_argument("coupler " + coupler_kind_name(kind) +
                              " has no module of its own (behavioural couplers are grouped; "
                              "the RTL kinds need a build with Verilator)");
}
}  // namespace

std::vector<std::string> coupler_models() { return rtl_coupler_models(); }

std::unique_ptr<PopsRtlCouplerLaw> make_coupler_law(
    [[maybe_unused]] CouplerKind kind, [[maybe_unused]] const std::string& model,
    [[maybe_unused]] const sc_core::sc_module& owner,
    [[maybe_unused]] sc_core::sc_signal<bool>& clk, [[maybe_unused]] const StarCoupler& coupler) {
#ifdef OPTINET_HAVE_VERILATOR
  if (kind != CouplerKind::kBehavioural) {
    return std::make_unique<PopsRtlCouplerLaw>(model, owner, clk, coupler,
                                               kind == CouplerKind::kLockstep);
  }
#endif
  no_module(kind);
}

std::unique_ptr<PassiveStar> make_coupler([[maybe_unused]] CouplerKind kind,
                                          [[maybe_unused]] const sc_core::sc_module_name& name,
                                          [[maybe_unused]] const OpticalPassiveStarConfig& config) {
#ifdef OPTINET_HAVE_VERILATOR
  if (kind != CouplerKind::kBehavioural) {
    return std::make_unique<PopsRtlCoupler>(name, config, kind == CouplerKind::kLockstep);
  }
#endif
  no_module(kind);
}

}  // namespace optinet::pops
