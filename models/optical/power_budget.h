#pragma once
/// \file
/// Optical power budget and energy of the media, as an architect computes them on paper: losses
/// in dB along the worst path from a transmitter to a receiver, the margin left over the
/// receiver's sensitivity, the largest fan-out that still closes the budget, and energy per
/// frame from per-bit figures. Pure C++: no SystemC kernel needed.
///
/// The defaults describe one coherent device class, a 10 Gb/s 1310 nm laser transceiver of the
/// IEEE 802.3 clause 52 (10GBASE-LR) kind on single-mode fibre, with planar (PLC) star couplers.
/// They are typical published figures, rounded; docs/devices/README.md gives each one's source.
/// They are not a worst-case budget: that would use the minimum launch power (-8.2 dBm).
#include <cstdint>
#include <optional>
#include <string>

namespace optinet {

/// How the transmitters' lasers are lit (DSENT's standard, gated and throttled lasers).
enum class LaserMode {
  kDevice,      ///< as the device's laser_continuous says: continuous (1) or gated (0)
  kContinuous,  ///< every transmitter's laser lit in every slot, its light gated by a modulator
  kGated,       ///< lit only for the frames its transmitter sends (a burst-mode laser)
  /// lit in every slot at the transmitters' mean utilization over the run: the laser's power
  /// follows the carried load, and it stays lit through the guard and lock times
  kThrottled,
  /// one continuous laser per node behind a 1 x t ring switch to its t transmitters' external
  /// modulators: n lasers instead of n*t; the light crosses the switch (one ring dropped, up to
  /// t - 1 passed), whose t rings are tuned; the node lights one transmitter at a time
  kPerNode,
  /// shared comb lasers, each comb_lines wavelengths, one line per transmitter feeding its
  /// external modulator; k = wdm_wavelengths_per_coupler transmitters of a node share one
  /// fibre and one star on k wavelengths (media and fibres divided by k), multiplexed and
  /// demultiplexed on the way; the comb is lit in every slot
  kComb,
};

/// Device figures of a power and energy budget. Units are in the field names.
struct DeviceParameters {
  /// Average launch power of a transmitter. 0 dBm (1 mW): a round typical value inside the
  /// 10GBASE-LR range of -8.2 to +0.5 dBm (IEEE 802.3 clause 52).
  double launch_power_dbm = 0.0;
  /// Least average received power for the target bit-error ratio (1e-12) at the bit rate.
  /// -14.4 dBm: the 10GBASE-LR minimum average receive power (IEEE 802.3 clause 52), PIN receiver.
  double receiver_sensitivity_dbm = -14.4;
  /// Star coupler excess loss over the ideal split: base + per_stage * log2(fanout) dB, since a
  /// fused or planar N-port star is log2(N) stages of 2x2 splitters. 0.7 + 0.25 per stage comes
  /// within about 0.25 dB of the maximum insertion loss on typical PLC splitter datasheets
  /// (about 4.0 dB for 1x2, 10.5 dB for 1x8, 17 dB for 1x32), less 10 log10(N).
  double star_excess_base_db = 0.7;
  double star_excess_per_stage_db = 0.25;  ///< see star_excess_base_db
  /// Excess loss of one bus tap (fused-taper tap coupler, about 0.2 dB, plus its splice, about
  /// 0.1 dB). The worst path of a k-tap bus crosses all k taps.
  double bus_tap_loss_db = 0.3;
  /// Loss of one mated connector pair: 0.5 dB, a common planning figure (TIA-568 allows 0.75 dB
  /// at most; 10GBASE-LR budgets 2 dB of connection loss per channel).
  double connector_loss_db = 0.5;
  /// Mated connector pairs on a path: 2, one at the medium's input and one at its output.
  std::uint32_t connectors_per_path = 2;
  /// Fibre attenuation: 0.4 dB/km, cabled single-mode fibre at 1310 nm (ITU-T G.652 maximum).
  double fibre_loss_db_per_km = 0.4;
  /// Fibre length of a path: 10 m, racks of one machine room.
  double fibre_length_m = 10.0;
  /// Margin kept for ageing, temperature and repairs: 3 dB, a common rule of thumb.
  double system_margin_db = 3.0;
  /// Data rate: 10 Gb/s (10GBASE-LR: 10.3125 GBd with 64b/66b coding).
  double bit_rate_gbps = 10.0;
  /// Bits in one frame (one slot): 512, a 64-byte cache line (and the least Ethernet frame).
  std::uint32_t frame_bits = 512;
  /// Electrical energy of the transmitter per bit sent, and of the receiver per bit received,
  /// beyond their static power: 0 for an SFP+-class module, whose power does not follow its
  /// traffic (all of it is in transmitter_static_mw and receiver_static_mw).
  /// tx: the modulator or laser driver; rx: the photodetector and its amplifiers (TIA).
  double tx_energy_pj_per_bit = 0.0;
  double rx_energy_pj_per_bit = 0.0;  ///< see tx_energy_pj_per_bit
  /// On-chip waveguide on one path: loss per cm and length (0 for fibre links).
  double waveguide_loss_db_per_cm = 0.0;
  double waveguide_length_cm = 0.0;
  /// Optical output / electrical input of the laser, in (0, 1].
  double laser_wall_plug_efficiency = 0.05;
  /// 1: a continuous-wave laser, lit in every slot (its light gated by a modulator); 0: a
  /// burst-mode laser, lit only in the slots its transmitter sends.
  std::uint32_t laser_continuous = 0;
  /// --laser: overrides laser_continuous (not a device-file field).
  LaserMode laser_mode = LaserMode::kDevice;
  /// Static electrical power: laser bias per laser, the rest of a transmitter (driver, clock,
  /// module control) per transmitter, thermal tuning per transmitter and per receiver, receiver
  /// bias (TIA, clock recovery) per receiver. An SFP+-class module draws about 1 W whether or
  /// not it sends (SFF-8431 power level I): 500 mW each side, the transmitter's including its
  /// laser's 15 mW of bias.
  double laser_bias_mw = 15.0;
  double transmitter_static_mw = 485.0;
  double tuning_mw_per_transmitter = 0.0;
  double tuning_mw_per_receiver = 0.0;
  double receiver_static_mw = 500.0;
  /// Serializer and deserializer energy per bit, at each end (bits sent and bits received).
  double serdes_energy_pj_per_bit = 0.0;
  /// Slot overheads: a guard time between senders and the receiver's lock (clock and
  /// threshold recovery) before the frame. A slot lasts frame + guard + lock. A burst-mode
  /// link: G-PON's upstream burst overhead (ITU-T G.984.2), a 32-bit guard (25.7 ns) and a
  /// 64-bit preamble and delimiter (51.4 ns) at 1.24416 Gb/s.
  double guard_time_ns = 25.7;
  double receiver_lock_ns = 51.4;
  /// The bit-error ratio the receiver sensitivity is specified at.
  double sensitivity_ber = 1e-12;
  /// Waveguide crossings on a path and the loss of each (none on a fibre path).
  double crossing_loss_db = 0.0;
  std::uint32_t crossings_per_path = 0;
  /// 1: a star is a k:1 combiner tree then a 1:k splitter tree in single-mode waveguide; only
  /// 1/k of the light entering a single-mode combiner leaves it (combining loss 10 log10(k)),
  /// and the path crosses 2 log2(k) stages. 0: an N x N star (planar or fused) that loses only
  /// the split over log2(k) stages.
  std::uint32_t star_single_mode_combiner = 0;
  /// Ring resonators: the drop loss of the receiver's filter ring, and the through loss of each
  /// ring a path passes: the modulator bank and the filter bank, one ring per wavelength on the
  /// waveguide each (DSENT's worst case). None on a fibre path.
  double ring_drop_loss_db = 0.0;
  double ring_through_loss_db = 0.0;
  /// An external modulator's insertion loss and extinction ratio; an extinction ratio r (linear)
  /// costs 10 log10((r + 1) / (r - 1)) dB of average power at the receiver. 0: no external
  /// modulator (a directly modulated laser, whose extinction ratio the receiver's sensitivity is
  /// specified at).
  double modulator_insertion_loss_db = 0.0;
  double modulator_extinction_ratio_db = 0.0;
  /// Coupling loss into the photodetector (none in a packaged receiver, whose sensitivity is
  /// specified at its input).
  double photodetector_loss_db = 0.0;
  /// Worst case: the least launch power (10GBASE-LR: -8.2 dBm), and the loss the parts of one
  /// path may add above their typical figures (two connectors at 0.75 dB rather than 0.5 dB).
  double launch_power_min_dbm = -8.2;
  double worst_case_extra_loss_db = 0.5;
  /// Limits a design must respect (design_limits.h). The most a transmitter launches: +4 dBm,
  /// the 10GBASE-ER maximum average launch (IEEE 802.3 clause 52), the highest of its class.
  double max_launch_power_dbm = 4.0;
  /// The most a receiver takes before it overloads: +0.5 dBm, the 10GBASE-LR maximum average
  /// receive power (IEEE 802.3 clause 52).
  double max_received_power_dbm = 0.5;
  /// The die the network is built on, and the most power per mm^2 it can shed; 0: not one die
  /// (no density limit).
  double die_area_mm2 = 0.0;
  double max_power_density_w_per_mm2 = 0.0;
  /// The most transceivers (transmitters and receivers) a design may have; 0: no limit.
  std::uint64_t max_transceivers = 0;
  /// The external modulator a shared laser's light passes (per-node and comb lasers), in place
  /// of modulator_insertion_loss_db and modulator_extinction_ratio_db: a 10 Gb/s
  /// lithium-niobate Mach-Zehnder modulator, 4 dB insertion loss, 20 dB extinction ratio.
  double shared_laser_modulator_insertion_loss_db = 4.0;
  double shared_laser_modulator_extinction_ratio_db = 20.0;
  /// The per-node laser's 1 x t ring switch: the drop loss of the ring that selects the
  /// transmitter, the through loss of each ring passed before it (t - 1 on the worst path), and
  /// the tuning power of each of its t rings.
  double switch_ring_drop_loss_db = 1.0;
  double switch_ring_through_loss_db = 0.01;
  double switch_tuning_mw_per_ring = 0.1;
  /// The comb laser: its lines (wavelengths) and its wall-plug efficiency (all lines' optical
  /// output / electrical input); the wavelengths one fibre and one star carry (k); the loss of
  /// one multiplexer or demultiplexer, three on a path (the comb's lines to the modulators, a
  /// node's k lines onto its fibre, the receiver's demultiplexer).
  std::uint32_t comb_lines = 16;
  double comb_wall_plug_efficiency = 0.05;
  std::uint32_t wdm_wavelengths_per_coupler = 4;
  double wdm_mux_loss_db = 2.5;
  /// Parts a transmitter and a receiver have that are rings (modulator, filter): priced by
  /// cost_per_ring and counted in the part count; the per-node switch's rings are added.
  std::uint32_t rings_per_transmitter = 0;
  std::uint32_t rings_per_receiver = 0;
  /// Cost of one part, in the file's unit of money; all 0: no cost is reported. A transceiver
  /// is a module (its laser, modulator and photodetector inside): price it or its parts.
  double cost_per_laser = 0.0;
  double cost_per_modulator = 0.0;
  double cost_per_photodetector = 0.0;
  double cost_per_ring = 0.0;
  double cost_per_star = 0.0;
  double cost_per_fibre = 0.0;
  double cost_per_transceiver = 0.0;
};

/// The laser mode in force: laser_mode, or the one laser_continuous gives.
LaserMode effective_laser_mode(const DeviceParameters& p);
/// Whether the mode's lasers are shared (per node or comb) and feed external modulators.
bool shared_laser(LaserMode mode);
/// "continuous", "gated", "throttled", "per-node" or "comb" ("device" for kDevice).
std::string laser_mode_name(LaserMode mode);
/// The mode `--laser` names, or none.
std::optional<LaserMode> laser_mode_named(const std::string& name);
/// The names --laser accepts, comma-separated.
std::string laser_mode_names();

/// The medium a frame crosses.
enum class MediumKind {
  kStarCoupler,   ///< passive star (a POPS coupler): a frame reaches all `fanout` outputs
  kBus,           ///< tapped bus (OCPC, MOB row or column) with `fanout` attached receivers
  kPointToPoint,  ///< one fibre from one transmitter to one receiver (fanout 1)
};

/// "star", "bus" or "point-to-point".
std::string medium_kind_name(MediumKind kind);

/// The budget of the worst path through a medium of `fanout` receivers. All losses in dB.
struct LinkBudget {
  MediumKind kind = MediumKind::kPointToPoint;
  std::uint32_t fanout = 1;
  std::uint32_t wavelengths = 1;    ///< wavelengths sharing the path's waveguide (ring banks)
  std::uint32_t switch_ports = 1;   ///< a per-node laser's switch ports (its transmitters)
  double splitting_loss_db = 0;     ///< 10 log10(fanout): the power shared among the receivers
  double combining_loss_db = 0;     ///< single-mode combiner star: 10 log10(fanout); else 0
  double excess_loss_db = 0;        ///< the medium's loss beyond the ideal split, every stage
  double connector_loss_db = 0;     ///< connector_loss_db * connectors_per_path
  double fibre_loss_db = 0;         ///< fibre_loss_db_per_km * fibre_length_m / 1000
  double waveguide_loss_db = 0;     ///< waveguide_loss_db_per_cm * waveguide_length_cm
  double crossing_loss_db = 0;      ///< crossing_loss_db * crossings_per_path
  double ring_drop_loss_db = 0;     ///< the receiver's filter ring
  double ring_through_loss_db = 0;  ///< ring_through_loss_db * 2 * wavelengths
  double modulator_insertion_loss_db = 0;  ///< modulator_insertion_loss_db
  double extinction_ratio_penalty_db = 0;  ///< from modulator_extinction_ratio_db
  double photodetector_loss_db = 0;        ///< photodetector_loss_db
  /// A per-node laser's 1 x switch_ports switch: one ring's drop, switch_ports - 1 rings'
  /// through loss; else 0.
  double switch_loss_db = 0;
  double wdm_loss_db = 0;         ///< a comb: 3 * wdm_mux_loss_db; else 0
  double total_loss_db = 0;       ///< the sum of the fourteen losses above
  double received_power_dbm = 0;  ///< launch power - total loss
  double margin_db = 0;           ///< received power - sensitivity - system margin
  /// Worst case: the least launch power (launch_power_min_dbm, or launch_power_dbm if that is
  /// lower) through the total loss plus worst_case_extra_loss_db.
  double worst_launch_power_dbm = 0;
  double worst_total_loss_db = 0;
  double worst_received_power_dbm = 0;
  double worst_margin_db = 0;
  bool closes() const { return margin_db >= 0; }
  bool closes_worst_case() const { return worst_margin_db >= 0; }
};

/// The extinction-ratio penalty of an extinction ratio of `er_db`: 10 log10((r + 1) / (r - 1))
/// with r = 10^(er_db / 10); 0 for er_db = 0 (no external modulator).
double extinction_ratio_penalty_db(double er_db);

/// Empty if a medium of `kind` may have `fanout` receivers (>= 1; exactly 1 point to point),
/// otherwise why not.
std::string fanout_unavailable(MediumKind kind, std::uint64_t fanout);

/// Excess loss of the medium, dB:
/// star: star_excess_base_db + star_excess_per_stage_db * log2(fanout), the stages counted
/// twice for a single-mode combiner star;
/// bus: bus_tap_loss_db * fanout (graded tap ratios give every receiver 1/fanout of the light,
/// and the worst path crosses every tap); point to point: 0.
/// Throws std::invalid_argument if fanout_unavailable(kind, fanout) is not empty.
double excess_loss_db(const DeviceParameters& p, MediumKind kind, std::uint32_t fanout);

/// The budget of the worst path, with `wavelengths` sharing its waveguide, and, under a
/// per-node laser, `switch_ports` on its switch. Under a shared laser (per node or comb) the
/// modulator terms are the shared_laser_modulator_* figures. Throws std::invalid_argument as
/// excess_loss_db does.
LinkBudget link_budget(const DeviceParameters& p, MediumKind kind, std::uint32_t fanout,
                       std::uint32_t wavelengths = 1, std::uint32_t switch_ports = 1);

/// The largest fan-out whose budget closes (margin >= 0), 0 if not even fanout 1 closes; at most
/// kMaxFanout. A point-to-point link gives 1 or 0.
std::uint32_t max_fanout(const DeviceParameters& p, MediumKind kind);
inline constexpr std::uint32_t kMaxFanout = 1U << 30;

/// 10^(dbm / 10): power in mW.
double dbm_to_mw(double dbm);

/// Duration of one frame, which is one slot: frame_bits / bit_rate_gbps, in ns.
double frame_duration_ns(const DeviceParameters& p);
/// Duration of one slot: the frame, the guard time and the receiver's lock, in ns.
double slot_duration_ns(const DeviceParameters& p);
/// Optical energy a transmitter launches per frame: launch power (mW) * frame duration (ns), pJ.
double optical_frame_energy_pj(const DeviceParameters& p);
/// Electrical energy to send one frame: frame_bits * tx_energy_pj_per_bit, pJ.
double tx_frame_energy_pj(const DeviceParameters& p);
/// Electrical energy to receive one frame: frame_bits * rx_energy_pj_per_bit, pJ.
double rx_frame_energy_pj(const DeviceParameters& p);

/// Transmitters and receivers of a network: what the laser and static power are counted over.
/// The control plane's, if any, are among them and also counted apart.
struct TransceiverCounts {
  std::uint64_t transmitters = 0;
  std::uint64_t receivers = 0;
  std::uint64_t control_transmitters = 0;  ///< among transmitters
  std::uint64_t control_receivers = 0;     ///< among receivers
  /// What the transceivers share: the nodes whose data transmitters a per-node laser feeds (0:
  /// one node per data transmitter), the media (stars or buses; 0: one per transmitter), and
  /// the media one node's transmitters reach (a comb's k wavelengths share a medium only among
  /// one node's transmitters).
  std::uint64_t nodes = 0;
  std::uint64_t media = 0;
  std::uint64_t media_per_source = 1;
};

/// The data transmitters (transmitters less the control plane's).
std::uint64_t data_transmitters(const TransceiverCounts& c);
/// The nodes a per-node laser serves: c.nodes, or one per data transmitter.
std::uint64_t laser_nodes(const TransceiverCounts& c);
/// The ports of a per-node laser's switch: the data transmitters of a node (at least 1).
std::uint32_t switch_ports(const TransceiverCounts& c);
/// The wavelengths one medium carries: a comb's wdm_wavelengths_per_coupler, at most the media
/// one node reaches; 1 otherwise.
std::uint32_t wavelengths_per_medium(const DeviceParameters& p, const TransceiverCounts& c);
/// The worst path of a network of `c` under p's laser mode (its wavelengths and switch).
LinkBudget network_link_budget(const DeviceParameters& p, MediumKind kind, std::uint32_t fanout,
                               const TransceiverCounts& c);

/// A control plane's hardware: on each of `nodes` nodes, `transmitters_per_node` control
/// transmitters and `receivers_per_node` control photodiodes, each one wavelength of
/// frame_bits per slot; a channel that carries `widest_channel_bits` per slot needs
/// ceil(widest_channel_bits / frame_bits) wavelengths, so as many of each.
struct ControlPlaneHardware {
  std::uint64_t nodes = 0;  ///< 0: no control plane
  std::uint32_t transmitters_per_node = 0;
  std::uint32_t receivers_per_node = 0;
  std::uint64_t widest_channel_bits = 0;
};

/// ceil(bits / frame_bits), at least 1: the wavelengths a channel of `bits` per slot takes.
std::uint64_t control_wavelengths(std::uint64_t bits, std::uint32_t frame_bits);
/// `data` with the control plane's transmitters and receivers added (and counted apart).
TransceiverCounts with_control_plane(TransceiverCounts data, const ControlPlaneHardware& control,
                                     std::uint32_t frame_bits);

/// The laser and static power of a network whose worst path is `link`. The laser is sized to the
/// budget: its required output is the receiver sensitivity plus the path's losses plus the
/// system margin, whatever launch_power_dbm the installed transmitter has.
struct PhysicalBudget {
  TransceiverCounts counts;
  double required_launch_dbm = 0;        ///< sensitivity + total loss + system margin
  double required_launch_worst_dbm = 0;  ///< the same over the worst-case loss
  double laser_mw_per_transmitter = 0;   ///< the required optical output, mW (a comb: a line's)
  /// / laser_wall_plug_efficiency (a comb: comb_wall_plug_efficiency)
  double laser_electrical_mw_per_transmitter = 0;
  /// The lasers: one per transmitter; per node, one per node and control transmitter; a comb,
  /// ceil(transmitters / comb_lines) combs. Each one's optical output (a comb: all its lines,
  /// used or not) and electrical input, mW.
  std::uint64_t lasers = 0;
  double laser_mw_per_laser = 0;
  double laser_electrical_mw_per_laser = 0;
  std::uint64_t switch_rings = 0;  ///< a per-node laser's switches: one ring per data transmitter
  double laser_w = 0;              ///< electrical, every laser lit: lasers * the above / 1000
  /// bias per laser; transmitter, tuning and receiver static power of every transceiver; the
  /// switches' tuning
  double static_w = 0;
};

/// Throws std::invalid_argument as link_budget does.
PhysicalBudget physical_budget(const DeviceParameters& p, const LinkBudget& link,
                               TransceiverCounts counts);

/// A run's electrical energy by part, pJ.
struct EnergyParts {
  /// gated: lit frames; continuous: every transmitter, every slot; throttled: every slot at
  /// the transmitters' mean utilization
  double laser = 0;
  double modulator = 0;  ///< frames sent * frame_bits * tx_energy_pj_per_bit
  double receiver = 0;   ///< frames received * frame_bits * rx_energy_pj_per_bit
  double serdes = 0;     ///< (frames sent + received) * frame_bits * serdes_energy_pj_per_bit
  double static_ = 0;    ///< static_w over the run's slots
  double total() const { return laser + modulator + receiver + serdes + static_; }
};

/// What a run counted, for its energy. Every frame, data or acknowledgement, costs the same
/// (one slot of frame_bits).
struct FrameCounts {
  std::uint64_t frames_transmitted = 0;  ///< every frame sent: data and acknowledgements
  std::uint64_t frames_received = 0;     ///< every frame a receiver took in intact (each copy)
  /// Frames among frames_transmitted that reached no receiver intact (collisions). Their
  /// transmit energy is wasted; a garbled slot costs no receive energy.
  std::uint64_t frames_collided = 0;
  std::uint64_t ack_frames_transmitted = 0;  ///< acknowledgements among frames_transmitted
  std::uint64_t ack_frames_received = 0;     ///< acknowledgements among frames_received
  std::uint64_t delivered_packets = 0;
  std::uint64_t slots = 0;
  /// Control-plane bits sent and received (every listener's copy) in the same slots; not
  /// frames, so not in the counts above. A control bit costs what a data bit costs: the
  /// transmitter's and receiver's energy per bit, SerDes, and a gated or throttled laser's light
  /// for its bit time.
  double control_bits_sent = 0;
  double control_bits_received = 0;

  FrameCounts& operator+=(const FrameCounts& o);
  /// Empty if the counts are consistent (each subset no larger than its set), otherwise why not.
  std::string inconsistency() const;
};

/// Electrical energy of runs from their frame counts; counts of several runs add up.
class EnergyTally {
 public:
  /// `budget` gives the laser and static power; without it (a default PhysicalBudget) only
  /// the per-bit energy of the transmitters and receivers is counted.
  explicit EnergyTally(const DeviceParameters& p, const PhysicalBudget& budget = {});

  /// Adds a run's counts. Throws std::invalid_argument if they are inconsistent.
  void add(const FrameCounts& counts);
  const FrameCounts& counts() const { return counts_; }

  double transmit_pj() const;  ///< frames_transmitted * tx_frame_energy_pj
  double receive_pj() const;   ///< frames_received * rx_frame_energy_pj
  /// Every part: laser, modulator, receiver, SerDes and static.
  EnergyParts parts() const;
  double total_pj() const;  ///< the sum of parts()
  /// total / (delivered packets * frame_bits); none if no packet was delivered.
  std::optional<double> per_delivered_bit_pj() const;
  /// total / delivered packets; none if no packet was delivered.
  std::optional<double> per_delivered_packet_pj() const;
  /// total / slots; none if there were no slots.
  std::optional<double> per_slot_pj() const;
  /// Energy a collided frame wasted (its modulator and SerDes energy, and its laser light if the
  /// laser is burst-mode) / total, in [0, 1]; 0 if nothing was spent.
  double collision_share() const;
  /// Energy of acknowledgements (sent and received) / total, in [0, 1]; 0 if nothing was
  /// spent. A collided acknowledgement counts in both shares.
  double acknowledgement_share() const;
  /// Energy of the control plane's bits / total, in [0, 1]; 0 if nothing was spent. (With a
  /// continuous laser, the control transmitters' light is in the laser's part, not here.)
  double control_share() const;
  /// Energy of the control plane's bits alone, pJ.
  double control_pj() const;

 private:
  /// Energy a frame sent costs beyond the static power (modulator, SerDes, gated or throttled
  /// laser).
  double sent_frame_pj() const;
  /// Laser energy one frame sent costs: gated, its frame; throttled, its slot; continuous, 0.
  double laser_pj_per_sent_frame() const;
  /// Laser energy of one control bit sent: gated, its bit time; else 0 (a throttled laser's
  /// control light is in its utilization, a continuous laser's in every slot).
  double laser_pj_per_control_bit() const;

  DeviceParameters device_;
  PhysicalBudget budget_;
  double tx_frame_pj_;
  double rx_frame_pj_;
  FrameCounts counts_;
};

}  // namespace optinet
