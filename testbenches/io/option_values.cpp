#include "testbenches/io/option_values.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <regex>

#include "testbenches/io/input_file.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace {

/// A plain decimal's value: kSyntax if `text` is not one, kRange if its value is beyond a double
/// (overflow, or underflow to a subnormal or to 0 while the text is not 0).
enum class Scan { kNumber, kSyntax, kRange };
Scan scan_number(const std::string& text, double& value) {
  static const std::regex decimal(R"(([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]{1,4})?)");
  if (text.size() > 64 || !std::regex_match(text, decimal)) return Scan::kSyntax;
  errno = 0;
  value = std::strtod(text.c_str(), nullptr);
  if (errno == ERANGE || !std::isfinite(value) || (value != 0 && !std::isnormal(value))) {
    return Scan::kRange;
  }
  return Scan::kNumber;
}

/// "" if `text` is a number that `in` takes, else "'TEXT' is not accepted (ACCEPTED)", saying
/// so when the decimal is beyond a double.
template <typename In>
std::string number_rejection(const std::string& text, const char* accepted, In in) {
  double v = 0;
  const Scan scan = scan_number(text, v);
  if (scan == Scan::kNumber && in(v)) return "";
  return "'" + printable(text, 40) + "' is not accepted (" + accepted +
         (scan == Scan::kRange ? "; beyond a double, whose numbers are 0 or from 2.2e-308 to "
                                 "1.8e308"
                               : "") +
         ")";
}

}  // namespace

std::optional<double> read_number(const std::string& text) {
  double v = 0;
  if (scan_number(text, v) != Scan::kNumber) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> read_count(const std::string& text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    v = v * 10 + digit;
  }
  return v;
}

std::string count_rejection(const std::string& text, std::uint64_t lo, std::uint64_t hi) {
  const std::optional<std::uint64_t> v = read_count(text);
  if (v && *v >= lo && *v <= hi) return "";
  return "'" + printable(text, 40) + "' is not accepted (an integer from " + std::to_string(lo) +
         " to " + std::to_string(hi) + ")";
}

std::string positive_rejection(const std::string& text) {
  return number_rejection(text, "a number > 0 and <= 1e6",
                          [](double v) { return v > 0 && v <= 1e6; });
}

std::string from_one_rejection(const std::string& text) {
  return number_rejection(text, "a number from 1 to 1e6",
                          [](double v) { return v >= 1 && v <= 1e6; });
}

std::string unit_rejection(const std::string& text) {
  return number_rejection(text, "a number from 0 to 1", [](double v) { return v >= 0 && v <= 1; });
}

std::string open_unit_rejection(const std::string& text) {
  return number_rejection(text, "a number between 0 and 1, both excluded",
                          [](double v) { return v > 0 && v < 1; });
}

std::string period_rejection(const std::string& text) {
  // SystemC's time resolution is 1 ps; the clock is high and low for half a period each.
  const std::optional<double> v = read_number(text);
  if (v && *v <= 1e6) {
    const double ps = *v * 1000;
    const double whole = std::round(ps);
    // The tolerance covers the binary rounding of a decimal (about 1e-16 relative), not a
    // value between two picoseconds.
    if (std::abs(ps - whole) <= 1e-12 * std::max(1.0, ps) && whole >= 2 &&
        std::fmod(whole, 2) == 0) {
      return "";
    }
  }
  return "'" + printable(text, 40) +
         "' is not accepted (ns, an even whole number of picoseconds from 0.002 to 1e6)";
}

CLI::Validator clock_period() {
  return CLI::Validator([](std::string& text) { return period_rejection(text); },
                        "NS, an even number of ps >= 0.002");
}

CLI::Validator unit_interval() {
  return CLI::Validator([](std::string& text) { return unit_rejection(text); }, "NUMBER in [0, 1]");
}

CLI::Validator open_unit_interval() {
  return CLI::Validator([](std::string& text) { return open_unit_rejection(text); },
                        "NUMBER in (0, 1)");
}

CLI::Validator count_in(std::uint64_t lo, std::uint64_t hi) {
  return CLI::Validator([lo, hi](std::string& text) { return count_rejection(text, lo, hi); },
                        "INT in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
}

CLI::Validator positive_number() {
  return CLI::Validator([](std::string& text) { return positive_rejection(text); },
                        "NUMBER in (0, 1e6]");
}

CLI::Validator number_from_one() {
  return CLI::Validator([](std::string& text) { return from_one_rejection(text); },
                        "NUMBER in [1, 1e6]");
}

CLI::Validator path_given() {
  return CLI::Validator(
      [](std::string& text) {
        return text.empty() ? std::string("an empty path is not accepted") : "";
      },
      "PATH");
}

std::uint64_t parse_count(const std::string& option, const std::string& text, std::uint64_t lo,
                          std::uint64_t hi) {
  const std::string why = count_rejection(text, lo, hi);
  if (!why.empty()) throw UsageError(option + ": " + why);
  return *read_count(text);
}

double parse_unit(const std::string& option, const std::string& text) {
  const std::string why = unit_rejection(text);
  if (!why.empty()) throw UsageError(option + ": " + why);
  return *read_number(text);
}

std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& option,
                                                    const std::string& text, std::uint64_t hi) {
  const std::string accepted =
      "' is not accepted (FROM:TO, integers with FROM <= TO <= " + std::to_string(hi) + ")";
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw UsageError(option + ": '" + printable(text, 40) + accepted);
  std::pair<std::uint64_t, std::uint64_t> range;
  try {
    range.first = parse_count(option, text.substr(0, colon), 0, hi);
    range.second = parse_count(option, text.substr(colon + 1), 0, hi);
  } catch (const UsageError&) {
    throw UsageError(option + ": '" + printable(text, 40) + accepted);
  }
  if (range.first > range.second) throw UsageError(option + ": '" + printable(text, 40) + accepted);
  return range;
}

void TraceSelection::add_options(CLI::App& app, const std::string& nodes_help) {
  app.add_option("--trace-slots", slots, "record only slots A:B of each run in the VCD");
  app.add_option("--trace-nodes", nodes, nodes_help);
}

void check_within_run(const std::string& option, const std::string& value, std::uint64_t slot,
                      std::uint64_t max_slots, const std::string& accepted) {
  if (slot < max_slots) return;
  throw UsageError(option + ": '" + printable(value, 40) + "' would act from slot " +
                   std::to_string(slot) + ", but every run stops at --max-slots " +
                   std::to_string(max_slots) + " (accepted: " + accepted + ")");
}

NetworkView choose_view(const std::optional<std::string>& given, bool pins_by_default,
                        const TraceSelection& trace) {
  if (given && *given != "pins" && *given != "grouped") {
    throw UsageError("--view: unknown '" + *given + "' (accepted: pins, grouped)");
  }
  const bool pins = given ? *given == "pins" : pins_by_default && !trace.slots;
  if (pins && trace.slots) {
    throw UsageError(
        "--trace-slots: the pins view traces its signals in every slot; accepted with --view "
        "grouped");
  }
  return pins ? NetworkView::kPins : NetworkView::kGrouped;
}

void TraceSelection::configure(const std::string& vcd_path, std::uint64_t last_node,
                               std::uint64_t max_slots, TraceWindow& window, NodeId& first,
                               NodeId& last) const {
  constexpr std::uint64_t kMaxSlot = 1000000000;
  if (slots && vcd_path.empty()) throw UsageError("--trace-slots: needs --vcd FILE");
  if (nodes && vcd_path.empty()) throw UsageError("--trace-nodes: needs --vcd FILE");
  if (slots) {
    const auto range = parse_range("--trace-slots", *slots, kMaxSlot);
    check_within_run("--trace-slots", *slots, range.first, max_slots,
                     "FROM:TO with FROM below --max-slots");
    window = TraceWindow{range.first, range.second};
  }
  if (nodes) {
    const auto range = parse_range("--trace-nodes", *nodes, last_node);
    first = static_cast<NodeId>(range.first);
    last = static_cast<NodeId>(range.second);
  }
}

double parse_positive(const std::string& option, const std::string& text) {
  const std::string why = positive_rejection(text);
  if (!why.empty()) throw UsageError(option + ": " + why);
  return *read_number(text);
}

void check_seed_range(std::uint64_t first, std::uint64_t runs) {
  if (runs == 0 || first <= kMaxSeed - (runs - 1)) return;
  throw UsageError("--seed: " + std::to_string(first) + " with --runs " + std::to_string(runs) +
                   " gives run seeds above " + std::to_string(kMaxSeed) + " (accepted: at most " +
                   std::to_string(kMaxSeed - (runs - 1)) + " with this --runs)");
}

void check_thread_capacity(const std::string& option, std::uint64_t threads) {
  std::ifstream f("/proc/sys/vm/max_map_count");
  std::uint64_t limit = 0;
  if (!(f >> limit)) return;
  const std::uint64_t needed = 2 * threads + 20000;
  if (limit < needed) {
    throw UsageError(option + ": " + std::to_string(threads) +
                     " processors need vm.max_map_count >= " + std::to_string(needed) + " (it is " +
                     std::to_string(limit) +
                     "); run: sudo sysctl -w vm.max_map_count=" + std::to_string(needed));
  }
}

RtlModelChoice split_rtl_model(const std::string& text) {
  const std::string lockstep = ":lockstep";
  RtlModelChoice c{text, false};
  if (text.size() > lockstep.size() &&
      text.compare(text.size() - lockstep.size(), lockstep.size(), lockstep) == 0) {
    c.model.resize(text.size() - lockstep.size());
    c.lockstep = true;
  }
  return c;
}

void require_rtl_period(bool swapped, double period_ns) {
  const auto ps = static_cast<std::uint64_t>(std::llround(period_ns * 1000));
  if (!swapped || ps % 4 == 0) return;
  char given[32];
  std::snprintf(given, sizeof given, "%.3f", period_ns);
  throw UsageError(std::string("--period-ns: ") + given +
                   " with --rtl: a verilated element ticks a quarter slot after each clock edge, "
                   "and a quarter of " +
                   std::to_string(ps) +
                   " ps is not a whole picosecond (accepted with --rtl: a multiple of 0.004)");
}

void refuse_rtl_with(bool swapped, const std::string& option, const std::string& why) {
  if (!swapped) return;
  throw UsageError("--rtl: cannot be combined with " + option +
                   " (--rtl swaps an element of the "
                   "pins view; " +
                   why + ")");
}

void require_pins_view_for_rtl(bool swapped, bool pins, bool view_given, const std::string& element,
                               const std::string& grouped_by_default) {
  if (!swapped || pins) return;
  throw UsageError("--rtl: swaps a " + element + " of the pins view; " +
                   (view_given ? std::string("accepted with --view pins")
                               : "this network runs grouped by default (" + grouped_by_default +
                                     "): add --view pins"));
}

std::string shown_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace optinet
