#include "models/optical/power_budget.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace optinet {

std::string medium_kind_name(MediumKind kind) {
  switch (kind) {
    case MediumKind::kStarCoupler:
      return "star";
    case MediumKind::kBus:
      return "bus";
    case MediumKind::kPointToPoint:
      return "point-to-point";
  }
  return "?";
}

LaserMode effective_laser_mode(const DeviceParameters& p) {
  if (p.laser_mode != LaserMode::kDevice) return p.laser_mode;
  return p.laser_continuous != 0 ? LaserMode::kContinuous : LaserMode::kGated;
}

std::string laser_mode_name(LaserMode mode) {
  switch (mode) {
    case LaserMode::kDevice:
      return "device";
    case LaserMode::kContinuous:
      return "continuous";
    case LaserMode::kGated:
      return "gated";
    case LaserMode::kThrottled:
      return "throttled";
    case LaserMode::kPerNode:
      return "per-node";
    case LaserMode::kComb:
      return "comb";
  }
  return "?";
}

bool shared_laser(LaserMode mode) {
  return mode == LaserMode::kPerNode || mode == LaserMode::kComb;
}

std::optional<LaserMode> laser_mode_named(const std::string& name) {
  for (LaserMode m : {LaserMode::kContinuous, LaserMode::kGated, LaserMode::kThrottled,
                      LaserMode::kPerNode, LaserMode::kComb}) {
    if (name == laser_mode_name(m)) return m;
  }
  return std::nullopt;
}

std::string laser_mode_names() { return "continuous, gated, throttled, per-node, comb"; }

std::string fanout_unavailable(MediumKind kind, std::uint64_t fanout) {
  if (fanout == 0) return "a medium needs at least one receiver (fan-out 0)";
  if (kind == MediumKind::kPointToPoint && fanout != 1) {
    return "a point-to-point link has exactly one receiver (fan-out " + std::to_string(fanout) +
           ")";
  }
  if (fanout > kMaxFanout) {
    return "fan-out " + std::to_string(fanout) + " is above " + std::to_string(kMaxFanout);
  }
  return {};
}

double excess_loss_db(const DeviceParameters& p, MediumKind kind, std::uint32_t fanout) {
  const std::string why = fanout_unavailable(kind, fanout);
  if (!why.empty()) throw std::invalid_argument(why);
  switch (kind) {
    case MediumKind::kStarCoupler:
      return p.star_excess_base_db + p.star_excess_per_stage_db * std::log2(double(fanout)) *
                                         (p.star_single_mode_combiner != 0 ? 2.0 : 1.0);
    case MediumKind::kBus:
      return p.bus_tap_loss_db * fanout;
    case MediumKind::kPointToPoint:
      return 0.0;
  }
  return 0.0;
}

double extinction_ratio_penalty_db(double er_db) {
  if (er_db == 0) return 0.0;
  const double r = std::pow(10.0, er_db / 10.0);
  return 10.0 * std::log10((r + 1.0) / (r - 1.0));
}

LinkBudget link_budget(const DeviceParameters& p, MediumKind kind, std::uint32_t fanout,
                       std::uint32_t wavelengths, std::uint32_t switch_ports) {
  const LaserMode mode = effective_laser_mode(p);
  LinkBudget b;
  b.kind = kind;
  b.fanout = fanout;
  b.wavelengths = wavelengths;
  b.switch_ports = switch_ports;
  b.excess_loss_db = excess_loss_db(p, kind, fanout);  // checks the fan-out
  b.splitting_loss_db = 10.0 * std::log10(double(fanout));
  if (kind == MediumKind::kStarCoupler && p.star_single_mode_combiner != 0)
    b.combining_loss_db = b.splitting_loss_db;
  b.connector_loss_db = p.connector_loss_db * p.connectors_per_path;
  b.fibre_loss_db = p.fibre_loss_db_per_km * p.fibre_length_m / 1000.0;
  b.waveguide_loss_db = p.waveguide_loss_db_per_cm * p.waveguide_length_cm;
  b.crossing_loss_db = p.crossing_loss_db * p.crossings_per_path;
  b.ring_drop_loss_db = p.ring_drop_loss_db;
  b.ring_through_loss_db = p.ring_through_loss_db * 2.0 * wavelengths;
  const bool shared = shared_laser(mode);
  b.modulator_insertion_loss_db =
      shared ? p.shared_laser_modulator_insertion_loss_db : p.modulator_insertion_loss_db;
  b.extinction_ratio_penalty_db = extinction_ratio_penalty_db(
      shared ? p.shared_laser_modulator_extinction_ratio_db : p.modulator_extinction_ratio_db);
  b.photodetector_loss_db = p.photodetector_loss_db;
  if (mode == LaserMode::kPerNode) {
    b.switch_loss_db =
        p.switch_ring_drop_loss_db +
        p.switch_ring_through_loss_db * (std::max<std::uint32_t>(switch_ports, 1) - 1);
  }
  if (mode == LaserMode::kComb) b.wdm_loss_db = 3.0 * p.wdm_mux_loss_db;
  b.total_loss_db = b.splitting_loss_db + b.combining_loss_db + b.excess_loss_db +
                    b.connector_loss_db + b.fibre_loss_db + b.waveguide_loss_db +
                    b.crossing_loss_db + b.ring_drop_loss_db + b.ring_through_loss_db +
                    b.modulator_insertion_loss_db + b.extinction_ratio_penalty_db +
                    b.photodetector_loss_db + b.switch_loss_db + b.wdm_loss_db;
  b.received_power_dbm = p.launch_power_dbm - b.total_loss_db;
  b.margin_db = b.received_power_dbm - p.receiver_sensitivity_dbm - p.system_margin_db;
  b.worst_total_loss_db = b.total_loss_db + p.worst_case_extra_loss_db;
  b.worst_launch_power_dbm = std::min(p.launch_power_min_dbm, p.launch_power_dbm);
  b.worst_received_power_dbm = b.worst_launch_power_dbm - b.worst_total_loss_db;
  b.worst_margin_db = b.worst_received_power_dbm - p.receiver_sensitivity_dbm - p.system_margin_db;
  return b;
}

std::uint32_t max_fanout(const DeviceParameters& p, MediumKind kind) {
  const auto closes = [&](std::uint32_t k) { return link_budget(p, kind, k).closes(); };
  if (!closes(1)) return 0;
  if (kind == MediumKind::kPointToPoint) return 1;
  // Splitting and excess loss both grow with the fan-out, so the margin falls as it grows.
  std::uint32_t lo = 1, hi = kMaxFanout;  // closes(lo); hi is tested next
  if (closes(hi)) return hi;
  while (hi - lo > 1) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    (closes(mid) ? lo : hi) = mid;
  }
  return lo;
}

double dbm_to_mw(double dbm) { return std::pow(10.0, dbm / 10.0); }

double frame_duration_ns(const DeviceParameters& p) { return p.frame_bits / p.bit_rate_gbps; }

double slot_duration_ns(const DeviceParameters& p) {
  return frame_duration_ns(p) + p.guard_time_ns + p.receiver_lock_ns;
}

double optical_frame_energy_pj(const DeviceParameters& p) {
  return dbm_to_mw(p.launch_power_dbm) * frame_duration_ns(p);
}

double tx_frame_energy_pj(const DeviceParameters& p) {
  return p.frame_bits * p.tx_energy_pj_per_bit;
}

double rx_frame_energy_pj(const DeviceParameters& p) {
  return p.frame_bits * p.rx_energy_pj_per_bit;
}

std::uint64_t control_wavelengths(std::uint64_t bits, std::uint32_t frame_bits) {
  if (frame_bits == 0) return 1;
  return std::max<std::uint64_t>(1, (bits + frame_bits - 1) / frame_bits);
}

TransceiverCounts with_control_plane(TransceiverCounts data, const ControlPlaneHardware& control,
                                     std::uint32_t frame_bits) {
  if (control.nodes == 0) return data;
  const std::uint64_t each =
      control.nodes * control_wavelengths(control.widest_channel_bits, frame_bits);
  data.control_transmitters = each * control.transmitters_per_node;
  data.control_receivers = each * control.receivers_per_node;
  data.transmitters += data.control_transmitters;
  data.receivers += data.control_receivers;
  return data;
}

FrameCounts& FrameCounts::operator+=(const FrameCounts& o) {
  frames_transmitted += o.frames_transmitted;
  frames_received += o.frames_received;
  frames_collided += o.frames_collided;
  ack_frames_transmitted += o.ack_frames_transmitted;
  ack_frames_received += o.ack_frames_received;
  delivered_packets += o.delivered_packets;
  slots += o.slots;
  control_bits_sent += o.control_bits_sent;
  control_bits_received += o.control_bits_received;
  return *this;
}

std::string FrameCounts::inconsistency() const {
  const auto more = [](const char* part, std::uint64_t a, const char* whole, std::uint64_t b) {
    return std::string(part) + " (" + std::to_string(a) + ") exceeds " + whole + " (" +
           std::to_string(b) + ")";
  };
  if (frames_collided > frames_transmitted)
    return more("frames_collided", frames_collided, "frames_transmitted", frames_transmitted);
  if (ack_frames_transmitted > frames_transmitted) {
    return more("ack_frames_transmitted", ack_frames_transmitted, "frames_transmitted",
                frames_transmitted);
  }
  if (ack_frames_received > frames_received)
    return more("ack_frames_received", ack_frames_received, "frames_received", frames_received);
  if (!(control_bits_sent >= 0) || !(control_bits_received >= 0))
    return "control bits are negative or not a number";
  return {};
}

std::uint64_t data_transmitters(const TransceiverCounts& c) {
  return c.transmitters - std::min(c.control_transmitters, c.transmitters);
}

std::uint64_t laser_nodes(const TransceiverCounts& c) {
  return c.nodes > 0 ? c.nodes : data_transmitters(c);
}

std::uint32_t switch_ports(const TransceiverCounts& c) {
  const std::uint64_t nodes = laser_nodes(c);
  if (nodes == 0) return 1;
  return std::uint32_t(std::max<std::uint64_t>(1, data_transmitters(c) / nodes));
}

std::uint32_t wavelengths_per_medium(const DeviceParameters& p, const TransceiverCounts& c) {
  if (effective_laser_mode(p) != LaserMode::kComb) return 1;
  return std::uint32_t(std::min<std::uint64_t>(p.wdm_wavelengths_per_coupler,
                                               std::max<std::uint64_t>(1, c.media_per_source)));
}

LinkBudget network_link_budget(const DeviceParameters& p, MediumKind kind, std::uint32_t fanout,
                               const TransceiverCounts& c) {
  return link_budget(p, kind, fanout, wavelengths_per_medium(p, c), switch_ports(c));
}

PhysicalBudget physical_budget(const DeviceParameters& p, const LinkBudget& link,
                               TransceiverCounts counts) {
  const LaserMode mode = effective_laser_mode(p);
  PhysicalBudget b;
  b.counts = counts;
  b.required_launch_dbm = p.receiver_sensitivity_dbm + link.total_loss_db + p.system_margin_db;
  b.required_launch_worst_dbm =
      p.receiver_sensitivity_dbm + link.worst_total_loss_db + p.system_margin_db;
  b.laser_mw_per_transmitter = dbm_to_mw(b.required_launch_dbm);
  const double efficiency =
      mode == LaserMode::kComb ? p.comb_wall_plug_efficiency : p.laser_wall_plug_efficiency;
  b.laser_electrical_mw_per_transmitter = b.laser_mw_per_transmitter / efficiency;
  switch (mode) {
    case LaserMode::kPerNode:
      b.lasers = laser_nodes(counts) + counts.control_transmitters;
      b.switch_rings = data_transmitters(counts);
      b.laser_mw_per_laser = b.laser_mw_per_transmitter;
      break;
    case LaserMode::kComb: {
      const std::uint64_t lines = std::max<std::uint32_t>(1, p.comb_lines);
      b.lasers = (counts.transmitters + lines - 1) / lines;
      b.laser_mw_per_laser = double(lines) * b.laser_mw_per_transmitter;
      break;
    }
    default:
      b.lasers = counts.transmitters;
      b.laser_mw_per_laser = b.laser_mw_per_transmitter;
  }
  b.laser_electrical_mw_per_laser = b.laser_mw_per_laser / efficiency;
  b.laser_w = double(b.lasers) * b.laser_electrical_mw_per_laser / 1000.0;
  const double tx_mw = p.transmitter_static_mw + p.tuning_mw_per_transmitter;
  const double rx_mw = p.tuning_mw_per_receiver + p.receiver_static_mw;
  b.static_w =
      (double(counts.transmitters) * tx_mw + double(counts.receivers) * rx_mw +
       double(b.lasers) * p.laser_bias_mw + double(b.switch_rings) * p.switch_tuning_mw_per_ring) /
      1000.0;
  return b;
}

EnergyTally::EnergyTally(const DeviceParameters& p, const PhysicalBudget& budget)
    : device_(p),
      budget_(budget),
      tx_frame_pj_(tx_frame_energy_pj(p)),
      rx_frame_pj_(rx_frame_energy_pj(p)) {}

double EnergyTally::laser_pj_per_sent_frame() const {
  switch (effective_laser_mode(device_)) {
    case LaserMode::kGated:
      return budget_.laser_electrical_mw_per_transmitter * frame_duration_ns(device_);
    case LaserMode::kThrottled:
      return budget_.laser_electrical_mw_per_transmitter * slot_duration_ns(device_);
    default:
      return 0.0;
  }
}

double EnergyTally::laser_pj_per_control_bit() const {
  if (effective_laser_mode(device_) != LaserMode::kGated) return 0.0;
  return budget_.laser_electrical_mw_per_transmitter / device_.bit_rate_gbps;  // mW * ns
}

double EnergyTally::control_pj() const {
  const double sent = counts_.control_bits_sent;
  const double received = counts_.control_bits_received;
  return sent * (device_.tx_energy_pj_per_bit + laser_pj_per_control_bit()) +
         received * device_.rx_energy_pj_per_bit +
         (sent + received) * device_.serdes_energy_pj_per_bit;
}

double EnergyTally::control_share() const {
  const double total = total_pj();
  return total > 0 ? control_pj() / total : 0.0;
}

double EnergyTally::sent_frame_pj() const {
  return tx_frame_pj_ + device_.frame_bits * device_.serdes_energy_pj_per_bit +
         laser_pj_per_sent_frame();
}

EnergyParts EnergyTally::parts() const {
  EnergyParts e;
  const double sent = double(counts_.frames_transmitted);
  const double received = double(counts_.frames_received);
  const double control_sent = counts_.control_bits_sent;
  const double control_received = counts_.control_bits_received;
  const double run_ns = double(counts_.slots) * slot_duration_ns(device_);  // mW * ns = pJ
  const double all_lit = budget_.laser_w * 1000.0 * run_ns;
  switch (effective_laser_mode(device_)) {
    case LaserMode::kGated:
      e.laser = sent * laser_pj_per_sent_frame() + control_sent * laser_pj_per_control_bit();
      break;
    case LaserMode::kThrottled: {
      // The transmitters' mean utilization: frames sent (the control bits in frames) per
      // transmitter-slot (at most 1).
      const double slots = double(budget_.counts.transmitters) * double(counts_.slots);
      const double frames = sent + control_sent / device_.frame_bits;
      e.laser = slots > 0 ? all_lit * std::min(1.0, frames / slots) : 0.0;
      break;
    }
    default:
      e.laser = all_lit;
  }
  e.modulator = transmit_pj() + control_sent * device_.tx_energy_pj_per_bit;
  e.receiver = receive_pj() + control_received * device_.rx_energy_pj_per_bit;
  e.serdes = ((sent + received) * device_.frame_bits + control_sent + control_received) *
             device_.serdes_energy_pj_per_bit;
  e.static_ = budget_.static_w * 1000.0 * run_ns;
  return e;
}

void EnergyTally::add(const FrameCounts& counts) {
  const std::string why = counts.inconsistency();
  if (!why.empty()) throw std::invalid_argument("frame counts: " + why);
  counts_ += counts;
}

double EnergyTally::transmit_pj() const {
  return double(counts_.frames_transmitted) * tx_frame_pj_;
}

double EnergyTally::receive_pj() const { return double(counts_.frames_received) * rx_frame_pj_; }

double EnergyTally::total_pj() const { return parts().total(); }

std::optional<double> EnergyTally::per_delivered_bit_pj() const {
  if (counts_.delivered_packets == 0) return std::nullopt;
  return total_pj() / (double(counts_.delivered_packets) * device_.frame_bits);
}

std::optional<double> EnergyTally::per_delivered_packet_pj() const {
  if (counts_.delivered_packets == 0) return std::nullopt;
  return total_pj() / double(counts_.delivered_packets);
}

std::optional<double> EnergyTally::per_slot_pj() const {
  if (counts_.slots == 0) return std::nullopt;
  return total_pj() / double(counts_.slots);
}

double EnergyTally::collision_share() const {
  const double total = total_pj();
  return total > 0 ? double(counts_.frames_collided) * sent_frame_pj() / total : 0.0;
}

double EnergyTally::acknowledgement_share() const {
  const double total = total_pj();
  if (!(total > 0)) return 0.0;
  const double received_frame_pj =
      rx_frame_pj_ + device_.frame_bits * device_.serdes_energy_pj_per_bit;
  return (double(counts_.ack_frames_transmitted) * sent_frame_pj() +
          double(counts_.ack_frames_received) * received_frame_pj) /
         total;
}

}  // namespace optinet
