#pragma once
/// \file
/// Option parsing shared by every network's command line: each bad value is a UsageError of
/// one line that names the option and what it accepts.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace optinet {

/// The options after the network name, as `--name value` pairs and flags. Throws UsageError
/// for an unknown option, a missing value, or an option given twice.
struct OptionValues {
  std::map<std::string, std::string> values;
  std::set<std::string> flags;
  bool help = false;

  bool has(const std::string& option) const { return values.count(option) != 0; }
  std::string get(const std::string& option, const std::string& fallback) const;
};

OptionValues collect_options(const std::vector<std::string>& args, std::size_t first,
                             const std::vector<std::string>& valued,
                             const std::vector<std::string>& flags);

/// An unsigned decimal integer in [lo, hi].
std::uint64_t parse_count(const std::string& option, const std::string& text, std::uint64_t lo,
                          std::uint64_t hi);

/// "FROM:TO", unsigned integers with FROM <= TO <= hi.
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& option,
                                                    const std::string& text, std::uint64_t hi);

/// A number in (0, 1e6].
double parse_positive(const std::string& option, const std::string& text);

/// A path we can create or overwrite; leaves no file behind if there was none.
void check_writable(const std::string& option, const std::string& path);

/// Each SystemC thread stack is a memory map plus a guard page: about two maps per thread.
/// Throws a UsageError naming `option` if vm.max_map_count is too low for `threads`.
void check_thread_capacity(const std::string& option, std::uint64_t threads);

}  // namespace optinet
