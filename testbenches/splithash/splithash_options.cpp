#include "testbenches/splithash/splithash_options.h"

#include <CLI/CLI.hpp>
#include <limits>
#include <utility>

#include "protocols/funnel/funnel_phases.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet::splithash {

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

void HRelationOptions::add_to(CLI::App& app, const std::string& help_prefix) {
  options_ = {
      app.add_option("--thinning-rounds", thinning_rounds_,
                     help_prefix + "T, rounds of the Funnel Algorithm per thinning iteration")
          ->capture_default_str(),
      app.add_option(
             "--thinning-c", thinning_c_,
             help_prefix + "c, t_g = ceil(c (h/2^g + log2 h)) thinning iterations in phase g")
          ->capture_default_str(),
      app.add_option("--applications", applications_,
                     help_prefix + "applications of the random-function algorithm to a level's " +
                         "remainder before what is left there is reported stuck")
          ->capture_default_str()};
}

std::string HRelationOptions::first_given() const {
  for (const CLI::Option* option : options_) {
    if (option != nullptr && option->count() > 0) return option->get_name();
  }
  return "";
}

void HRelationOptions::parse(const splithash::SplitHashShape& shape, std::uint32_t h,
                             const std::string& protocol, splithash::ThinningParams& thinning,
                             std::uint32_t& applications) const {
  std::uint32_t log_n = 0;
  while ((std::uint64_t{1} << (log_n + 1)) <= shape.n()) ++log_n;
  if (h > log_n) {
    throw UsageError("--h: protocol " + protocol + " routes h-relations with 1 <= h <= log2 N = " +
                     std::to_string(log_n) + " (Theorem 4; got " + std::to_string(h) + ")");
  }
  thinning.rounds =
      static_cast<std::uint32_t>(parse_count("--thinning-rounds", thinning_rounds_, 1, 1000));
  thinning.c = parse_positive("--thinning-c", thinning_c_);
  applications = static_cast<std::uint32_t>(parse_count("--applications", applications_, 1, 1000));
  const std::string why =
      funnel::thinning_unavailable(shape, funnel::thinning_schedule(h, thinning));
  if (!why.empty()) throw UsageError("--h: " + why);
}

}  // namespace optinet::splithash
