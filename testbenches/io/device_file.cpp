#include "testbenches/io/device_file.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "models/optical/device_sets.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace {

/// One field of a device file: its name, what it accepts, and where it goes.
struct Field {
  const char* name;
  double lo;
  double hi;
  bool lo_open;  ///< lo itself is refused
  bool integer;
  const char* unit;
  void (*set)(DeviceParameters&, double);
};

#define OPTINET_SETTER(member, type) \
  [](DeviceParameters& p, double v) { p.member = static_cast<type>(v); }

// Bounds: losses and margins cannot be negative; powers in dBm may be (they are negative for
// anything below 1 mW). Upper bounds only keep the arithmetic sane: each is far past any device.
const Field kFields[] = {
    {"launch_power_dbm", -60, 30, false, false, "dBm", OPTINET_SETTER(launch_power_dbm, double)},
    {"receiver_sensitivity_dbm", -60, 30, false, false, "dBm",
     OPTINET_SETTER(receiver_sensitivity_dbm, double)},
    {"star_excess_base_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(star_excess_base_db, double)},
    {"star_excess_per_stage_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(star_excess_per_stage_db, double)},
    {"bus_tap_loss_db", 0, 100, false, false, "dB", OPTINET_SETTER(bus_tap_loss_db, double)},
    {"connector_loss_db", 0, 100, false, false, "dB", OPTINET_SETTER(connector_loss_db, double)},
    {"connectors_per_path", 0, 1000, false, true, "connector pairs",
     OPTINET_SETTER(connectors_per_path, std::uint32_t)},
    {"fibre_loss_db_per_km", 0, 1000, false, false, "dB/km",
     OPTINET_SETTER(fibre_loss_db_per_km, double)},
    {"fibre_length_m", 0, 1e7, false, false, "m", OPTINET_SETTER(fibre_length_m, double)},
    {"system_margin_db", 0, 100, false, false, "dB", OPTINET_SETTER(system_margin_db, double)},
    {"bit_rate_gbps", 0, 1e4, true, false, "Gb/s", OPTINET_SETTER(bit_rate_gbps, double)},
    {"frame_bits", 1, 1 << 24, false, true, "bits", OPTINET_SETTER(frame_bits, std::uint32_t)},
    {"tx_energy_pj_per_bit", 0, 1e6, false, false, "pJ/bit",
     OPTINET_SETTER(tx_energy_pj_per_bit, double)},
    {"rx_energy_pj_per_bit", 0, 1e6, false, false, "pJ/bit",
     OPTINET_SETTER(rx_energy_pj_per_bit, double)},
    {"waveguide_loss_db_per_cm", 0, 1000, false, false, "dB/cm",
     OPTINET_SETTER(waveguide_loss_db_per_cm, double)},
    {"waveguide_length_cm", 0, 1000, false, false, "cm",
     OPTINET_SETTER(waveguide_length_cm, double)},
    {"laser_wall_plug_efficiency", 0, 1, true, false, "optical out / electrical in",
     OPTINET_SETTER(laser_wall_plug_efficiency, double)},
    {"laser_continuous", 0, 1, false, true, "1: lit every slot, 0: burst-mode",
     OPTINET_SETTER(laser_continuous, std::uint32_t)},
    {"laser_bias_mw", 0, 1e6, false, false, "mW per laser", OPTINET_SETTER(laser_bias_mw, double)},
    {"transmitter_static_mw", 0, 1e6, false, false, "mW per transmitter",
     OPTINET_SETTER(transmitter_static_mw, double)},
    {"tuning_mw_per_transmitter", 0, 1e6, false, false, "mW",
     OPTINET_SETTER(tuning_mw_per_transmitter, double)},
    {"tuning_mw_per_receiver", 0, 1e6, false, false, "mW",
     OPTINET_SETTER(tuning_mw_per_receiver, double)},
    {"receiver_static_mw", 0, 1e6, false, false, "mW per receiver",
     OPTINET_SETTER(receiver_static_mw, double)},
    {"serdes_energy_pj_per_bit", 0, 1e6, false, false, "pJ/bit",
     OPTINET_SETTER(serdes_energy_pj_per_bit, double)},
    {"guard_time_ns", 0, 1e6, false, false, "ns", OPTINET_SETTER(guard_time_ns, double)},
    {"receiver_lock_ns", 0, 1e6, false, false, "ns", OPTINET_SETTER(receiver_lock_ns, double)},
    {"sensitivity_ber", 0, 0.1, true, false, "bit-error ratio",
     OPTINET_SETTER(sensitivity_ber, double)},
    {"crossing_loss_db", 0, 100, false, false, "dB", OPTINET_SETTER(crossing_loss_db, double)},
    {"crossings_per_path", 0, 1e6, false, true, "crossings",
     OPTINET_SETTER(crossings_per_path, std::uint32_t)},
    {"star_single_mode_combiner", 0, 1, false, true,
     "1: a combiner tree then a splitter tree, 0: an N x N star",
     OPTINET_SETTER(star_single_mode_combiner, std::uint32_t)},
    {"ring_drop_loss_db", 0, 100, false, false, "dB", OPTINET_SETTER(ring_drop_loss_db, double)},
    {"ring_through_loss_db", 0, 100, false, false, "dB per ring",
     OPTINET_SETTER(ring_through_loss_db, double)},
    {"modulator_insertion_loss_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(modulator_insertion_loss_db, double)},
    {"modulator_extinction_ratio_db", 0, 100, false, false, "dB, 0: no external modulator",
     OPTINET_SETTER(modulator_extinction_ratio_db, double)},
    {"photodetector_loss_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(photodetector_loss_db, double)},
    {"launch_power_min_dbm", -60, 30, false, false, "dBm",
     OPTINET_SETTER(launch_power_min_dbm, double)},
    {"worst_case_extra_loss_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(worst_case_extra_loss_db, double)},
    {"max_launch_power_dbm", -60, 40, false, false, "dBm",
     OPTINET_SETTER(max_launch_power_dbm, double)},
    {"max_received_power_dbm", -60, 40, false, false, "dBm",
     OPTINET_SETTER(max_received_power_dbm, double)},
    {"die_area_mm2", 0, 1e6, false, false, "mm^2, 0: not one die",
     OPTINET_SETTER(die_area_mm2, double)},
    {"max_power_density_w_per_mm2", 0, 1e6, false, false, "W/mm^2",
     OPTINET_SETTER(max_power_density_w_per_mm2, double)},
    {"max_transceivers", 0, 1e15, false, true, "transceivers, 0: no limit",
     OPTINET_SETTER(max_transceivers, std::uint64_t)},
    {"shared_laser_modulator_insertion_loss_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(shared_laser_modulator_insertion_loss_db, double)},
    {"shared_laser_modulator_extinction_ratio_db", 0, 100, false, false,
     "dB, 0: no extinction-ratio penalty",
     OPTINET_SETTER(shared_laser_modulator_extinction_ratio_db, double)},
    {"switch_ring_drop_loss_db", 0, 100, false, false, "dB",
     OPTINET_SETTER(switch_ring_drop_loss_db, double)},
    {"switch_ring_through_loss_db", 0, 100, false, false, "dB per ring",
     OPTINET_SETTER(switch_ring_through_loss_db, double)},
    {"switch_tuning_mw_per_ring", 0, 1e6, false, false, "mW per ring",
     OPTINET_SETTER(switch_tuning_mw_per_ring, double)},
    {"comb_lines", 1, 1e6, false, true, "wavelengths per comb laser",
     OPTINET_SETTER(comb_lines, std::uint32_t)},
    {"comb_wall_plug_efficiency", 0, 1, true, false, "optical out / electrical in",
     OPTINET_SETTER(comb_wall_plug_efficiency, double)},
    {"wdm_wavelengths_per_coupler", 1, 1e6, false, true, "wavelengths per fibre and star",
     OPTINET_SETTER(wdm_wavelengths_per_coupler, std::uint32_t)},
    {"wdm_mux_loss_db", 0, 100, false, false, "dB per multiplexer or demultiplexer",
     OPTINET_SETTER(wdm_mux_loss_db, double)},
    {"rings_per_transmitter", 0, 1e6, false, true, "rings",
     OPTINET_SETTER(rings_per_transmitter, std::uint32_t)},
    {"rings_per_receiver", 0, 1e6, false, true, "rings",
     OPTINET_SETTER(rings_per_receiver, std::uint32_t)},
    {"cost_per_laser", 0, 1e12, false, false, "cost units", OPTINET_SETTER(cost_per_laser, double)},
    {"cost_per_modulator", 0, 1e12, false, false, "cost units",
     OPTINET_SETTER(cost_per_modulator, double)},
    {"cost_per_photodetector", 0, 1e12, false, false, "cost units",
     OPTINET_SETTER(cost_per_photodetector, double)},
    {"cost_per_ring", 0, 1e12, false, false, "cost units", OPTINET_SETTER(cost_per_ring, double)},
    {"cost_per_star", 0, 1e12, false, false, "cost units", OPTINET_SETTER(cost_per_star, double)},
    {"cost_per_fibre", 0, 1e12, false, false, "cost units", OPTINET_SETTER(cost_per_fibre, double)},
    {"cost_per_transceiver", 0, 1e12, false, false, "cost units",
     OPTINET_SETTER(cost_per_transceiver, double)},
};

/// The key naming a shipped set whose fields the file's fields replace.
constexpr const char* kBaseKey = "base";

#undef OPTINET_SETTER

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

/// The text of the number a top-level field of a JSON object was written as ("" if that field is
/// not a number written with a fraction or exponent), so that a refusal echoes what the file
/// says ("1e3", not the 1000 it parses to).
std::string number_as_written(const std::string& text, const std::string& field) {
  struct Reader : nlohmann::json_sax<nlohmann::json> {
    const std::string& wanted;
    std::string current, found;
    int depth = 0;
    explicit Reader(const std::string& w) : wanted(w) {}
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t& s) override {
      if (depth == 1 && current == wanted && found.empty()) found = s;
      return true;
    }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return ++depth, true; }
    bool key(string_t& k) override {
      if (depth == 1) current = k;
      return true;
    }
    bool end_object() override { return --depth, true; }
    bool start_array(std::size_t) override { return ++depth, true; }
    bool end_array() override { return --depth, true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
      return false;
    }
  } reader(field);
  nlohmann::json::sax_parse(text, &reader);
  return reader.found;
}

std::string accepted(const Field& f) {
  std::string what = f.integer ? "an integer " : "a number ";
  if (f.lo_open) {
    what += "> " + number_text(f.lo) + " and <= " + number_text(f.hi);
  } else {
    what += "in [" + number_text(f.lo) + ", " + number_text(f.hi) + "]";
  }
  return what + " (" + f.unit + ")";
}

std::string type_name(const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::object:
      return "an object";
    default:
      return "a number";
  }
}

std::string field_list() {
  std::string list = kBaseKey;
  for (const Field& f : kFields) list += ", " + std::string(f.name);
  return list;
}

std::string set_list() {
  std::string list;
  for (const std::string& name : device_set_names()) list += (list.empty() ? "" : ", ") + name;
  return list;
}

}  // namespace

std::vector<std::string> device_field_names() {
  std::vector<std::string> names;
  for (const Field& f : kFields) names.emplace_back(f.name);
  return names;
}

DeviceParameters parse_device_json(const std::string& text, const std::string& path) {
  const std::string where = "--device: " + printable(path) + ": ";
  if (text.size() > kMaxDeviceFileBytes) {
    throw UsageError(where + "larger than " + std::to_string(kMaxDeviceFileBytes) +
                     " bytes; accepted: one JSON object of device fields");
  }
  // Keys of the top-level object, to refuse one given twice (the parser keeps the last).
  std::set<std::string> seen;
  std::string duplicate;
  const auto callback = [&](int depth, nlohmann::json::parse_event_t event,
                            nlohmann::json& parsed) {
    if (event == nlohmann::json::parse_event_t::key && depth == 1 && duplicate.empty()) {
      const auto key = parsed.get<std::string>();
      if (!seen.insert(key).second) duplicate = key;
    }
    return true;
  };
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text, callback);
  } catch (const nlohmann::json::parse_error& e) {
    // e.what() quotes the bytes read: never echo them.
    throw UsageError(where + "not JSON (syntax error at byte " + std::to_string(e.byte) +
                     "); accepted: one JSON object of device fields");
  } catch (const nlohmann::json::exception&) {  // a number beyond a double (out_of_range.406)
    throw UsageError(where +
                     "not JSON (a number out of range); accepted: one JSON object of "
                     "device fields");
  }
  if (!doc.is_object()) {
    throw UsageError(where + "not a JSON object (" + type_name(doc) +
                     "); accepted: one JSON object of device fields");
  }
  if (!duplicate.empty()) {
    throw UsageError(where + printable(duplicate, 40) + ": given twice; accepted: each field once");
  }
  DeviceParameters p;
  const bool based = doc.contains(kBaseKey);
  if (based) {
    const nlohmann::json& base = doc[kBaseKey];
    const std::optional<DeviceParameters> set =
        base.is_string() ? device_set(base.get<std::string>()) : std::nullopt;
    if (!set) {
      throw UsageError(where + kBaseKey + ": " +
                       (base.is_string() ? "'" + printable(base.get<std::string>(), 40) + "'"
                                         : type_name(base)) +
                       " is not a device set; accepted: " + set_list());
    }
    p = *set;
  }
  for (const auto& [key, value] : doc.items()) {
    if (key == kBaseKey) continue;
    const Field* field = nullptr;
    for (const Field& f : kFields) {
      if (key == f.name) field = &f;
    }
    if (field == nullptr) {
      throw UsageError(where + "'" + printable(key, 40) +
                       "': unknown field; accepted: " + field_list());
    }
    const std::string bad = where + field->name + ": " + accepted(*field) + "; got ";
    if (!value.is_number()) throw UsageError(bad + type_name(value));
    // The number as the file writes it: an integer is exact as parsed; a fraction or exponent
    // is echoed as written.
    // (A C++17 lambda cannot capture a structured binding: the key and value by name.)
    const auto& name = key;
    const auto& number = value;
    const auto written = [&] {
      const std::string s = printable(number_as_written(text, name), 40);
      return s.empty() ? number_text(number.get<double>()) : s;
    };
    if (field->integer && !value.is_number_integer()) {
      throw UsageError(bad + written() + " (not written as an integer)");
    }
    const double v = value.get<double>();
    const bool below = field->lo_open ? !(v > field->lo) : !(v >= field->lo);
    if (!std::isfinite(v) || below || !(v <= field->hi)) throw UsageError(bad + written());
    field->set(p, v);
  }
  // Without a base set a file describes a device whole: a field left out is a mistake, not a
  // default.
  for (const Field& f : kFields) {
    if (!based && !doc.contains(f.name)) {
      throw UsageError(where + f.name +
                       ": missing; accepted: every field (docs/devices/fibre.json lists them), "
                       "or \"base\": " +
                       set_list() + " and any of them");
    }
  }
  const std::string consistency = device_inconsistency(p);
  if (!consistency.empty()) throw UsageError(where + consistency);
  return p;
}

std::string device_inconsistency(const DeviceParameters& p) {
  if (!(p.max_received_power_dbm > p.receiver_sensitivity_dbm)) {
    return "max_received_power_dbm: " + number_text(p.max_received_power_dbm) +
           " dBm is not above receiver_sensitivity_dbm (" +
           number_text(p.receiver_sensitivity_dbm) +
           " dBm); accepted: an overload above the sensitivity";
  }
  if (!(p.max_launch_power_dbm >= p.launch_power_min_dbm)) {
    return "max_launch_power_dbm: " + number_text(p.max_launch_power_dbm) +
           " dBm is below launch_power_min_dbm (" + number_text(p.launch_power_min_dbm) +
           " dBm); accepted: a ceiling at or above the least launch";
  }
  if (p.die_area_mm2 > 0 && !(p.max_power_density_w_per_mm2 > 0)) {
    return "max_power_density_w_per_mm2: 0 on a die of " + number_text(p.die_area_mm2) +
           " mm^2; accepted: a density > 0 when die_area_mm2 is set";
  }
  return {};
}

DeviceParameters read_device_option(const std::string& value) {
  if (const std::optional<DeviceParameters> set = device_set(value)) return *set;
  return read_device_file(value);
}

DeviceParameters read_device_file(const std::string& path) {
  return parse_device_json(
      read_text_file("--device", path, kMaxDeviceFileBytes, "a JSON device file"), path);
}

}  // namespace optinet
