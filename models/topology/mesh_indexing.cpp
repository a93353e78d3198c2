#include "models/topology/mesh_indexing.h"

#include <stdexcept>

namespace optinet::mesh {

namespace {

// The Hilbert curve by its recursive rule (Figure 1 is not in the text we have; this is the
// classic construction): the 2^q x 2^q mesh is four 2^(q-1) quadrants visited bottom-left,
// top-left, top-right, bottom-right, the first quadrant transposed and the last one
// anti-transposed, so that the curve starts at (0, 0), ends at (n-1, 0), and consecutive
// indices are neighbours. Iterated from the smallest quadrant up (O(log n) steps).
void hilbert_rotate(std::uint32_t s, std::uint32_t& x, std::uint32_t& y, std::uint32_t rx,
                    std::uint32_t ry) {
  if (ry != 0) return;
  if (rx == 1) {
    x = s - 1 - x;
    y = s - 1 - y;
  }
  std::swap(x, y);
}

std::uint32_t hilbert_index(std::uint32_t n, Coord c) {
  std::uint32_t x = c.x, y = c.y, d = 0;
  for (std::uint32_t s = n / 2; s > 0; s /= 2) {
    const std::uint32_t rx = (x & s) ? 1 : 0;
    const std::uint32_t ry = (y & s) ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    hilbert_rotate(n, x, y, rx, ry);
  }
  return d;
}

Coord hilbert_coord(std::uint32_t n, std::uint32_t d) {
  std::uint32_t x = 0, y = 0;
  for (std::uint32_t s = 1; s < n; s *= 2) {
    const std::uint32_t rx = 1 & (d / 2);
    const std::uint32_t ry = 1 & (d ^ rx);
    hilbert_rotate(s, x, y, rx, ry);
    x += s * rx;
    y += s * ry;
    d /= 4;
  }
  return {x, y};
}

bool power_of_two(std::uint32_t n) { return n != 0 && (n & (n - 1)) == 0; }

}  // namespace

std::string indexing_name(Indexing scheme) {
  switch (scheme) {
    case Indexing::kRow:
      return "row";
    case Indexing::kColumn:
      return "column";
    case Indexing::kSnake:
      return "snake";
    case Indexing::kHilbert:
      return "hilbert";
  }
  return "?";
}

std::optional<Indexing> parse_indexing(const std::string& name) {
  for (Indexing s : {Indexing::kRow, Indexing::kColumn, Indexing::kSnake, Indexing::kHilbert})
    if (indexing_name(s) == name) return s;
  return std::nullopt;
}

std::string indexing_unavailable(std::uint32_t n, Indexing scheme) {
  if (n < 1 || n > 4096) return "n must be in 1..4096";
  if (scheme == Indexing::kHilbert && !power_of_two(n))
    return "hilbert indexing needs n a power of two";
  return {};
}

MeshIndexing::MeshIndexing(std::uint32_t n, Indexing scheme) : n_(n), scheme_(scheme) {
  const std::string why = indexing_unavailable(n, scheme);
  if (!why.empty()) throw std::invalid_argument(why);
}

std::uint32_t MeshIndexing::index(Coord c) const {
  switch (scheme_) {
    case Indexing::kRow:
      return c.y * n_ + c.x;
    case Indexing::kColumn:
      return c.x * n_ + c.y;
    case Indexing::kSnake:
      return c.y * n_ + (c.y % 2 == 0 ? c.x : n_ - 1 - c.x);
    case Indexing::kHilbert:
      return hilbert_index(n_, c);
  }
  return 0;
}

Coord MeshIndexing::coord(std::uint32_t i) const {
  switch (scheme_) {
    case Indexing::kRow:
      return {i % n_, i / n_};
    case Indexing::kColumn:
      return {i / n_, i % n_};
    case Indexing::kSnake: {
      const std::uint32_t y = i / n_, r = i % n_;
      return {y % 2 == 0 ? r : n_ - 1 - r, y};
    }
    case Indexing::kHilbert:
      return hilbert_coord(n_, i);
  }
  return {};
}

}  // namespace optinet::mesh
