#include "testbenches/splithash_options.h"

#include <CLI/CLI.hpp>
#include <limits>
#include <utility>

#include "testbenches/option_values.h"
#include "testbenches/usage_error.h"

namespace optinet {

void SplitHashOptions::add_to(CLI::App& app, const std::string& help_prefix) {
  app.add_option(
      "--a", a_,
      help_prefix + "the constant a: a_i = ceil(a*d/i) functions per funnel (default 2)");
  app.add_option("--network-seed", network_seed_,
                 help_prefix + "seed of the network's random permutations, separate from --seed " +
                     "(default 1)");
  app.add_option("--batches", batches_,
                 help_prefix + "1/eps, batches of the permutation (default 2*a*d + 1)");
  app.add_option("--round-limit", round_limit_,
                 help_prefix + "rounds of the Funnel Algorithm per level before a packet counts " +
                     "as stuck (default 64)");
}

const char* SplitHashOptions::first_given() const {
  for (const auto& [name, given] : {std::pair{"--a", a_.has_value()},
                                    {"--network-seed", network_seed_.has_value()},
                                    {"--batches", batches_.has_value()},
                                    {"--round-limit", round_limit_.has_value()}}) {
    if (given) return name;
  }
  return nullptr;
}

SplitHashValues SplitHashOptions::parse(std::uint32_t k, std::uint32_t depth) const {
  SplitHashValues v;
  const auto a = static_cast<std::uint32_t>(parse_count("--a", a_.value_or("2"), 2, 1 << 16));
  v.shape = splithash::SplitHashShape{k, depth, a};
  const std::string invalid = v.shape.invalid();
  if (!invalid.empty()) throw UsageError("--a: " + invalid);
  v.network_seed = parse_count("--network-seed", network_seed_.value_or("1"), 0,
                               std::numeric_limits<std::int64_t>::max());
  v.batches = static_cast<std::uint32_t>(
      batches_ ? parse_count("--batches", *batches_, 1, v.shape.n()) : v.shape.default_batches());
  v.round_limit = static_cast<std::uint32_t>(
      parse_count("--round-limit", round_limit_.value_or("64"), 1, 1000000));
  return v;
}

}  // namespace optinet
