#pragma once
/// \file
/// Indexing schemes of an n x n mesh (Chochia, Cole & Heywood, section 2): row major I_R,
/// column major I_C, snake-like I_S and Hilbert I_H. A node is (x, y), x the column and y the
/// row, (0, 0) in the bottom left corner (Figure 2).
#include <cstdint>
#include <optional>
#include <string>

namespace optinet::mesh {

/// A mesh node's Cartesian coordinates.
struct Coord {
  std::uint32_t x = 0;
  std::uint32_t y = 0;
  bool operator==(const Coord& o) const { return x == o.x && y == o.y; }
  bool operator!=(const Coord& o) const { return !(*this == o); }
};

/// Manhattan distance d(u, v).
inline std::uint32_t distance(Coord u, Coord v) {
  return (u.x > v.x ? u.x - v.x : v.x - u.x) + (u.y > v.y ? u.y - v.y : v.y - u.y);
}

enum class Indexing { kRow, kColumn, kSnake, kHilbert };

/// "row", "column", "snake", "hilbert".
std::string indexing_name(Indexing scheme);
std::optional<Indexing> parse_indexing(const std::string& name);

/// Why (n, scheme) is not a mesh this module indexes, or empty: n >= 1; Hilbert needs n a power
/// of two (the recursive rule of Figure 1 is defined on 2^q x 2^q meshes).
std::string indexing_unavailable(std::uint32_t n, Indexing scheme);

/// A bijection between the n^2 nodes and the indices 0..n^2-1.
class MeshIndexing {
 public:
  MeshIndexing(std::uint32_t n, Indexing scheme);
  std::uint32_t n() const { return n_; }
  Indexing scheme() const { return scheme_; }
  std::uint32_t index(Coord c) const;
  Coord coord(std::uint32_t index) const;

 private:
  std::uint32_t n_;
  Indexing scheme_;
};

}  // namespace optinet::mesh
