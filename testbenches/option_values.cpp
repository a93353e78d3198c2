#include "testbenches/option_values.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "testbenches/usage_error.h"

namespace optinet {

std::string OptionValues::get(const std::string& option, const std::string& fallback) const {
  auto it = values.find(option);
  return it == values.end() ? fallback : it->second;
}

OptionValues collect_options(const std::vector<std::string>& args, std::size_t first,
                             const std::vector<std::string>& valued,
                             const std::vector<std::string>& flags) {
  OptionValues o;
  const auto contains = [](const std::vector<std::string>& list, const std::string& a) {
    return std::find(list.begin(), list.end(), a) != list.end();
  };
  for (std::size_t k = first; k < args.size(); ++k) {
    const std::string& a = args[k];
    if (a == "--help" || a == "-h") {
      o.help = true;
      return o;
    }
    if (contains(flags, a)) {
      o.flags.insert(a);
      continue;
    }
    if (!contains(valued, a)) throw UsageError(a + ": unknown option; see optinet --help");
    if (k + 1 >= args.size()) throw UsageError(a + ": missing value");
    if (o.values.count(a)) throw UsageError(a + ": given twice");
    o.values[a] = args[++k];
  }
  return o;
}

std::uint64_t parse_count(const std::string& option, const std::string& text, std::uint64_t lo,
                          std::uint64_t hi) {
  std::size_t used = 0;
  unsigned long long v = 0;
  bool ok = !text.empty() && text[0] != '-' && text[0] != '+';
  if (ok) {
    try {
      v = std::stoull(text, &used);
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok || used != text.size() || v < lo || v > hi) {
    throw UsageError(option + ": '" + text + "' is not accepted (an integer from " +
                     std::to_string(lo) + " to " + std::to_string(hi) + ")");
  }
  return v;
}

std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& option,
                                                    const std::string& text, std::uint64_t hi) {
  const std::string accepted =
      "' is not accepted (FROM:TO, integers with FROM <= TO <= " + std::to_string(hi) + ")";
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw UsageError(option + ": '" + text + accepted);
  std::pair<std::uint64_t, std::uint64_t> range;
  try {
    range.first = parse_count(option, text.substr(0, colon), 0, hi);
    range.second = parse_count(option, text.substr(colon + 1), 0, hi);
  } catch (const UsageError&) {
    throw UsageError(option + ": '" + text + accepted);
  }
  if (range.first > range.second) throw UsageError(option + ": '" + text + accepted);
  return range;
}

double parse_positive(const std::string& option, const std::string& text) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(v > 0) || v > 1e6) {
    throw UsageError(option + ": '" + text + "' is not accepted (a number > 0 and <= 1e6)");
  }
  return v;
}

void check_writable(const std::string& option, const std::string& path) {
  std::ifstream existing(path);
  const bool existed = existing.good();
  existing.close();
  std::ofstream out(path, std::ios::app);
  if (!out) throw UsageError(option + ": cannot write '" + path + "'");
  out.close();
  if (!existed) std::remove(path.c_str());
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
                     "); run: sudo sysctl -w vm.max_map_count=1048576 (scripts/install-deps.sh "
                     "does this as root)");
  }
}

}  // namespace optinet
