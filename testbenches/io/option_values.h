#pragma once
/// \file
/// Option values shared by every network's command line: each bad value is a UsageError of one
/// line that names the option and what it accepts. The CLI11 validators say the same.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/core/network_view.h"
#include "models/core/packet.h"
#include "models/core/trace_window.h"
#include "testbenches/io/cli_fwd.h"

namespace optinet {

/// The one reader of numbers in options and input files. A number is a plain decimal: digits,
/// an optional fraction and exponent; no sign, hexadecimal, "inf", "nan" or spaces. Its value
/// must be 0 or a finite normal double (from about 2.2e-308 to 1.8e308): a decimal that
/// underflows or overflows is refused, not rounded to 0 or infinity. Nothing else in the
/// command converts text to a number (std::stod and its kind throw or wrap on such input).
std::optional<double> read_number(const std::string& text);
/// A number as a message shows it: the shortest of fixed and exponent form (printf's %g).
std::string shown_number(double v);
/// An unsigned decimal integer (digits only) that fits 64 bits, by the same rule.
std::optional<std::uint64_t> read_count(const std::string& text);

/// Why `text` is not an unsigned decimal integer in [lo, hi] ("" if it is).
std::string count_rejection(const std::string& text, std::uint64_t lo, std::uint64_t hi);
/// Why `text` is not a number in (0, 1e6] ("" if it is).
std::string positive_rejection(const std::string& text);
/// Why `text` is not a number in [1, 1e6] ("" if it is).
std::string from_one_rejection(const std::string& text);
/// Why `text` is not a number in [0, 1] ("" if it is).
std::string unit_rejection(const std::string& text);
/// Why `text` is not a number strictly between 0 and 1 ("" if it is).
std::string open_unit_rejection(const std::string& text);
/// Why `text` is not a clock period in ns that SystemC can make with its 1 ps resolution: an
/// even whole number of picoseconds from 2 ps to 1e6 ns ("" if it is). Numbers are plain
/// decimals everywhere (no sign, hexadecimal, inf or nan).
std::string period_rejection(const std::string& text);

/// CLI11 validators with the same wording: an integer in [lo, hi], a number in (0, 1e6], a
/// number in [1, 1e6], a number in [0, 1], a clock period, a path that is not empty.
CLI::Validator count_in(std::uint64_t lo, std::uint64_t hi);
CLI::Validator positive_number();
CLI::Validator number_from_one();
CLI::Validator unit_interval();
CLI::Validator open_unit_interval();
CLI::Validator clock_period();
CLI::Validator path_given();

/// The largest seed a run may have: --seed S with --runs R runs seeds S..S+R-1, and each of them
/// must be one that --seed accepts, so that any run can be repeated alone.
inline constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::uint64_t>::max() / 2;
/// Throws a UsageError naming --seed if run seeds `first`..`first` + `runs` - 1 pass kMaxSeed.
void check_seed_range(std::uint64_t first, std::uint64_t runs);

/// A number in [0, 1] ("OPTION: why" otherwise).
double parse_unit(const std::string& option, const std::string& text);

/// An unsigned decimal integer in [lo, hi].
std::uint64_t parse_count(const std::string& option, const std::string& text, std::uint64_t lo,
                          std::uint64_t hi);

/// "FROM:TO", unsigned integers with FROM <= TO <= hi.
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& option,
                                                    const std::string& text, std::uint64_t hi);

/// Refuses an option whose effect starts in `slot`, at or after --max-slots `max_slots` where
/// every run stops, so that it could never act: "OPTION: 'VALUE' would act from slot S, but
/// every run stops at --max-slots M (accepted: ACCEPTED)".
void check_within_run(const std::string& option, const std::string& value, std::uint64_t slot,
                      std::uint64_t max_slots, const std::string& accepted);

/// --trace-slots A:B and --trace-nodes A:B, as a network family offers them (both need --vcd).
struct TraceSelection {
  std::optional<std::string> slots;
  std::optional<std::string> nodes;

  /// Adds both options to `app`; `nodes_help` says what the node numbers are.
  void add_options(CLI::App& app, const std::string& nodes_help);
  /// Checks them (UsageError naming the option) and sets the slot window (starting before
  /// `max_slots`) and the traced nodes first..last (node numbers up to `last_node`).
  void configure(const std::string& vcd_path, std::uint64_t last_node, std::uint64_t max_slots,
                 TraceWindow& window, NodeId& first, NodeId& last) const;
};

/// --view pins|grouped (else a UsageError naming --view). Not given: pins if `pins_by_default`
/// and `trace` has no --trace-slots window, else grouped. The pins view traces its signals in
/// every slot: with --trace-slots it is a UsageError.
NetworkView choose_view(const std::optional<std::string>& given, bool pins_by_default,
                        const TraceSelection& trace);

/// The part of an `--rtl` spec after '=': MODEL or MODEL:lockstep.
struct RtlModelChoice {
  std::string model;
  bool lockstep = false;
};
RtlModelChoice split_rtl_model(const std::string& text);

/// `--rtl` in the pins view: a verilated element is clocked a quarter slot after each edge of
/// the slot clock (models/core/rtl_stage.h), which SystemC's 1 ps resolution holds exactly
/// only when the period is a whole number of 4 ps. Throws UsageError naming --period-ns
/// otherwise (when elements are swapped).
void require_rtl_period(bool swapped, double period_ns);

/// `--rtl` (elements swapped: `swapped`) given with `option`, which only the grouped view has:
/// throws UsageError saying that the two cannot be combined and `why` (whatever --view says).
void refuse_rtl_with(bool swapped, const std::string& option, const std::string& why);

/// `--rtl` swaps an `element` (coupler, receiver, link) of the pins view: throws UsageError when
/// elements are swapped (`swapped`) and the view is grouped; `grouped_by_default` says when the
/// network runs grouped without --view (`view_given` false).
void require_pins_view_for_rtl(bool swapped, bool pins, bool view_given, const std::string& element,
                               const std::string& grouped_by_default);

/// A number in (0, 1e6].
double parse_positive(const std::string& option, const std::string& text);

/// Each SystemC thread stack is a memory map plus a guard page: about two maps per thread.
/// Throws a UsageError naming `option` if vm.max_map_count is too low for `threads`.
void check_thread_capacity(const std::string& option, std::uint64_t threads);

}  // namespace optinet
