#pragma once
/// \file
/// The shipped device sets that `--device NAME` names and a device file may name as its base:
/// `fibre` (rack-scale 10 Gb/s fibre transceivers and star couplers, the DeviceParameters
/// defaults) and `onchip` (silicon photonics on one die: an off-chip continuous-wave laser,
/// ring modulators and filters, germanium photodetectors). docs/devices/README.md gives each
/// field's source; docs/devices/fibre.json and onchip.json list them.
#include <optional>
#include <string>
#include <vector>

#include "models/optical/power_budget.h"

namespace optinet {

/// The set named `name`, or none.
std::optional<DeviceParameters> device_set(const std::string& name);
/// The names of the shipped sets, in order.
std::vector<std::string> device_set_names();

}  // namespace optinet
