#include "testbenches/io/hierarchy.h"

#include <nlohmann/json.hpp>
#include <string>
#include <systemc>
#include <vector>

namespace optinet {

namespace {

/// The name of the SystemC object behind an interface, or null.
nlohmann::ordered_json bound_name(const sc_core::sc_interface* iface) {
  const auto* object = dynamic_cast<const sc_core::sc_object*>(iface);
  if (object == nullptr) return nullptr;
  return object->name();
}

/// Calls `sink` with each object's entry (compact JSON), depth first.
template <typename Sink>
void add_objects(const std::vector<sc_core::sc_object*>& objects, Sink& sink) {
  for (sc_core::sc_object* object : objects) {
    nlohmann::ordered_json entry{
        {"name", object->name()}, {"kind", object->kind()}, {"bound_to", nullptr}};
    if (auto* port = dynamic_cast<sc_core::sc_port_base*>(object)) {
      entry["bound_to"] = bound_name(port->get_interface());
      // bind_count() is not const in SystemC 2.3.4; it only reads.
      const int bindings = port->bind_count();
      if (bindings > 1) entry["bindings"] = bindings;
    } else if (const auto* exported = dynamic_cast<const sc_core::sc_export_base*>(object)) {
      entry["bound_to"] = bound_name(exported->get_interface());
    }
    sink(entry.dump());
    add_objects(object->get_child_objects(), sink);
  }
}

}  // namespace

std::string elaborated_hierarchy() {
  // Entry by entry into a text sized beforehand: a document of every object, or a string grown
  // by doubling, would take several times the text's memory at its peak.
  std::size_t size = 0;
  auto count = [&size](const std::string& entry) { size += entry.size() + 1; };
  add_objects(sc_core::sc_get_top_level_objects(), count);
  std::string out;
  out.reserve(size + 16);
  out = "{\"objects\":[";
  auto append = [&out](const std::string& entry) {
    if (out.back() != '[') out += ',';
    out += entry;
  };
  add_objects(sc_core::sc_get_top_level_objects(), append);
  out += "]}\n";
  return out;
}

}  // namespace optinet
