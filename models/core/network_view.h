#pragma once
/// \file
/// Two elaborations of one hardware. `kPins`: every processor and every optical element is a
/// module with a clock port and pin-level ports bound through signals, each processor's protocol
/// in its own process. `kGrouped`: the scaled elaboration (processors reach grouped media through
/// interface ports or pointers). Both give identical runs.
#include <string>

namespace optinet {

enum class NetworkView { kGrouped, kPins };

inline std::string network_view_name(NetworkView view) {
  return view == NetworkView::kPins ? "pins" : "grouped";
}

}  // namespace optinet
