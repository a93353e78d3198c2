#pragma once
/// \file
/// Device files: the DeviceParameters of a power and energy budget as one JSON object whose keys
/// are the field names (docs/devices/README.md), and "base" naming a shipped set (fibre,
/// onchip) whose fields the file's replace. Without a base every field must be given. An unknown
/// field or set, a duplicated field, a value of the wrong type or out of range is refused.
#include <cstddef>
#include <string>
#include <vector>

#include "models/optical/power_budget.h"

namespace optinet {

/// Largest device file read: 64 KiB.
inline constexpr std::size_t kMaxDeviceFileBytes = 64 * 1024;

/// Reads a device file. Throws UsageError("--device: FILE: FIELD: what is accepted"), one
/// line, for a file that cannot be read, is too large, is not a JSON object, or has a bad
/// field. Nothing from the file is echoed unless it is printable ASCII.
DeviceParameters read_device_file(const std::string& path);

/// `--device NAME|FILE`: a shipped set by its name, else a device file.
DeviceParameters read_device_option(const std::string& value);

/// Parses the text of a device file; `path` only names it in errors. Throws as read_device_file.
DeviceParameters parse_device_json(const std::string& text, const std::string& path);

/// Empty if the fields agree with one another (an overload above the sensitivity, a launch
/// ceiling at or above the least launch, a density limit on a die), otherwise the refusal
/// naming the field.
std::string device_inconsistency(const DeviceParameters& p);

/// The accepted field names, in the order of DeviceParameters.
std::vector<std::string> device_field_names();

}  // namespace optinet
