#pragma once
// The optinet driver's parts, one job a file (testbenches/cli/*.cpp); the interface the
// families and the mains use is network_command.h.

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"
#include "testbenches/io/cli_fwd.h"
#include "testbenches/open_loop/knee_search.h"
#include "testbenches/open_loop/saturation_search.h"
#include "testbenches/run/stats.h"

namespace optinet::driver {

constexpr std::uint64_t kMaxRuns = 1000000;
constexpr std::uint64_t kMaxSlotLimit = 1000000000;

/// The options of open-loop runs, kept as given until --traffic says whether they apply.
struct OpenLoopOptions {
  double rate = 0.1;
  double burst = 8;
  std::string pattern = "uniform";
  std::uint64_t message_frames = 1;
  std::string message_sizes;
  std::uint64_t outstanding = 4;
  std::uint64_t reply_frames = 1;
  std::string write_trace;
  std::uint64_t hotspot = 0;
  double fraction = 0.1;
  std::uint64_t warmup = 1000;
  std::uint64_t measure = 10000;
  std::uint64_t batch = 0;
  double confidence = 0.95;
  double precision = 0.05;
  std::uint64_t queue = 0;
  std::uint64_t max_backlog = 0;  ///< given: --max-backlog; else the default rule
  bool find_saturation = false;
  bool find_knee = false;
  double knee_factor = 3;
  double latency_budget_ns = 0;
  std::string rates;
  std::uint64_t bound_lp_variables = 30000;
};

/// Runs of the command at chosen rates (the saturation search, a curve), every run with the
/// command's seed (the same random streams at every rate).
class RatePoints {
 public:
  RatePoints(NetworkCommand& command, const CommonOptions& common, std::ostream& out,
             std::ostream& err, double& simulation)
      : command_(command), common_(common), out_(out), err_(err), simulation_(simulation) {}

  /// One run at `rate` of `max_slots` slots; nothing if an interrupt cut it short (the run is
  /// dropped).
  std::optional<SearchPoint> run(double rate, std::uint64_t max_slots);
  /// One run of the knee search at `rate` with --max-slots, ending early once its window's
  /// latency lies above `threshold` (0: never); nothing if an interrupt cut it short.
  std::optional<KneePoint> run_knee(double rate, double threshold);

  std::vector<RunRecord> runs;

 private:
  NetworkCommand& command_;
  const CommonOptions& common_;
  std::ostream& out_;
  std::ostream& err_;
  double& simulation_;
};

// options.cpp: the shared options and their checks
std::string overview();
/// --rates: "auto" (nothing) or numbers from 0 to 1, comma-separated.
std::vector<double> parse_rates(const std::string& text);
/// The networks for which `has` holds (open_loop(), faults(), ... not null), from the family
/// table: "pops, ocpc, ...".
std::string networks_that(const std::function<bool(const NetworkCommand&)>& has);
inline bool runs_open_loop(const NetworkCommand& c) { return c.open_loop() != nullptr; }
inline bool has_faults(const NetworkCommand& c) { return c.faults() != nullptr; }
inline bool has_optics(const NetworkCommand& c) { return c.optical() != nullptr; }
/// The power budget of the network's optical media (empty without any).
Json command_power_budget(const NetworkCommand& command, const DeviceParameters& device);
/// The open-loop options; on a network without open-loop runs (`shown` false) they are left out
/// of --help, and resolve_open_loop refuses them by name.
void add_open_loop_options(CLI::App& app, OpenLoopOptions& o, bool shown);
/// --traffic bernoulli|bursty makes the run open-loop; the open-loop options need it, and a
/// network that runs open-loop traffic (`command.open_loop()`).
void resolve_open_loop(const CLI::App& app, const OpenLoopOptions& o, CommonOptions& c,
                       const NetworkCommand& command);
/// Refuses a --traffic that `command` does not accept, listing what it does (its registries, and
/// the open-loop processes where it runs them). "file" is the families' to judge: it names the
/// traffic of --permutation-file and --relation-file.
void check_traffic(const NetworkCommand& command, const CommonOptions& c);
/// The shared options; --protocol and --traffic list what `command` accepts (its registries).
void add_common_options(CLI::App& app, CommonOptions& c, const NetworkCommand& command);
/// One line for a CLI11 parse error, starting with the option at fault.
std::string usage_line(const CLI::ParseError& e, const std::string& network);

// run_series.cpp: runs, one by one or at chosen rates
/// An open-loop run's results in ns and Gb/s, from its slots and packets: the slot lasts
/// `slot_ns`, a packet is one frame of `frame_bits` bits.
void add_physical_fields(Json& f, double slot_ns, double frame_bits, std::uint64_t nodes);
/// One run, with its results in ns and Gb/s when it is open-loop.
RunRecord run_once(NetworkCommand& command, const CommonOptions& c, std::uint64_t seed);
void print_run(std::ostream& out, std::size_t index, const RunRecord& r);
/// Runs the series; stops early, dropping the run cut short, when an interrupt arrived.
std::vector<RunRecord> run_series(NetworkCommand& command, const CommonOptions& c,
                                  std::ostream& out, std::ostream& err, bool terminal,
                                  double& simulation);

// search.cpp: the searches and latency-throughput curves
/// What the searches and the curve of a command found (null where not run).
struct RateSearches {
  Json knee;
  Json stability;  ///< the strict-stability search, the report's "saturation"
  Json curve;
};
/// --find-knee, --find-stability-limit or --rates, their runs in `points`.
RateSearches run_rate_searches(NetworkCommand& command, RatePoints& points,
                               const CommonOptions& common, const OpenLoopBounds& bounds);
/// A search's first slot limit: --max-slots divided by kLongerFactor twice, or less often where
/// a shorter run would leave no room for the measured warm-up and window.
std::uint64_t first_search_slots(const OpenLoopHost& host, std::uint64_t max_slots);
/// --find-saturation: the search from the hardware bound `bound`; its result as JSON.
Json saturation_search(NetworkCommand& command, RatePoints& points, double bound,
                       std::uint64_t max_slots);
/// --rates: a latency-throughput curve, one run per rate; with `auto`, the knee first where the
/// protocol's capacity is known, then 0.1-1 of it and two rates past it; else the stability
/// search first, then the shares 0.1-0.95 of its throughput. The searches go to `searches`.
Json latency_curve(NetworkCommand& command, RatePoints& points, const CommonOptions& common,
                   const OpenLoopBounds& bounds, RateSearches& searches);
/// The search's line of the summary.
void print_saturation(std::ostream& out, const Json& s);

// knee.cpp: the latency knee
/// The precision of the knee's runs unless --precision says otherwise: the knee's rate moves
/// by about precision x threshold / (the latency's slope there x the rate).
inline constexpr double kKneePrecision = 0.01;
/// --find-knee: from the zero-load latency up to the protocol's capacity (else the hardware
/// bound); its result as JSON.
Json knee_search(NetworkCommand& command, RatePoints& points, const CommonOptions& common,
                 const OpenLoopBounds& bounds);
/// The knee's line of the summary.
void print_knee(std::ostream& out, const Json& knee);

// summary.cpp: the printed summary
/// The field over the runs that measured it (a null field, such as the latency of a run that
/// delivered no labelled packet, is left out); nothing if none did.
std::optional<Summary> summarize_field(const std::vector<RunRecord>& runs,
                                       const std::string& field);
bool all_ok(const std::vector<RunRecord>& runs);
/// Open-loop runs: the two bounds, the last run's busiest and most collided media, and how
/// many runs saturated.
void print_open_loop_summary(std::ostream& out, const OpenLoopBounds& bounds,
                             const std::vector<RunRecord>& runs);
/// Every medium kind's power budget; a budget that closes only above the installed launch
/// says at which launch, and whether that is above the launch ceiling.
void print_power_budget(std::ostream& out, const Json& budget);
/// The energy per delivered bit of the runs, by part (means over the runs that measured it).
void print_energy(std::ostream& out, const std::vector<RunRecord>& runs);
void print_summary(std::ostream& out, const NetworkCommand& command,
                   const std::vector<RunRecord>& runs, double elaboration, double simulation);

// parse.cpp: the command line, the files it names, the memory it needs
/// Every output checked as it will be written, against the others and against every input; the
/// VCD path becomes the exact file written.
void check_files(const CLI::App& app, const NetworkCommand& command, CommonOptions& common);
/// Refuses a network whose estimate exceeds --max-memory, or the memory available.
void check_memory(const NetworkCommand& command, const CommonOptions& common);
std::unique_ptr<NetworkCommand> parse_command_line(const std::vector<std::string>& args,
                                                   CommonOptions& common, std::string& help);

// entry.cpp: the run of a parsed command, its errors
/// The first line of an error's message (SystemC's reports add "In file: ..." lines).
std::string first_line(const std::string& what);
/// The runs, the summary and the outputs of a parsed command line.
int run_parsed(NetworkCommand& command, const CommonOptions& common, std::ostream& out,
               std::ostream& err, bool terminal);
/// Whether an error that ended the runs is a failed allocation: a bad_alloc, or SystemC's report
/// of one in a process (uncaught exception) or of a thread stack it could not map.
bool out_of_memory(const std::exception& e);
/// One line and the exit status for an error that ended the runs.
int report_run_error(const std::exception_ptr& error, std::ostream& err);

}  // namespace optinet::driver
