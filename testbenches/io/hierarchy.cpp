#include "testbenches/io/hierarchy.h"

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

void add_objects(const std::vector<sc_core::sc_object*>& objects, nlohmann::ordered_json& out) {
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
    out.push_back(std::move(entry));
    add_objects(object->get_child_objects(), out);
  }
}

}  // namespace

nlohmann::ordered_json elaborated_hierarchy() {
  nlohmann::ordered_json objects = nlohmann::ordered_json::array();
  add_objects(sc_core::sc_get_top_level_objects(), objects);
  return nlohmann::ordered_json{{"objects", std::move(objects)}};
}

}  // namespace optinet
