/// \file
/// Device files (testbenches/io/device_file.h): defaults, partial files, every kind of refusal as
/// one line naming the file and the field, files that cannot be read, size bound, junk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "models/optical/device_sets.h"
#include "testbenches/io/device_file.h"
#include "testbenches/io/usage_error.h"

namespace optinet {
namespace {

namespace fs = std::filesystem;

/// The message of the UsageError `f` throws; fails the test if it throws none.
/// docs/devices/fibre.json (every field) with the fields of `changes` replaced, as text.
std::string full_device(const nlohmann::json& changes) {
  nlohmann::json doc;
  std::ifstream(std::string(OPTINET_SOURCE_DIR) + "/docs/devices/fibre.json") >> doc;
  for (const auto& [key, value] : changes.items()) doc[key] = value;
  return doc.dump(2);
}

std::string usage_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no UsageError";
  return {};
}

std::string refusal(const std::string& json) {
  return usage_error_of([&] { parse_device_json(json, "dev.json"); });
}

/// One line of printable ASCII.
bool printable_line(const std::string& s) {
  for (unsigned char c : s) {
    if (c < 0x20 || c >= 0x7f) return false;
  }
  return !s.empty();
}

std::string scratch(const std::string& name) {
  fs::create_directories(OPTINET_SCRATCH_DIR);
  return std::string(OPTINET_SCRATCH_DIR) + "/" + name;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void expect_same(const DeviceParameters& a, const DeviceParameters& b) {
  EXPECT_EQ(a.launch_power_dbm, b.launch_power_dbm);
  EXPECT_EQ(a.receiver_sensitivity_dbm, b.receiver_sensitivity_dbm);
  EXPECT_EQ(a.star_excess_base_db, b.star_excess_base_db);
  EXPECT_EQ(a.star_excess_per_stage_db, b.star_excess_per_stage_db);
  EXPECT_EQ(a.bus_tap_loss_db, b.bus_tap_loss_db);
  EXPECT_EQ(a.connector_loss_db, b.connector_loss_db);
  EXPECT_EQ(a.connectors_per_path, b.connectors_per_path);
  EXPECT_EQ(a.fibre_loss_db_per_km, b.fibre_loss_db_per_km);
  EXPECT_EQ(a.fibre_length_m, b.fibre_length_m);
  EXPECT_EQ(a.system_margin_db, b.system_margin_db);
  EXPECT_EQ(a.bit_rate_gbps, b.bit_rate_gbps);
  EXPECT_EQ(a.frame_bits, b.frame_bits);
  EXPECT_EQ(a.tx_energy_pj_per_bit, b.tx_energy_pj_per_bit);
  EXPECT_EQ(a.rx_energy_pj_per_bit, b.rx_energy_pj_per_bit);
  EXPECT_EQ(a.waveguide_loss_db_per_cm, b.waveguide_loss_db_per_cm);
  EXPECT_EQ(a.waveguide_length_cm, b.waveguide_length_cm);
  EXPECT_EQ(a.laser_wall_plug_efficiency, b.laser_wall_plug_efficiency);
  EXPECT_EQ(a.laser_continuous, b.laser_continuous);
  EXPECT_EQ(a.laser_bias_mw, b.laser_bias_mw);
  EXPECT_EQ(a.tuning_mw_per_transmitter, b.tuning_mw_per_transmitter);
  EXPECT_EQ(a.tuning_mw_per_receiver, b.tuning_mw_per_receiver);
  EXPECT_EQ(a.receiver_static_mw, b.receiver_static_mw);
  EXPECT_EQ(a.serdes_energy_pj_per_bit, b.serdes_energy_pj_per_bit);
  EXPECT_EQ(a.crossing_loss_db, b.crossing_loss_db);
  EXPECT_EQ(a.crossings_per_path, b.crossings_per_path);
  EXPECT_EQ(a.star_single_mode_combiner, b.star_single_mode_combiner);
  EXPECT_EQ(a.ring_drop_loss_db, b.ring_drop_loss_db);
  EXPECT_EQ(a.ring_through_loss_db, b.ring_through_loss_db);
  EXPECT_EQ(a.modulator_insertion_loss_db, b.modulator_insertion_loss_db);
  EXPECT_EQ(a.modulator_extinction_ratio_db, b.modulator_extinction_ratio_db);
  EXPECT_EQ(a.photodetector_loss_db, b.photodetector_loss_db);
  EXPECT_EQ(a.launch_power_min_dbm, b.launch_power_min_dbm);
  EXPECT_EQ(a.worst_case_extra_loss_db, b.worst_case_extra_loss_db);
  EXPECT_EQ(a.guard_time_ns, b.guard_time_ns);
  EXPECT_EQ(a.receiver_lock_ns, b.receiver_lock_ns);
  EXPECT_EQ(a.sensitivity_ber, b.sensitivity_ber);
  EXPECT_EQ(a.max_launch_power_dbm, b.max_launch_power_dbm);
  EXPECT_EQ(a.max_received_power_dbm, b.max_received_power_dbm);
  EXPECT_EQ(a.die_area_mm2, b.die_area_mm2);
  EXPECT_EQ(a.max_power_density_w_per_mm2, b.max_power_density_w_per_mm2);
  EXPECT_EQ(a.max_transceivers, b.max_transceivers);
  EXPECT_EQ(a.transmitter_static_mw, b.transmitter_static_mw);
  EXPECT_EQ(a.shared_laser_modulator_insertion_loss_db, b.shared_laser_modulator_insertion_loss_db);
  EXPECT_EQ(a.shared_laser_modulator_extinction_ratio_db,
            b.shared_laser_modulator_extinction_ratio_db);
  EXPECT_EQ(a.switch_ring_drop_loss_db, b.switch_ring_drop_loss_db);
  EXPECT_EQ(a.switch_ring_through_loss_db, b.switch_ring_through_loss_db);
  EXPECT_EQ(a.switch_tuning_mw_per_ring, b.switch_tuning_mw_per_ring);
  EXPECT_EQ(a.comb_lines, b.comb_lines);
  EXPECT_EQ(a.comb_wall_plug_efficiency, b.comb_wall_plug_efficiency);
  EXPECT_EQ(a.wdm_wavelengths_per_coupler, b.wdm_wavelengths_per_coupler);
  EXPECT_EQ(a.wdm_mux_loss_db, b.wdm_mux_loss_db);
  EXPECT_EQ(a.rings_per_transmitter, b.rings_per_transmitter);
  EXPECT_EQ(a.rings_per_receiver, b.rings_per_receiver);
  EXPECT_EQ(a.cost_per_laser, b.cost_per_laser);
  EXPECT_EQ(a.cost_per_modulator, b.cost_per_modulator);
  EXPECT_EQ(a.cost_per_photodetector, b.cost_per_photodetector);
  EXPECT_EQ(a.cost_per_ring, b.cost_per_ring);
  EXPECT_EQ(a.cost_per_star, b.cost_per_star);
  EXPECT_EQ(a.cost_per_fibre, b.cost_per_fibre);
  EXPECT_EQ(a.cost_per_transceiver, b.cost_per_transceiver);
}

TEST(EvaluationDeviceFile, CommittedSetFilesHoldTheShippedSets) {
  // The fibre set is the defaults; each set's file is the set, every field named; the README's
  // table documents every field.
  expect_same(*device_set("fibre"), DeviceParameters{});
  const std::string readme = read_text(std::string(OPTINET_SOURCE_DIR) + "/docs/devices/README.md");
  ASSERT_EQ(device_field_names().size(), 60u);
  ASSERT_EQ(device_set_names(), (std::vector<std::string>{"fibre", "onchip", "onchip-dsent"}));
  for (const std::string& set : device_set_names()) {
    const std::string path = std::string(OPTINET_SOURCE_DIR) + "/docs/devices/" + set + ".json";
    expect_same(read_device_file(path), *device_set(set));
    expect_same(read_device_option(set), *device_set(set));
    const std::string json = read_text(path);
    for (const std::string& name : device_field_names()) {
      EXPECT_NE(json.find("\"" + name + "\""), std::string::npos) << set << ": " << name;
    }
  }
  for (const std::string& name : device_field_names()) {
    EXPECT_NE(readme.find("| `" + name + "` |"), std::string::npos) << name;
  }
  EXPECT_FALSE(device_set("default").has_value());
}

TEST(EvaluationDeviceFile, ABaseSetTakesAnySubsetOfFields) {
  DeviceParameters expected = *device_set("onchip");
  expected.launch_power_dbm = -4;
  expected.launch_power_min_dbm = -4;
  expected.laser_wall_plug_efficiency = 1;  // (0, 1]: 1 itself is accepted
  expect_same(parse_device_json(R"({"base": "onchip", "launch_power_dbm": -4,
                                    "launch_power_min_dbm": -4, "laser_wall_plug_efficiency": 1})",
                                "dev.json"),
              expected);
  // A typical launch below the base's least one is its own worst case.
  DeviceParameters low = parse_device_json(R"({"base": "onchip", "launch_power_dbm": -4})", "d");
  EXPECT_EQ(low.launch_power_min_dbm, 0.0);
  EXPECT_EQ(link_budget(low, MediumKind::kPointToPoint, 1).worst_launch_power_dbm, -4.0);
  expect_same(parse_device_json(R"({"base": "fibre"})", "dev.json"), DeviceParameters{});
}

TEST(EvaluationDeviceFile, BadDeviceFilesNameTheField) {
  EXPECT_EQ(refusal(R"({"base": "silicon"})"),
            "--device: dev.json: base: 'silicon' is not a device set; accepted: fibre, onchip, "
            "onchip-dsent");
  EXPECT_EQ(refusal(R"({"base": 3})"),
            "--device: dev.json: base: a number is not a device set; accepted: fibre, onchip, "
            "onchip-dsent");
  EXPECT_EQ(refusal(R"({"base": "fibre", "laser_wall_plug_efficiency": 0})"),
            "--device: dev.json: laser_wall_plug_efficiency: a number > 0 and <= 1 (optical out "
            "/ electrical in); got 0");
  EXPECT_EQ(refusal(R"({"base": "fibre", "laser_wall_plug_efficiency": 1.5})"),
            "--device: dev.json: laser_wall_plug_efficiency: a number > 0 and <= 1 (optical out "
            "/ electrical in); got 1.5");
  EXPECT_EQ(refusal(R"({"base": "onchip", "tuning_mw_per_receiver": -0.1})"),
            "--device: dev.json: tuning_mw_per_receiver: a number in [0, 1000000] (mW); got -0.1");
  EXPECT_EQ(refusal(R"({"base": "onchip", "laser_bias_mw": -1})"),
            "--device: dev.json: laser_bias_mw: a number in [0, 1000000] (mW per laser); "
            "got -1");
  const std::string unknown = refusal(R"({"base": "onchip", "ring_heater_mw": 1})");
  EXPECT_EQ(
      unknown.rfind("--device: dev.json: 'ring_heater_mw': unknown field; accepted: base, ", 0), 0u)
      << unknown;
  EXPECT_TRUE(printable_line(unknown));
  // Without a base, every field must be given.
  EXPECT_EQ(refusal(R"({"launch_power_dbm": 0})")
                .rfind("--device: dev.json: receiver_sensitivity_dbm: missing", 0),
            0u);
}

TEST(EvaluationDeviceFile, AMissingFieldIsRefusedByName) {
  const std::string m = usage_error_of([] { parse_device_json("{}", "dev.json"); });
  EXPECT_EQ(m.rfind("--device: dev.json: launch_power_dbm: missing", 0), 0u) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos);
}

TEST(EvaluationDeviceFile, EveryFieldIsRead) {
  DeviceParameters expected;
  expected.launch_power_dbm = -3.5;  // dBm may be negative
  expected.receiver_sensitivity_dbm = -28.5;
  expected.frame_bits = 1024;
  expected.connectors_per_path = 0;
  expected.bit_rate_gbps = 25.78125;
  const std::string text = full_device({{"launch_power_dbm", -3.5},
                                        {"receiver_sensitivity_dbm", -28.5},
                                        {"frame_bits", 1024},
                                        {"connectors_per_path", 0},
                                        {"bit_rate_gbps", 25.78125}});
  expect_same(parse_device_json(text, "dev.json"), expected);
}

TEST(EvaluationDeviceFile, BadFieldsAreRefusedNamingFileAndField) {
  EXPECT_EQ(refusal(R"({"connector_loss_db": -0.5})"),
            "--device: dev.json: connector_loss_db: a number in [0, 100] (dB); got -0.5");
  EXPECT_EQ(refusal(R"({"bit_rate_gbps": 0})"),
            "--device: dev.json: bit_rate_gbps: a number > 0 and <= 10000 (Gb/s); got 0");
  EXPECT_EQ(refusal(R"({"frame_bits": 512.5})"),
            "--device: dev.json: frame_bits: an integer in [1, 16777216] (bits); got 512.5 (not "
            "written as an integer)");
  EXPECT_EQ(refusal(R"({"connectors_per_path": -1})"),
            "--device: dev.json: connectors_per_path: an integer in [0, 1000] (connector pairs); "
            "got -1");
  EXPECT_EQ(refusal(R"({"system_margin_db": "3"})"),
            "--device: dev.json: system_margin_db: a number in [0, 100] (dB); got a string");
  EXPECT_EQ(refusal(R"({"launch_power_dbm": -61})"),
            "--device: dev.json: launch_power_dbm: a number in [-60, 30] (dBm); got -61");
  for (const char* bad :
       {R"({"fibre_length_m": true})", R"({"fibre_length_m": null})", R"({"fibre_length_m": [1]})",
        R"({"fibre_length_m": {"m": 1}})", R"({"fibre_length_m": -1e-9})",
        R"({"frame_bits": 18446744073709551615})"}) {
    const std::string e = refusal(bad);
    EXPECT_EQ(e.rfind("--device: dev.json: f", 0), 0u) << bad << " -> " << e;
    EXPECT_TRUE(printable_line(e)) << e;
  }
}

TEST(EvaluationDeviceFile, NumbersBeyondADoubleAreRefused) {
  EXPECT_EQ(refusal(R"({"fibre_length_m": 1e400})"),
            "--device: dev.json: not JSON (a number out of range); accepted: one JSON object of "
            "device fields");
}

TEST(EvaluationDeviceFile, UnknownAndDuplicatedFieldsAreRefused) {
  const std::string unknown = refusal(R"({"launch_power_dBm": 1})");
  EXPECT_EQ(unknown.rfind("--device: dev.json: 'launch_power_dBm': unknown field; accepted: "
                          "base, launch_power_dbm, receiver_sensitivity_dbm, ",
                          0),
            0u)
      << unknown;
  EXPECT_TRUE(printable_line(unknown));
  EXPECT_EQ(refusal(R"({"frame_bits": 512, "frame_bits": 1024})"),
            "--device: dev.json: frame_bits: given twice; accepted: each field once");
  // A nested duplicate is not a duplicate field: the nested object itself is refused.
  EXPECT_EQ(refusal(R"({"fibre_length_m": {"a": 1, "a": 2}})")
                .rfind("--device: dev.json: fibre_length_m: ", 0),
            0u);
}

TEST(EvaluationDeviceFile, NotAnObjectOrNotJsonIsRefused) {
  EXPECT_EQ(refusal("[1, 2]"),
            "--device: dev.json: not a JSON object (an array); accepted: one JSON object of "
            "device fields");
  EXPECT_EQ(refusal(""),
            "--device: dev.json: not JSON (syntax error at byte 1); accepted: one JSON object of "
            "device fields");
  EXPECT_EQ(
      refusal("{\"frame_bits\": 512,}").rfind("--device: dev.json: not JSON (syntax error", 0), 0u);
  // JSON has no comments.
  EXPECT_EQ(refusal("// defaults\n{}").rfind("--device: dev.json: not JSON", 0), 0u);
}

TEST(EvaluationDeviceFile, JunkIsNeverEchoedRaw) {
  const std::string junk[] = {
      std::string("\x7f"
                  "ELF\x02\x01\x01\0\0\0\x1b[2J\xff\xfe",
                  16),
      std::string("{\"a\x1b[31m\": 1}"),              // raw control byte in a key
      std::string("{\"\\u001b[2Jx\": 1}"),            // escaped control character in a key
      std::string("{\"caf\xc3\xa9\": 1}"),            // valid UTF-8, not ASCII
      std::string("{\"frame_bits\": \"\xff\xfe\"}"),  // invalid UTF-8 in a value
      std::string(300, '\x01'),
  };
  for (const std::string& j : junk) {
    const std::string e = refusal(j);
    EXPECT_TRUE(printable_line(e)) << e;
    EXPECT_EQ(e.rfind("--device: dev.json: ", 0), 0u) << e;
    EXPECT_LT(e.size(), 2000u) << e;  // the longest: an unknown field, every name listed
  }
  // Control characters of a key are escaped, not dropped.
  EXPECT_NE(refusal("{\"\\u001b[2Jx\": 1}").find("'\\x1b[2Jx': unknown field"), std::string::npos);
}

TEST(EvaluationDeviceFile, FilesThatCannotBeReadAreRefused) {
  const std::string dir = scratch("a_directory.json");
  fs::create_directories(dir);
  const std::string e = usage_error_of([&] { read_device_file(dir); });
  EXPECT_EQ(e, "--device: '" + dir + "': is a directory; accepted: a JSON device file");
  const std::string missing = scratch("no-such-device.json");
  const std::string m = usage_error_of([&] { read_device_file(missing); });
  EXPECT_EQ(m.rfind("--device: '" + missing + "': cannot read", 0), 0u) << m;
  EXPECT_TRUE(printable_line(m));
}

TEST(EvaluationDeviceFile, FileSizeIsBounded) {
  // Exactly the limit: read; one byte more: refused, as is an endless device.
  const std::string body = full_device({{"frame_bits", 256}});
  const std::string at_limit = scratch("at_limit.json");
  write_file(at_limit, body + std::string(kMaxDeviceFileBytes - body.size(), ' '));
  EXPECT_EQ(read_device_file(at_limit).frame_bits, 256u);
  const std::string over = scratch("over_limit.json");
  write_file(over, body + std::string(kMaxDeviceFileBytes - body.size() + 1, ' '));
  EXPECT_EQ(usage_error_of([&] { read_device_file(over); }),
            "--device: '" + over + "': larger than 65536 bytes; accepted: a JSON device file");
  if (fs::exists("/dev/zero")) {
    EXPECT_EQ(usage_error_of([&] {
                read_device_file("/dev/zero");
              }).rfind("--device: '/dev/zero': larger than 65536 bytes", 0),
              0u);
  }
}

TEST(EvaluationDeviceFile, AGoodFileIsRead) {
  const std::string path = scratch("good.json");
  write_file(path, full_device({{"receiver_sensitivity_dbm", -28.5}, {"bus_tap_loss_db", 0.5}}));
  const DeviceParameters p = read_device_file(path);
  EXPECT_EQ(p.receiver_sensitivity_dbm, -28.5);
  EXPECT_EQ(p.bus_tap_loss_db, 0.5);
  EXPECT_EQ(p.frame_bits, DeviceParameters{}.frame_bits);
}

TEST(EvaluationDeviceFile, LimitsThatContradictTheDeviceAreRefused) {
  // An overload at or below the sensitivity: no received power is both heard and not too much.
  std::string why = refusal(R"({"base": "fibre", "max_received_power_dbm": -14.4})");
  EXPECT_EQ(why,
            "--device: dev.json: max_received_power_dbm: -14.4 dBm is not above "
            "receiver_sensitivity_dbm (-14.4 dBm); accepted: an overload above the sensitivity");
  // A launch ceiling below the least launch the transmitter has.
  why = refusal(R"({"base": "fibre", "max_launch_power_dbm": -9})");
  EXPECT_NE(why.find("max_launch_power_dbm: -9 dBm is below launch_power_min_dbm (-8.2 dBm)"),
            std::string::npos)
      << why;
  // A die without a density limit.
  why = refusal(R"({"base": "fibre", "die_area_mm2": 100})");
  EXPECT_NE(why.find("max_power_density_w_per_mm2: 0 on a die of 100 mm^2"), std::string::npos)
      << why;
  // Out of range and not an integer, as every field.
  EXPECT_NE(refusal(R"({"base": "fibre", "max_transceivers": 1.5})")
                .find("max_transceivers: an integer in [0, 1e+15]"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"base": "fibre", "die_area_mm2": -1})").find("die_area_mm2: a number"),
            std::string::npos);
  // A file without a base must give the limits too.
  nlohmann::json whole;
  std::ifstream(std::string(OPTINET_SOURCE_DIR) + "/docs/devices/fibre.json") >> whole;
  whole.erase("max_transceivers");
  EXPECT_NE(refusal(whole.dump()).find("max_transceivers: missing"), std::string::npos);
  // Consistent limits are taken.
  const DeviceParameters p = parse_device_json(
      R"({"base": "onchip", "die_area_mm2": 100, "max_power_density_w_per_mm2": 1,
          "max_transceivers": 5000, "max_launch_power_dbm": 10, "max_received_power_dbm": -5})",
      "dev.json");
  EXPECT_EQ(p.die_area_mm2, 100.0);
  EXPECT_EQ(p.max_power_density_w_per_mm2, 1.0);
  EXPECT_EQ(p.max_transceivers, 5000u);
  EXPECT_EQ(p.max_launch_power_dbm, 10.0);
  EXPECT_EQ(p.max_received_power_dbm, -5.0);
}

}  // namespace
}  // namespace optinet
