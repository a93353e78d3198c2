#pragma once
/// \file
/// Patterns given as a table of destinations per source rather than a rule: `randperm`, a random
/// permutation, and `matrix:FILE`, a user's traffic matrix.
///
/// A traffic matrix file is text, one entry a line: `SOURCE DESTINATION WEIGHT`, nodes 0..n-1,
/// the weight a finite number >= 0; '#' starts a comment, blank lines are skipped. Source i's
/// packets go to the destinations of its entries in proportion to their weights (the row is
/// normalized: the injection rate stays --rate); a source with no entry, or only zero weights,
/// sends nothing. A pair named twice and a node sending to itself are refused. Files are read
/// with a bound (matrix_file_bound).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/packet.h"
#include "models/core/rng.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {

/// A traffic matrix file as read: its entries with their line numbers, in file order.
struct MatrixFile {
  struct Entry {
    NodeId source;
    NodeId destination;
    double weight;
    std::size_t line;
  };
  std::string path;
  std::vector<Entry> entries;
  /// The largest node an entry names (0 if none).
  NodeId largest_node = 0;
};

/// Largest traffic matrix file read: 64 MiB (a million entries and generous comments).
std::size_t matrix_file_bound();
/// Reads and parses `path` (matrix_file_bound). Throws UsageError "--pattern: matrix file
/// 'PATH' line L: why" for a malformed line, or the reader's line for a file it refuses.
MatrixFile read_matrix_file(const std::string& path);
/// The text of a matrix file; `path` only names it in errors. Throws UsageError.
MatrixFile parse_matrix_text(const std::string& text, const std::string& path);
/// Empty if every node `m` names is below n and some entry has a positive weight, otherwise why
/// not (naming the first offending line).
std::string matrix_unavailable(const MatrixFile& m, std::uint32_t n);

/// Destinations per source with their shares (each sending source's shares sum to 1), rows in
/// destination order.
class DestinationTable {
 public:
  struct Share {
    NodeId destination;
    double share;
  };

  DestinationTable() = default;
  /// Source i sends everything to p[i]; kNoNode and a fixed point send nothing.
  static DestinationTable of_permutation(const Permutation& p);
  /// The matrix's rows on n nodes (matrix_unavailable(m, n) empty; entries past n are skipped).
  static DestinationTable of_matrix(const MatrixFile& m, std::uint32_t n);

  std::uint32_t nodes() const {
    return first_.empty() ? 0 : static_cast<std::uint32_t>(first_.size() - 1);
  }
  bool sends(NodeId source) const { return first_[source] != first_[source + 1]; }
  const Share* begin(NodeId source) const { return shares_.data() + first_[source]; }
  const Share* end(NodeId source) const { return shares_.data() + first_[source + 1]; }
  /// One packet's destination: by the row's shares, drawing one unit() from `rng` only when the
  /// row has two destinations or more; `source` itself where the row is empty.
  NodeId pick(NodeId source, Rng& rng) const;

 private:
  /// Appends one row from (destination, weight) pairs with distinct destinations.
  void add_row(std::vector<Share>& row);

  std::vector<std::size_t> first_{0};
  std::vector<Share> shares_;
  std::vector<double> cumulative_;  ///< per row, the running sum of its shares (last: 1)
};

/// Randperm's permutation on n nodes for `seed`: the one `--traffic random` routes for that seed
/// (make_permutation(kRandom) from traffic_rng(seed)).
Permutation random_pattern_permutation(std::uint32_t n, std::uint64_t seed);

}  // namespace optinet
