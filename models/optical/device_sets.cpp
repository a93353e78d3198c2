#include "models/optical/device_sets.h"

namespace optinet {

namespace {

/// Silicon photonics on one die; docs/devices/README.md gives each value's source.
DeviceParameters onchip() {
  DeviceParameters p;
  p.launch_power_dbm = 0.0;
  p.receiver_sensitivity_dbm = -20.0;
  p.star_excess_base_db = 0.0;
  p.star_excess_per_stage_db = 0.2;
  p.bus_tap_loss_db = 0.01;
  p.connector_loss_db = 1.0;
  p.connectors_per_path = 1;
  p.fibre_loss_db_per_km = 0.0;
  p.fibre_length_m = 0.0;
  p.system_margin_db = 3.0;
  p.bit_rate_gbps = 10.0;
  p.frame_bits = 512;
  p.tx_energy_pj_per_bit = 0.04;
  p.rx_energy_pj_per_bit = 0.45;
  p.waveguide_loss_db_per_cm = 1.0;
  p.waveguide_length_cm = 2.0;
  p.laser_wall_plug_efficiency = 0.1;
  p.laser_continuous = 1;
  p.laser_bias_mw = 0.0;
  p.transmitter_static_mw = 0.0;
  p.tuning_mw_per_transmitter = 0.1;
  p.tuning_mw_per_receiver = 0.1;
  p.receiver_static_mw = 0.0;
  p.serdes_energy_pj_per_bit = 0.2;
  p.guard_time_ns = 0.2;
  p.receiver_lock_ns = 0.0;
  p.sensitivity_ber = 1e-12;
  p.crossing_loss_db = 0.0;
  p.crossings_per_path = 0;
  p.star_single_mode_combiner = 0;
  p.ring_drop_loss_db = 0.0;
  p.ring_through_loss_db = 0.0;
  p.modulator_insertion_loss_db = 0.0;
  p.modulator_extinction_ratio_db = 0.0;
  p.photodetector_loss_db = 0.0;
  p.launch_power_min_dbm = 0.0;
  p.worst_case_extra_loss_db = 1.0;
  p.max_launch_power_dbm = 20.0;
  p.max_received_power_dbm = 0.0;
  p.die_area_mm2 = 400.0;
  p.max_power_density_w_per_mm2 = 0.5;
  p.max_transceivers = 0;
  // The ring modulator a continuous laser feeds is the shared lasers' modulator too.
  p.shared_laser_modulator_insertion_loss_db = p.modulator_insertion_loss_db;
  p.shared_laser_modulator_extinction_ratio_db = p.modulator_extinction_ratio_db;
  p.switch_ring_drop_loss_db = 1.0;
  p.switch_ring_through_loss_db = 0.01;
  p.switch_tuning_mw_per_ring = 0.1;
  p.comb_lines = 16;
  p.comb_wall_plug_efficiency = 0.05;
  p.wdm_wavelengths_per_coupler = 4;
  p.wdm_mux_loss_db = 0.0;  // rings multiplex and filter on chip: ring_drop and ring_through
  p.rings_per_transmitter = 1;
  p.rings_per_receiver = 1;
  return p;
}

/// The on-chip set with DSENT's photonic defaults for the elements of the path (its technology
/// file's splitter, coupler, waveguide, ring, photodetector and modulator figures); a star is a
/// combiner tree then a splitter tree of single-mode Y junctions.
DeviceParameters onchip_dsent() {
  DeviceParameters p = onchip();
  p.star_excess_per_stage_db = 1.0;
  p.star_single_mode_combiner = 1;
  p.connector_loss_db = 1.0;
  p.waveguide_loss_db_per_cm = 1.0;
  p.ring_drop_loss_db = 1.0;
  p.ring_through_loss_db = 0.01;
  p.bus_tap_loss_db = 0.01;
  p.photodetector_loss_db = 1.0;
  p.modulator_insertion_loss_db = 2.0;
  p.modulator_extinction_ratio_db = 6.0;
  p.shared_laser_modulator_insertion_loss_db = 2.0;
  p.shared_laser_modulator_extinction_ratio_db = 6.0;
  return p;
}

}  // namespace

std::optional<DeviceParameters> device_set(const std::string& name) {
  if (name == "fibre") return DeviceParameters{};
  if (name == "onchip") return onchip();
  if (name == "onchip-dsent") return onchip_dsent();
  return std::nullopt;
}

std::vector<std::string> device_set_names() { return {"fibre", "onchip", "onchip-dsent"}; }

}  // namespace optinet
