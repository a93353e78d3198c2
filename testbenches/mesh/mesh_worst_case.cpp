#include "testbenches/mesh/mesh_worst_case.h"

#include <algorithm>
#include <stdexcept>

namespace optinet::mesh {

std::vector<Coord> theorem1_group(std::uint32_t n, std::uint32_t q) {
  const MeshIndexing ix(n, Indexing::kHilbert);
  const std::uint64_t w = std::uint64_t(1) << (2 * q);
  if (w > std::uint64_t(n) * n || q < 1) throw std::invalid_argument("theorem1_group: bad q");
  const std::uint32_t side = 1u << q, half = side / 2;
  const std::uint64_t blocks = std::uint64_t(n) * n / w;
  std::vector<Coord> out;
  std::uint64_t take = 1;
  for (std::uint64_t b = 0; b < blocks && take <= w / 4; ++b, take *= 2) {
    // A sub-mesh of the recursive curve is a run of w indices; its lower-left quarter is one
    // of its four runs of w/4 indices.
    const Coord any = ix.coord(static_cast<std::uint32_t>(b * w));
    const Coord corner{any.x - any.x % side, any.y - any.y % side};
    std::vector<std::uint32_t> square;
    for (std::uint32_t y = 0; y < half; ++y)
      for (std::uint32_t x = 0; x < half; ++x)
        square.push_back(ix.index({corner.x + x, corner.y + y}));
    std::sort(square.begin(), square.end());
    for (std::uint64_t i = 0; i < take; ++i) out.push_back(ix.coord(square[i]));
  }
  return out;  // blocks in index order, each run sorted: already rank order
}

std::vector<Coord> theorem3_group(std::uint32_t n, Indexing scheme) {
  const bool snake = scheme == Indexing::kSnake;
  const std::uint32_t cap = snake ? n / 2 : n;
  std::uint32_t k = 1;
  while ((1u << (k + 1)) - 1 <= cap) ++k;
  const std::int64_t s = (std::int64_t(1) << k) - 1;
  if (s < 1 || n < 2) throw std::invalid_argument("theorem3_group: mesh too small");
  const auto tree = build_tree(s);
  std::vector<Coord> out(static_cast<std::size_t>(s));
  std::uint32_t next_line = 0, last_line = 0;
  for (std::int64_t r = 0; r < s; ++r) {
    const std::uint32_t height = k - 1 - tree[static_cast<std::size_t>(r)].depth;
    if (height % 2 == 0) {  // e: the left end of a new (even, for snake) line
      last_line = next_line;
      next_line += snake ? 2 : 1;
      out[static_cast<std::size_t>(r)] = {0, last_line};
    } else {  // o: the right end of the line of rank r - 1
      out[static_cast<std::size_t>(r)] = {n - 1, last_line};
    }
  }
  if (scheme == Indexing::kColumn)
    for (Coord& c : out) std::swap(c.x, c.y);
  // The construction must list the members in the scheme's index order.
  const MeshIndexing ix(n, scheme);
  for (std::size_t r = 1; r < out.size(); ++r)
    if (ix.index(out[r - 1]) >= ix.index(out[r]))
      throw std::logic_error("theorem3_group: ranks out of index order");
  return out;
}

std::vector<Coord> equidistant_group(const MeshIndexing& ix, std::uint32_t stride,
                                     std::uint32_t offset) {
  std::vector<Coord> out;
  const std::uint64_t total = std::uint64_t(ix.n()) * ix.n();
  for (std::uint64_t i = offset; i < total; i += stride)
    out.push_back(ix.coord(static_cast<std::uint32_t>(i)));
  return out;
}

}  // namespace optinet::mesh
