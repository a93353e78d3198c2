#include "testbenches/open_loop/destination_table.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace {

constexpr std::size_t kMaxMatrixEntries = std::size_t{1} << 22;

[[noreturn]] void bad_matrix_line(const std::string& path, std::size_t line,
                                  const std::string& why) {
  refuse_line("--pattern", "matrix", path, line, why,
              "SOURCE DESTINATION WEIGHT, nodes 0..n-1, weight >= 0");
}

NodeId read_node(const std::string& word, const std::string& path, std::size_t line,
                 const char* what) {
  const std::optional<std::uint64_t> v = read_count(word);
  if (!v || *v >= kNoNode) {
    bad_matrix_line(path, line,
                    std::string(what) + " '" + printable(word, 40) + "' is not a node number");
  }
  return static_cast<NodeId>(*v);
}

}  // namespace

std::size_t matrix_file_bound() { return std::size_t{64} << 20; }

MatrixFile read_matrix_file(const std::string& path) {
  return parse_matrix_text(read_text_file("--pattern", path, matrix_file_bound(),
                                          "a traffic matrix: SOURCE DESTINATION WEIGHT lines"),
                           path);
}

MatrixFile parse_matrix_text(const std::string& text, const std::string& path) {
  MatrixFile m;
  m.path = path;
  for_each_line_of_words(text, 4, [&](std::size_t number, const std::vector<std::string>& w) {
    if (w.size() != 3) {
      bad_matrix_line(path, number,
                      w.size() < 3 ? "has " + std::to_string(w.size()) + " fields, expected 3"
                                   : "has more than 3 fields");
    }
    const NodeId source = read_node(w[0], path, number, "source");
    const NodeId destination = read_node(w[1], path, number, "destination");
    const std::optional<double> weight = read_number(w[2]);
    if (!weight || !std::isfinite(*weight) || *weight < 0) {
      bad_matrix_line(path, number,
                      "weight '" + printable(w[2], 40) + "' is not a finite number >= 0");
    }
    if (source == destination) {
      bad_matrix_line(path, number, "node " + std::to_string(source) + " sends to itself");
    }
    if (m.entries.size() == kMaxMatrixEntries) {
      bad_matrix_line(path, number, "more than " + std::to_string(kMaxMatrixEntries) + " entries");
    }
    m.entries.push_back(MatrixFile::Entry{source, destination, *weight, number});
    m.largest_node = std::max({m.largest_node, source, destination});
  });
  std::vector<const MatrixFile::Entry*> order;
  order.reserve(m.entries.size());
  for (const MatrixFile::Entry& e : m.entries) order.push_back(&e);
  std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    return a->source != b->source             ? a->source < b->source
           : a->destination != b->destination ? a->destination < b->destination
                                              : a->line < b->line;
  });
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (order[k]->source == order[k - 1]->source &&
        order[k]->destination == order[k - 1]->destination) {
      bad_matrix_line(path, order[k]->line,
                      "pair " + std::to_string(order[k]->source) + " -> " +
                          std::to_string(order[k]->destination) + " is already given at line " +
                          std::to_string(order[k - 1]->line));
    }
  }
  return m;
}

std::string matrix_unavailable(const MatrixFile& m, std::uint32_t n) {
  const std::string file = "matrix file '" + printable(m.path) + "'";
  bool traffic = false;
  for (const MatrixFile::Entry& e : m.entries) {
    if (e.source >= n || e.destination >= n) {
      return file + " line " + std::to_string(e.line) + ": node " +
             std::to_string(std::max(e.source, e.destination)) + " is not in 0.." +
             std::to_string(n == 0 ? 0 : n - 1) + " (the network has " + std::to_string(n) +
             " nodes)";
    }
    traffic = traffic || e.weight > 0;
  }
  if (!traffic) return file + " has no entry with a positive weight: nothing would be sent";
  return {};
}

void DestinationTable::add_row(std::vector<Share>& row) {
  std::sort(row.begin(), row.end(),
            [](const Share& a, const Share& b) { return a.destination < b.destination; });
  double total = 0;
  for (const Share& s : row) total += s.share;
  double running = 0;
  for (const Share& s : row) {
    if (!(s.share > 0)) continue;
    running += s.share;
    shares_.push_back(Share{s.destination, s.share / total});
    cumulative_.push_back(running / total);
  }
  if (shares_.size() > first_.back()) cumulative_.back() = 1.0;
  first_.push_back(shares_.size());
}

DestinationTable DestinationTable::of_permutation(const Permutation& p) {
  DestinationTable t;
  std::vector<Share> row;
  for (NodeId i = 0; i < p.size(); ++i) {
    row.clear();
    if (p[i] != kNoNode && p[i] != i) row.push_back(Share{p[i], 1.0});
    t.add_row(row);
  }
  return t;
}

DestinationTable DestinationTable::of_matrix(const MatrixFile& m, std::uint32_t n) {
  std::vector<std::vector<Share>> rows(n);
  for (const MatrixFile::Entry& e : m.entries) {
    if (e.source < n && e.destination < n) rows[e.source].push_back(Share{e.destination, e.weight});
  }
  DestinationTable t;
  for (std::vector<Share>& row : rows) t.add_row(row);
  return t;
}

NodeId DestinationTable::pick(NodeId source, Rng& rng) const {
  const std::size_t first = first_[source];
  const std::size_t last = first_[source + 1];
  if (first == last) return source;
  if (last - first == 1) return shares_[first].destination;
  const double u = rng.unit();
  const auto it = std::upper_bound(cumulative_.begin() + static_cast<std::ptrdiff_t>(first),
                                   cumulative_.begin() + static_cast<std::ptrdiff_t>(last - 1), u);
  return shares_[static_cast<std::size_t>(it - cumulative_.begin())].destination;
}

Permutation random_pattern_permutation(std::uint32_t n, std::uint64_t seed) {
  Rng rng = traffic_rng(seed);
  return make_permutation(PermutationKind::kRandom, n, rng);
}

}  // namespace optinet
