#include "models/core/rtl_models.h"

namespace optinet {

#ifndef OPTINET_HAVE_VERILATOR
const std::vector<RtlModel>& rtl_model_registry() {
  static const std::vector<RtlModel> none;
  return none;
}
#endif

std::vector<std::string> rtl_model_names(const std::string& boundary) {
  std::vector<std::string> names;
  for (const RtlModel& m : rtl_model_registry()) {
    if (boundary == m.boundary) names.emplace_back(m.name);
  }
  return names;
}

std::string rtl_model_boundary(const std::string& name) {
  for (const RtlModel& m : rtl_model_registry()) {
    if (name == m.name) return m.boundary;
  }
  return "";
}

}  // namespace optinet
