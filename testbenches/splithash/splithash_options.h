#pragma once
/// \file
/// The split&hash network's own options, shared by `splithash` and `dmob --protocol funnel`
/// (the same network embedded in the D-dimensional MOB): the constant a, the network seed, the
/// batches (1/eps) and the Funnel Algorithm's round limit.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "models/splithash/splithash_node.h"
#include "models/topology/split_hash.h"
#include "testbenches/io/cli_fwd.h"

namespace optinet::splithash {

/// The values, checked against the network's shape.
struct SplitHashValues {
  splithash::SplitHashShape shape;
  std::uint64_t network_seed = 1;
  std::uint32_t batches = 0;
  std::uint32_t round_limit = 64;
};

/// The four options as given (text), parsed once the network's size is known, so every refusal
/// names its option.
class SplitHashOptions {
 public:
  /// Registers --a, --network-seed, --batches and --round-limit; `help_prefix` starts each help
  /// line (e.g. "funnel: ").
  void add_to(CLI::App& app, const std::string& help_prefix);
  /// The first of the four options given on the command line, or nullptr.
  const char* first_given() const;
  /// Checks the options for a network of k^depth sinks (UsageError naming the option).
  SplitHashValues parse(std::uint32_t k, std::uint32_t depth) const;

 private:
  std::optional<std::string> a_, network_seed_, batches_, round_limit_;
};

/// The h-relation algorithm's options (Theorem 4), shared by `splithash --protocol h-relation`
/// and `dmob --protocol h-relation`: --thinning-rounds (T), --thinning-c (c) and
/// --applications.
class HRelationOptions {
 public:
  /// Registers the three options; `help_prefix` starts each help line.
  void add_to(CLI::App& app, const std::string& help_prefix);
  /// The first of them given on the command line, or "".
  std::string first_given() const;
  /// Checks h (1 <= h <= log2 N, Theorem 4; room for the thinning's function groups at every
  /// level of `shape`) and the options; `protocol` names the protocol in messages. Sets the
  /// thinning constants and the applications (UsageError naming the option).
  void parse(const splithash::SplitHashShape& shape, std::uint32_t h, const std::string& protocol,
             splithash::ThinningParams& thinning, std::uint32_t& applications) const;

 private:
  std::string thinning_rounds_ = "2";
  std::string thinning_c_ = "1";
  std::string applications_ = "8";
  std::array<CLI::Option*, 3> options_{};
};

}  // namespace optinet::splithash
