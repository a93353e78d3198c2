#pragma once
/// \file
/// The names of a generated registry of verilated models (cmake/rtl.cmake), as --rtl lists them.
#include <string>
#include <vector>

namespace optinet {

/// The `name` of every entry of `registry`, in order.
template <typename Model>
std::vector<std::string> rtl_model_names(const std::vector<Model>& registry) {
  std::vector<std::string> names;
  names.reserve(registry.size());
  for (const Model& m : registry) names.emplace_back(m.name);
  return names;
}

}  // namespace optinet
