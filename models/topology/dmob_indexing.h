#pragma once
/// \file
/// Indexing of the D-dimensional mesh of optical buses of edge size K (Meyer auf der Heide,
/// Schröder & Schwarze, section 4): N = K^D processors, node id = sum_j x_j K^j (coordinate 0 is
/// the least significant digit, so for D = 2 the id is x_1 * K + x_0: row x_1, column x_0, as on
/// the MOB-PC). One bus runs along every line of every dimension: the bus of dimension j through
/// a node attaches the K nodes that differ from it in coordinate j only, at local index x_j.
/// Lines of dimension j are numbered 0..K^(D-1)-1 by the node id with digit j removed.
/// Pure arithmetic, no SystemC: usable by protocols, embeddings and tests alike.
#include <cstdint>
#include <vector>

namespace optinet::topology {

class DmobIndexing {
 public:
  /// k >= 2, dim >= 1, k^dim must fit in 32 bits (checked by the caller: fits()). Two words,
  /// cheap to copy: powers of k are computed when needed (D is small).
  DmobIndexing(std::uint32_t k, std::uint32_t dim) : k_(k), dim_(dim) {}
  /// Whether k^dim nodes stay within `max_nodes` (no overflow on the way).
  static bool fits(std::uint64_t k, std::uint64_t dim, std::uint64_t max_nodes) {
    std::uint64_t n = 1;
    for (std::uint64_t j = 0; j < dim; ++j) {
      if (k != 0 && n > max_nodes / k) return false;
      n *= k;
    }
    return n <= max_nodes;
  }

  std::uint32_t k() const { return k_; }
  std::uint32_t dim() const { return dim_; }
  /// N = K^D.
  std::uint32_t nodes() const { return static_cast<std::uint32_t>(power(dim_)); }
  /// Lines (buses) of one dimension: K^(D-1).
  std::uint32_t lines_per_dimension() const { return static_cast<std::uint32_t>(power(dim_ - 1)); }
  /// K^j: the id distance between neighbours on a bus of dimension j.
  std::uint32_t stride(std::uint32_t j) const { return static_cast<std::uint32_t>(power(j)); }

  /// x_j of node `id`.
  std::uint32_t coordinate(std::uint32_t id, std::uint32_t j) const {
    return static_cast<std::uint32_t>(id / power(j) % k_);
  }
  std::vector<std::uint32_t> coordinates(std::uint32_t id) const {
    std::vector<std::uint32_t> x(dim_);
    for (std::uint32_t j = 0; j < dim_; ++j) x[j] = coordinate(id, j);
    return x;
  }
  /// The node with coordinates x (x.size() == dim, each < k).
  std::uint32_t node(const std::vector<std::uint32_t>& x) const {
    std::uint64_t id = 0;
    for (std::uint32_t j = 0; j < dim_; ++j) id += x[j] * power(j);
    return static_cast<std::uint32_t>(id);
  }
  /// `id` with coordinate j replaced by v.
  std::uint32_t with_coordinate(std::uint32_t id, std::uint32_t j, std::uint32_t v) const {
    return static_cast<std::uint32_t>(id - coordinate(id, j) * power(j) + v * power(j));
  }

  /// The line of dimension j through `id`: its id with digit j removed (0..K^(D-1)-1).
  std::uint32_t line(std::uint32_t id, std::uint32_t j) const {
    return static_cast<std::uint32_t>(id % power(j) + id / power(j + 1) * power(j));
  }
  /// The first node (x_j = 0) of line `line` of dimension j; the bus's local index i is node
  /// line_first(line, j) + i * stride(j).
  std::uint32_t line_first(std::uint32_t line, std::uint32_t j) const {
    return static_cast<std::uint32_t>(line % power(j) + line / power(j) * power(j + 1));
  }
  /// The bus of dimension j through `id`, numbered as DmobNetwork::buses() orders them:
  /// dimension 0's lines first, then dimension 1's, ... (j * K^(D-1) + line).
  std::uint32_t bus(std::uint32_t id, std::uint32_t j) const {
    return j * lines_per_dimension() + line(id, j);
  }
  /// The local index of `id` on its bus of dimension j (= x_j).
  std::uint32_t local_index(std::uint32_t id, std::uint32_t j) const { return coordinate(id, j); }

  /// The lowest dimension in which a and b differ, or dim() if a == b.
  std::uint32_t first_difference(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t j = 0; j < dim_; ++j) {
      if (coordinate(a, j) != coordinate(b, j)) return j;
    }
    return dim_;
  }
  /// The number of coordinates in which a and b differ (the hops of dimension order routing).
  std::uint32_t distance(std::uint32_t a, std::uint32_t b) const {
    std::uint32_t d = 0;
    for (std::uint32_t j = 0; j < dim_; ++j) d += coordinate(a, j) != coordinate(b, j);
    return d;
  }
  /// a and b share a bus: they differ in exactly one coordinate.
  bool share_bus(std::uint32_t a, std::uint32_t b) const { return distance(a, b) == 1; }

 private:
  /// K^j.
  std::uint64_t power(std::uint32_t j) const {
    std::uint64_t w = 1;
    for (std::uint32_t i = 0; i < j; ++i) w *= k_;
    return w;
  }

  std::uint32_t k_;
  std::uint32_t dim_;
};

}  // namespace optinet::topology
