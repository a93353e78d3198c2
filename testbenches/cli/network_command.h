#pragma once
/// \file
/// One command framework for every network family. A family brings its options, its
/// validation, its experiment and its run fields (a NetworkCommand); the generic driver
/// (run_optinet) owns everything they share: the shared options and their ranges, parsing with
/// CLI11, output-path checks, the banner, the series of runs, the summary, the conservation
/// line, and the JSON report (nlohmann-json). Adding a network family is one NetworkCommand and
/// one entry in the family table (network_commands.cpp).
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/medium_counters.h"
#include "models/optical/control_channel.h"
#include "models/optical/power_budget.h"
#include "testbenches/cli/memory_estimate.h"
#include "testbenches/faults/fault_option.h"
#include "testbenches/io/cli_fwd.h"
#include "testbenches/io/output_file.h"
#include "testbenches/open_loop/capacity.h"
#include "testbenches/open_loop/hardware_bound.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/open_loop/protocol_capacity.h"

namespace optinet {

using Json = nlohmann::ordered_json;

/// The options every network shares, with the same names, ranges and meaning everywhere.
struct CommonOptions {
  std::string network;
  std::string protocol;  ///< the family's default until given
  std::string traffic;   ///< the family's default until given
  std::uint64_t runs = 1;
  std::uint64_t seed = 1;
  std::uint64_t max_slots = 100000;
  double period_ns = 1;
  bool period_given = false;   ///< --period-ns was on the command line
  std::string vcd_path;        ///< empty: no waveform; else the exact file written (ends in .vcd)
  std::string json_path;       ///< empty: no JSON report
  std::string hierarchy_path;  ///< --hierarchy FILE: the elaborated hierarchy as JSON; empty: none
  /// --write-trace FILE: the messages the run created, as a trace (trace_file.h); empty: none
  std::string write_trace_path;
  bool quiet = false;
  bool traffic_given = false;  ///< --traffic was on the command line
  /// --traffic bernoulli|bursty: an open-loop run (rate, burst, pattern, window, queue limit).
  std::optional<OpenLoopConfig> open_loop;
  std::vector<std::string> fault_specs;  ///< --fault SPEC, as given
  std::string device_path;               ///< --device FILE; empty: the documented defaults
  std::string laser;                     ///< --laser MODE; empty: the device's
  std::uint64_t max_memory = 0;  ///< --max-memory: the limit instead of the memory available
  /// --check: parse, validate and estimate, print check_report() and stop before elaborating.
  bool check = false;
  /// --find-stability-limit (alias --find-saturation): search the offered rate for the highest
  /// rate that is strictly stable (open-loop).
  bool find_saturation = false;
  /// --find-knee: search the offered load at which the mean latency passes the knee's threshold.
  bool find_knee = false;
  double knee_factor = 3;        ///< --knee-factor: the threshold in zero-load latencies
  double latency_budget_ns = 0;  ///< --latency-budget-ns: an absolute threshold (0: none)
  bool precision_given = false;  ///< --precision was on the command line
  /// --rates: a latency-throughput curve at these rates (empty: auto).
  bool curve = false;
  std::vector<double> curve_rates;
  /// --bound-lp-variables: the hardware bound's linear program above this size is a cut bound.
  std::uint64_t bound_lp_variables = 30000;
  /// Why the view that runs was chosen, where the job chose it (default_view_is_pins): a search
  /// or a curve runs the grouped view. Empty otherwise.
  std::string view_choice;
  /// A search or a curve: one run per rate (--find-knee, --find-stability-limit, --rates).
  bool per_rate() const { return find_saturation || find_knee || curve; }
  DeviceParameters device;  ///< the optical devices of the power budget and energy

  sc_core::sc_time period() const { return sc_core::sc_time(period_ns, sc_core::SC_NS); }
  /// The slot's length for results in ns and Gb/s: --period-ns when given, else the device's
  /// slot (the frame of frame_bits at bit_rate_gbps, the guard time and the receiver's lock).
  /// The clock of the simulation and the waveform keeps period_ns (1 ns by default), so that a
  /// waveform's time counts slots.
  double result_slot_ns() const { return period_given ? period_ns : slot_duration_ns(device); }
};

/// A network's optics: its medium kind (named `medium` in the report) with the fan-out of its
/// worst path, and its transmitters and receivers.
struct NetworkOptics {
  std::string medium;
  MediumKind kind = MediumKind::kPointToPoint;
  std::uint32_t fanout = 1;
  TransceiverCounts counts;  ///< the data plane's
  /// The protocol's control plane, if it has one: its transmitters and photodiodes are added to
  /// the counts (with_control_plane) and priced as the data plane's.
  ControlPlaneHardware control;
};

/// One run as the generic driver reports it.
struct RunRecord {
  std::uint64_t seed = 0;
  /// The family's fields of the run's JSON object, in order (the driver adds hit_limit, ok,
  /// wall_seconds and errors after them).
  Json fields = Json::object();
  /// The run's line after "run K (seed S): ".
  std::string description;
  bool hit_limit = false;
  /// Ended where the network proved that nothing could move (a DeadlockTest): its reason, also
  /// the run's last error; reported as the run's `deadlock` field ("" otherwise: no field).
  std::string deadlock;
  double wall_seconds = 0;
  std::vector<std::string> errors;        ///< conservation or invariant violations
  std::size_t undelivered_to_faults = 0;  ///< packets injected faults kept from delivery
  bool ok() const { return errors.empty() && !hit_limit; }
};

/// A network that runs open-loop traffic: its bounds and the host that injects and measures.
class OpenLoopFamily {
 public:
  virtual ~OpenLoopFamily() = default;
  /// The routing bound under the pattern (packets per node per slot, the pattern routed as the
  /// protocols route it; testbenches/open_loop/capacity.h) and what limits it.
  virtual CapacityBound routing_bound() const = 0;
  /// What any routing could carry on the hardware (testbenches/open_loop/hardware_bound.h), a
  /// linear program of at most `max_lp_variables` variables, else a cut bound.
  virtual HardwareBound hardware_bound(std::size_t max_lp_variables) const = 0;
  /// What the configured protocol itself can carry under the pattern
  /// (testbenches/open_loop/protocol_capacity.h): exact where its schedule or routing fixes it.
  virtual ProtocolCapacity protocol_capacity() const = 0;
  /// The host (null before elaboration); its rate and slot limit may change between runs.
  virtual OpenLoopHost* open_loop_host() = 0;
};

/// A network with a fault model: what --fault may name on it.
class FaultFamily {
 public:
  virtual ~FaultFamily() = default;
  virtual FaultTargets fault_targets() const = 0;
  /// Why open-loop runs of the configured protocol cannot take bit-error faults ("" if they
  /// can): their packets' losses must be final and counted.
  virtual std::string open_loop_faults_unavailable() const {
    return "not with open-loop traffic on this network (open-loop faults on pops with "
           "--protocol tdma or reservation)";
  }
  /// The validated --fault plan, after configure() (never with open-loop traffic).
  virtual void set_faults(FaultPlan plan) = 0;
};

/// A network with optical media: their optics and power budget under --device.
class OpticalFamily {
 public:
  virtual ~OpticalFamily() = default;
  /// The network's optics, for its laser and static power and its bit errors.
  virtual NetworkOptics optics() const = 0;
  /// The optical power budget of every kind of medium the network has.
  virtual Json power_budget(const DeviceParameters& device) const = 0;
};

/// A network family's part of the command.
class NetworkCommand {
 public:
  virtual ~NetworkCommand() = default;

  virtual std::string default_protocol() const = 0;
  virtual std::string default_traffic() const = 0;
  /// The protocols --protocol accepts on this network, comma-separated, from the protocol
  /// registry (the --help line and refusals list them).
  virtual std::string protocol_names() const { return default_protocol(); }
  /// The closed-loop traffic --traffic accepts on this network, comma-separated, from the
  /// traffic registries (without the open-loop names; --help and the driver's refusal add them
  /// where open_loop()). The driver refuses any other name but "file" before configure().
  virtual std::string traffic_names() const { return default_traffic(); }
  /// The option that reads the traffic from a file ("--permutation-file", "--relation-file"),
  /// or "" if the network has none.
  virtual std::string traffic_file_option() const { return ""; }
  /// What the network adds to the shared options, null where it lacks it: open-loop traffic
  /// (--traffic bernoulli|bursty and the open-loop options), a fault model (--fault) and optical
  /// media whose power budget --device sets. A network without one hides its options and
  /// refuses them.
  virtual OpenLoopFamily* open_loop() { return nullptr; }
  virtual FaultFamily* faults() { return nullptr; }
  virtual OpticalFamily* optical() { return nullptr; }
  const OpenLoopFamily* open_loop() const { return const_cast<NetworkCommand*>(this)->open_loop(); }
  const FaultFamily* faults() const { return const_cast<NetworkCommand*>(this)->faults(); }
  const OpticalFamily* optical() const { return const_cast<NetworkCommand*>(this)->optical(); }
  /// The family's own options (the shared ones are already on `app`).
  virtual void add_options(CLI::App& app) = 0;
  /// Validates the parsed options and builds the configuration; throws UsageError naming the
  /// option at fault. Nothing is elaborated yet. It may name the protocol and traffic as they
  /// were resolved (a variant chosen by an option; "file" for traffic read from a file).
  virtual void configure(CommonOptions& common) = 0;
  /// The files the family's options name for reading (checked against the outputs before
  /// configure() reads them).
  virtual std::vector<FileOption> input_files() const { return {}; }
  /// The files the family's own options name for writing, beside --json and --vcd (checked
  /// with them, before configure()); the family writes them into finish()'s OutputSet.
  virtual std::vector<FileOption> output_files() const { return {}; }
  /// Processors (nodes) the network will have.
  virtual std::uint64_t processors() const = 0;
  /// The option or options that set the network's size, as refusals name them ("--s",
  /// "--d/--g"): every one is an option of this network.
  virtual std::string size_option() const = 0;
  /// What the network is made of, for its memory estimate and its SystemC threads (default: one
  /// thread per processor).
  virtual ResourceCounts resources() const { return ResourceCounts{processors()}; }

  /// The first line of the output: the network, its size, protocol and traffic.
  virtual std::string banner() const = 0;
  /// The "parameters" object of the JSON report.
  virtual Json parameters() const = 0;
  /// What else every passing run held, for the check line ("" if nothing beyond conservation).
  virtual std::string invariants() const { return ""; }
  /// The numeric run fields summarized over the runs (mean, sd, max, min), in order.
  virtual std::vector<std::string> summary_fields() const = 0;
  /// Elaborates the network once; returns the elaboration's wall time in seconds.
  virtual double elaborate() = 0;
  /// One run with `seed`.
  virtual RunRecord run(std::uint64_t seed) = 0;
  /// Flushes and closes the waveform and writes the family's own files into `outputs` (which
  /// the runner commits with the JSON), then leaves the network to process exit: SystemC 2.3.4
  /// removes each destroyed module from its registry by a linear scan, so tearing down n
  /// modules costs O(n^2). Code that embeds an experiment destroys it normally.
  virtual void finish(OutputSet& outputs) = 0;
  /// After an interrupted series: closes and removes the waveform, leaves the rest as finish().
  virtual void abandon() = 0;
};

/// What every family's command shares: its configuration and its experiment, elaborated once.
template <typename Experiment, typename Config>
class ExperimentCommand : public NetworkCommand {
 public:
  const Config& config() const { return config_; }
  double elaborate() override {
    experiment_ = std::make_unique<Experiment>(config_);
    return experiment_->elaboration_seconds();
  }
  void finish(OutputSet& outputs) override {
    experiment_->close_trace(outputs);
    (void)experiment_.release();  // see NetworkCommand::finish
  }
  void abandon() override {
    experiment_->discard_trace();
    (void)experiment_.release();  // see NetworkCommand::finish
  }

 protected:
  Config config_;
  std::unique_ptr<Experiment> experiment_;
};

/// A run record with the status fields every family's run result has.
template <typename Result>
RunRecord record_of(const Result& r) {
  RunRecord record;
  record.seed = r.seed;
  record.hit_limit = r.hit_limit;
  record.wall_seconds = r.wall_seconds;
  record.errors = r.errors;
  return record;
}

/// record_of plus what a slotted network's run (POPS, the OCPC family, split&hash) reports
/// first: the fields seed, slots, steps, packets, delivered and collisions, in this order, and
/// the line "S slots, T steps, D/P delivered, C collisions" (without steps where a run has none).
/// The command appends its own fields and words.
template <typename Result>
RunRecord slotted_record_of(const Result& r) {
  RunRecord record = record_of(r);
  record.fields =
      Json{{"seed", r.seed},       {"slots", r.slots},         {"steps", r.steps},
           {"packets", r.packets}, {"delivered", r.delivered}, {"collisions", r.collisions}};
  std::string& line = record.description;
  line = std::to_string(r.slots) + " slots";
  if (r.steps) line += ", " + std::to_string(r.steps) + " steps";
  line += ", " + std::to_string(r.delivered) + "/" + std::to_string(r.packets) + " delivered, " +
          std::to_string(r.collisions) + " collisions";
  return record;
}

/// One medium's name and counters, for a run's media fields.
struct NamedMedium {
  std::string name;
  MediumCounters counters;
  /// Frames the medium can carry per slot: 1 for a coupler or a link, one per attached
  /// receiver for a bus (each receiver takes one frame).
  std::uint32_t capacity = 1;
};

/// Adds an open-loop run's measures to its JSON fields: offered and accepted load, latency
/// (mean, p50, p99, max, histogram), injection-queue occupancy, packet counts, drained or
/// saturated.
void add_open_loop_fields(Json& fields, const OpenLoopResult& r, bool saturated);
/// The run fields an open-loop run's summary gives, for every network.
std::vector<std::string> open_loop_summary_fields();
/// add_open_loop_fields, and the run line's open-loop part ("; offered ..., accepted ...").
std::string open_loop_description(Json& fields, const OpenLoopResult& r, bool saturated);
/// Adds the media's counters over `slots` counted slots: per medium busy, single (utilization),
/// collision and idle slots and wasted frames; their means; the worst media by name; and the
/// energy of the frames (EnergyTally), per slot and per packet delivered in the same slots
/// (`delivered`), with the shares wasted in collisions and spent on acknowledgements.
/// The control plane's bits, sent and received, of the window are in `control` (see
/// window_control_bits): their energy is in the energy per bit and its parts, and its share in
/// energy_control_share.
void add_media_fields(Json& fields, const std::vector<NamedMedium>& media, std::uint64_t slots,
                      std::uint64_t delivered, const DeviceParameters& device,
                      const PhysicalBudget& budget, const FrameCounts& control = {});
/// The control bits of an open-loop window, as FrameCounts' control_bits_*: the control channels
/// count over the whole run, so the window takes the run's bits in proportion to the packets
/// it delivered (window_delivered of run_delivered; none if the run delivered none).
FrameCounts window_control_bits(const std::vector<ControlCounters>& channels,
                                std::uint64_t run_delivered, std::uint64_t window_delivered);
/// Adds a reservation control plane's cost to a run's JSON fields, under "control": its channels'
/// words, bits sent and received, busy slots and collisions over the run's `slots`, the most
/// bits one channel carries in a slot (slot_bits; frames_per_slot: in the device's frames, more
/// than 1 when one slot per control step needs a faster or wider control channel), and their
/// energy at the device's per-bit figures, per slot and per delivered packet (`delivered` over
/// the same slots). A control bit costs what a data bit costs (EnergyTally::control_pj: the
/// transmitter's and receiver's energy per bit, SerDes, a gated laser's light).
void add_control_fields(Json& fields, const std::vector<ControlCounters>& channels,
                        std::uint64_t slots, std::uint64_t delivered,
                        const DeviceParameters& device, const PhysicalBudget& budget);
/// Every loss term of a path's total, by name (they sum to total_loss_db).
Json loss_terms_json(const LinkBudget& b);
/// The JSON of one medium kind's power budget at `fanout`: the typical and the worst case
/// (with `wavelengths` on its waveguide and a per-node laser's `switch_ports`).
Json budget_json(const DeviceParameters& device, MediumKind kind, std::uint32_t fanout,
                 std::uint32_t wavelengths = 1, std::uint32_t switch_ports = 1);
/// The design's parts (models/optical/part_counts.h) and its cost (null when not priced).
Json parts_json(const DeviceParameters& device, const PhysicalBudget& budget);

/// The network's transmitters and receivers, its control plane's among them.
TransceiverCounts network_counts(const DeviceParameters& device, const NetworkOptics& optics);
PhysicalBudget physical_budget(const DeviceParameters& device, const NetworkOptics& optics);
/// The energy per delivered bit a collision-free schedule costs at offered load `rate` (packets
/// per node per slot) below its capacity: every frame offered sent once, received once and
/// delivered, priced by EnergyTally over 10^6 slots of `nodes` nodes (data frames only: a
/// control plane's bits are not in it). For --check, where nothing runs.
Json offered_load_energy_json(const DeviceParameters& device, const NetworkOptics& optics,
                              std::uint64_t nodes, double rate);
/// The report's power_budget: the medium's budget under its name, the transceiver counts, the
/// laser power the budget requires and the static power.
Json network_budget_json(const DeviceParameters& device, const NetworkOptics& optics);

/// The view a network with two views runs when --view is not given: pins if `pins_by_default`
/// (the family's rule: its size, its tracing), but a search or a curve runs the grouped view,
/// whose runs are the same at a fraction of the cost, unless an option needs the pins view
/// (`pins_needed`: --rtl swaps one of its elements); `common.view_choice` then says so.
bool default_view_is_pins(bool pins_by_default, bool pins_needed, CommonOptions& common);

/// A family's command for the network named `network` (one of the names it was listed with).
using NetworkCommandFactory = std::unique_ptr<NetworkCommand> (*)(const std::string& network);

struct NetworkFamily {
  const char* network;
  const char* description;
  NetworkCommandFactory make;
};

/// The family table: every network the command accepts (network_commands.cpp).
const std::vector<NetworkFamily>& network_families();
/// Every network, comma-separated.
std::string network_names();
/// The open-loop traffic --traffic accepts where a network runs it: "bernoulli, bursty" (or
/// with another separator: "bernoulli or bursty").
std::string open_loop_traffic_names(const std::string& separator = ", ");
/// Whether `traffic` names open-loop traffic.
bool open_loop_traffic(const std::string& traffic);

/// Exit statuses of the optinet command.
enum ExitStatus : int {
  kExitOk = 0,            ///< every run passed
  kExitRunFailed = 1,     ///< a run failed its checks or stopped at the slot limit
  kExitUsage = 2,         ///< bad input: one line, before anything is elaborated
  kExitOutput = 3,        ///< an output could not be written (one line; nothing left behind)
  kExitFaultLosses = 4,   ///< no model error, but injected faults kept packets from delivery
  kExitInternal = 70,     ///< a SystemC error, out of memory or a crash: one line
  kExitInterrupted = 128  ///< plus the signal (SIGINT, SIGTERM, SIGHUP, ...): nothing written
};

/// The optinet command: argv after the program name. Returns an ExitStatus; every failure is
/// one line on `err`. `terminal`: progress may redraw one line (stderr is a terminal);
/// otherwise it prints one line per run.
int run_optinet(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                bool terminal = false);

/// Parses and validates a command line without elaborating: the family's command, configured.
/// Throws UsageError. Returns nullptr with `help` set to the help text when help was asked for.
std::unique_ptr<NetworkCommand> parse_optinet(const std::vector<std::string>& args,
                                              CommonOptions& common, std::string& help);

/// The resident memory the configured network will take (memory_estimate.h).
std::uint64_t memory_estimate(const NetworkCommand& command, const CommonOptions& common);

/// What `optinet ... --check` prints (one JSON object): the network, its parameters (as a run's
/// report has them, its links counted from the graph), protocol, traffic, processors (the
/// network's nodes), threads (SystemC threads), memory_estimate_bytes, the memory available here
/// and whether the estimate fits it (--check itself never refuses a network for its size, so that a
/// sweep can size a cluster job from a smaller machine), and the optinet version.
Json check_report(const NetworkCommand& command, const CommonOptions& common);

/// The JSON report of a series of runs, as run_optinet writes it.
/// Open-loop runs: the two bounds and the protocol's capacity, computed once per command.
struct OpenLoopBounds {
  HardwareBound hardware;
  CapacityBound routing;
  ProtocolCapacity protocol;
};
OpenLoopBounds open_loop_bounds(const NetworkCommand& command, const CommonOptions& common);

/// The JSON report; `bounds` for open-loop runs (computed if null).
Json json_report(const NetworkCommand& command, const CommonOptions& common,
                 const std::vector<RunRecord>& runs, double elaboration, double simulation,
                 const OpenLoopBounds* bounds = nullptr);

}  // namespace optinet
