#include "protocols/pops/sorting_network.h"

#include <cmath>

#include "protocols/pops/class_delivery.h"

namespace optinet::pops {

std::optional<std::uint32_t> exact_log2(std::uint64_t n) {
  if (n == 0 || (n & (n - 1)) != 0) return std::nullopt;
  std::uint32_t log = 0;
  while ((std::uint64_t{1} << log) < n) ++log;
  return log;
}

std::string sorting_unavailable(const PopsShape& shape) {
  if (!exact_log2(shape.d) || !exact_log2(shape.g)) {
    return "the sorting router needs n = d*g to be a power of two (Batcher's networks), so d "
           "and g must be powers of two; got d = " +
           std::to_string(shape.d) + ", g = " + std::to_string(shape.g);
  }
  return "";
}

std::vector<SortStage> sorting_stages(std::uint32_t log_block, Sorter sorter, bool distribute) {
  std::vector<SortStage> stages;
  const std::uint32_t block = 1U << log_block;
  for (std::uint32_t p = 1; p < block; p <<= 1) {
    for (std::uint32_t k = p; k >= 1; k >>= 1) {
      if (sorter == Sorter::kOddEvenMerge) {
        stages.push_back({SortStage::Kind::kOddEvenMerge, p, k});
      } else {
        stages.push_back({SortStage::Kind::kBitonic, 2 * p, k});
      }
    }
  }
  for (std::uint32_t bit = distribute ? log_block : 0; bit-- > 0;) {
    stages.push_back({SortStage::Kind::kDistribute, 0, 1U << bit});
  }
  return stages;
}

std::uint32_t sort_block(const PopsShape& shape) {
  return uses_distribute(shape) ? shape.n() : shape.g * shape.g;
}

std::vector<SortStage> router_stages(const PopsShape& shape, Sorter sorter) {
  return sorting_stages(*exact_log2(sort_block(shape)), sorter, uses_distribute(shape));
}

std::uint32_t sort_key(const PopsShape& s, NodeId destination) {
  if (uses_distribute(s)) return position_of_node(s, destination);
  const std::uint32_t group = s.group_of(destination);
  const std::uint32_t index = s.index_in_group(destination);
  return (index % s.g) * s.d + group * (s.d / s.g) + index / s.g;
}

std::uint64_t sorting_slots(const PopsShape& shape) {
  const std::optional<std::uint32_t> log_block = exact_log2(sort_block(shape));
  if (!log_block || !exact_log2(shape.n())) return 0;
  const bool distribute = uses_distribute(shape);
  const std::uint64_t sort = sorting_stage_count(*log_block, distribute) * offline_slots(shape);
  if (distribute) return sort;
  return sort + offline_slots(shape) + delivery_slots(shape);
}

double paper_sorting_slots(const PopsShape& shape) {
  const double ratio = static_cast<double>(shape.d) / shape.g;
  const double lg = std::log2(static_cast<double>(shape.g));
  return 4 * ratio * lg * lg + 2 * ratio * lg + 21 * ratio + 3 * lg + 7;
}

std::uint32_t position_of_node(const PopsShape& s, NodeId node) {
  if (s.d < s.g) return node;
  const std::uint32_t group = s.group_of(node);
  const std::uint32_t index = s.index_in_group(node);
  const std::uint32_t sub = index / s.g;  // the POPS(g,g) sub-network
  const std::uint32_t row = index % s.g;
  return sub * s.g * s.g + row * s.g + group;
}

NodeId node_of_position(const PopsShape& s, std::uint32_t position) {
  if (s.d < s.g) return position;
  const std::uint32_t gg = s.g * s.g;
  const std::uint32_t sub = position / gg;
  const std::uint32_t q = position % gg;
  return s.node(q % s.g, sub * s.g + q / s.g);
}

namespace {
/// Odd-even merge (merge exchange): x is the lower end of a comparator (x, x+k) of stage (p, k).
bool odd_even_low(std::uint32_t p, std::uint32_t k, std::uint32_t n, std::uint32_t x) {
  const std::uint32_t offset = k % p;  // j runs over offset, offset + 2k, ...
  if (x < offset || x + k >= n) return false;
  if ((x - offset) % (2 * k) >= k) return false;
  return x / (2 * p) == (x + k) / (2 * p);
}
}  // namespace

namespace {
/// The role of position x in a stage on n = block positions.
std::optional<StageRole> role_in_block(const SortStage& stage, std::uint32_t n, std::uint32_t x) {
  switch (stage.kind) {
    case SortStage::Kind::kOddEvenMerge:
      if (odd_even_low(stage.p, stage.k, n, x)) return StageRole{x + stage.k, true};
      if (x >= stage.k && odd_even_low(stage.p, stage.k, n, x - stage.k)) {
        return StageRole{x - stage.k, false};
      }
      return std::nullopt;
    case SortStage::Kind::kBitonic: {
      // Ascending where (x & p) == 0 (p is the size of the sequences being merged).
      const std::uint32_t partner = x ^ stage.k;
      const bool ascending = (x & stage.p) == 0;
      const bool lower = x < partner;
      return StageRole{partner, lower == ascending};
    }
    case SortStage::Kind::kDistribute:
      return StageRole{x ^ stage.k, x < (x ^ stage.k)};
  }
  return std::nullopt;
}
}  // namespace

std::optional<StageRole> stage_role(const SortStage& stage, std::uint32_t block,
                                    std::uint32_t position) {
  const std::uint32_t base = position - position % block;
  std::optional<StageRole> role = role_in_block(stage, block, position - base);
  if (role) role->partner += base;
  return role;
}

std::vector<Comparator> stage_comparators(const SortStage& stage, std::uint32_t n,
                                          std::uint32_t block) {
  std::vector<Comparator> out;
  for (std::uint32_t x = 0; x < n; ++x) {
    const std::optional<StageRole> role = stage_role(stage, block, x);
    if (role && role->keeps_min) out.push_back({x, role->partner});
  }
  return out;
}

bool run_stages_on_values(const std::vector<SortStage>& stages, std::uint32_t block,
                          std::vector<std::optional<std::uint32_t>>& values) {
  const auto n = static_cast<std::uint32_t>(values.size());
  // nullopt (no packet) compares as larger than every value.
  const auto less = [](const std::optional<std::uint32_t>& a,
                       const std::optional<std::uint32_t>& b) { return a && (!b || *a < *b); };
  for (const SortStage& stage : stages) {
    std::vector<std::optional<std::uint32_t>> next(n);
    std::vector<bool> filled(n, false);
    for (std::uint32_t x = 0; x < n; ++x) {
      const std::optional<StageRole> role = stage_role(stage, block, x);
      if (stage.kind != SortStage::Kind::kDistribute) {
        if (!role) {
          next[x] = values[x];
          continue;
        }
        const auto& mine = values[x];
        const auto& theirs = values[role->partner];
        const bool take_theirs = role->keeps_min ? less(theirs, mine) : less(mine, theirs);
        next[x] = take_theirs ? theirs : mine;
        continue;
      }
      if (!values[x]) continue;
      const std::uint32_t to = distribute_moves(stage.k, x, *values[x]) ? role->partner : x;
      if (filled[to]) return false;
      filled[to] = true;
      next[to] = values[x];
    }
    values.swap(next);
  }
  return true;
}

}  // namespace optinet::pops
