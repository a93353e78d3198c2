#pragma once
/// \file
/// The elaborated SystemC hierarchy as JSON (`--hierarchy FILE`): one entry per SystemC object,
/// depth first from the top-level objects, with its name, its kind, and for a port the channel
/// (or port) it is bound to.
#include <string>

namespace optinet {

/// `{"objects": [{"name", "kind", "bound_to"}, ...]}` for every object SystemC has registered.
/// `bound_to` is the name of the object behind a port's first interface (for a multiport,
/// `bindings` adds how many interfaces it has), null for anything else or an unbound port. Call
/// after binding has completed (after elaboration's sc_start). The text is compact JSON with a
/// final newline, built entry by entry.
std::string elaborated_hierarchy();

}  // namespace optinet
